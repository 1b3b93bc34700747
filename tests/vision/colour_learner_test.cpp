#include "vision/colour_learner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/vision/vision_test_support.h"

namespace cf::testing {
namespace {

Calibration CameraOf(const Look& look) {
  Calibration cal;
  cal.camera = look.camera;
  cal.has_table_pose = true;
  return cal;
}

// A frame of bench vision's scene 920: each colour of a follower read surely is learnt from its
// pixels, a colour no follower shows stays as it was, and the colours learnt still find the
// followers the defaults found.
TEST(ColourLearner, LearnsTheColoursOfTheFollowersReadSurely) {
  RenderedScene s = BenchScene(920);
  Calibration cal = CameraOf(s.look);
  ColourLearner learner({&VisionCatalog(), &Painted(), &cal, ""});
  ASSERT_TRUE(learner.AddFrame(s.image).ok());
  Calibration learnt = cal;
  const std::vector<LearntColour> colours = learner.Fit(learnt.colors);
  ASSERT_EQ(colours.size(), cal.colors.colors().size());
  int learnt_colours = 0;
  for (const LearntColour& c : colours) {
    const ColorStats& now = learnt.colors.colors().at(c.name);
    if (!c.learnt) {
      EXPECT_LT(c.pixels, kLeastColourPixels) << c.name;
      EXPECT_EQ(now.mean, cal.colors.colors().at(c.name).mean) << c.name << " changed";
      continue;
    }
    ++learnt_colours;
    EXPECT_GE(c.followers, 1) << c.name;
    EXPECT_EQ(now.mean, c.after);
    // Paint seen under the scene's light, relit: near the default, not another colour.
    EXPECT_EQ(learnt.colors.ClassifyLab(c.after).first, c.name);
  }
  EXPECT_GE(learnt_colours, 3);
  auto with_defaults = AnalyzeTable(s.image, {&VisionCatalog(), &Painted(), &cal, ""});
  auto with_learnt = AnalyzeTable(s.image, {&VisionCatalog(), &Painted(), &learnt, ""});
  ASSERT_TRUE(with_defaults.ok() && with_learnt.ok());
  EXPECT_GE(with_learnt->followers.size() * 10, with_defaults->followers.size() * 9);
}

// The colours in play alone: a colour dropped from the calibration is never read.
TEST(ColourLearner, AColourNotInPlayIsNeverRead) {
  RenderedScene s = BenchScene(920);
  std::set<std::string> shown;
  for (const SceneFollower& f : s.truth.followers) shown.insert(f.color);
  ASSERT_TRUE(shown.count("green")) << "the scene is not the one this test was written for";
  Calibration cal = CameraOf(s.look);
  auto all = AnalyzeTable(s.image, {&VisionCatalog(), &Painted(), &cal, ""});
  ASSERT_TRUE(all.ok()) << all.error().message;
  ASSERT_TRUE(std::any_of(all->followers.begin(), all->followers.end(),
                          [](const SceneFollower& f) { return f.color == "green"; }));
  cal.colors.colors().erase("green");
  auto r = AnalyzeTable(s.image, {&VisionCatalog(), &Painted(), &cal, ""});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_FALSE(r->followers.empty());
  for (const SceneFollower& f : r->followers) EXPECT_NE(f.color, "green");
}

TEST(ColourLearner, RefusesAFrameWithoutABoard) {
  ColourLearner learner({&VisionCatalog(), &Painted(), nullptr, ""});
  const Status added = learner.AddFrame(cv::Mat(480, 640, CV_8UC3, cv::Scalar(80, 90, 100)));
  ASSERT_FALSE(added.ok());
  EXPECT_NE(added.error().message.find("empty frame"), std::string::npos);
}

}  // namespace
}  // namespace cf::testing
