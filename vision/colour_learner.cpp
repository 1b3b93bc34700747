#include "vision/colour_learner.h"

namespace cf {

Status ColourLearner::AddFrame(const cv::Mat& frame) {
  ColourSamples here;
  AnalyzeInput in = in_;
  in.colour_samples = &here;
  auto scene = AnalyzeTable(frame, in);
  if (!scene) return scene.error();
  for (const SceneFollower& f : scene->followers)
    followers_[f.color] += f.confidence >= kSampledFollowerConfidence;
  for (auto& [name, pixels] : here) {
    std::vector<cv::Vec3b>& all = samples_[name];
    all.insert(all.end(), pixels.begin(), pixels.end());
  }
  return Status::Ok();
}

std::vector<LearntColour> ColourLearner::Fit(ColorModel& model) const {
  std::vector<LearntColour> out;
  const ColorModel before = model;
  for (const auto& [name, stats] : before.colors()) {
    LearntColour c;
    c.name = name;
    c.before = c.after = stats.mean;
    if (auto f = followers_.find(name); f != followers_.end()) c.followers = f->second;
    if (auto s = samples_.find(name); s != samples_.end()) {
      c.pixels = s->second.size();
      if (c.pixels >= kLeastColourPixels) {
        model.Fit(name, s->second);
        c.after = model.colors().at(name).mean;
        c.learnt = true;
      }
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace cf
