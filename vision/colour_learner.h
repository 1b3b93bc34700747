#pragma once
// The players' colours as the reader sees them, learnt from the followers it reads surely in a few
// frames of the table (calibrate --colours).

#include <map>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "engine/result.h"
#include "vision/analyze.h"

namespace cf {

// Pixels of a colour, at the least, to learn it from (a standing meeple seen from above at 1 px
// per mm shows some 150).
constexpr size_t kLeastColourPixels = 100;

// What was learnt of one colour.
struct LearntColour {
  std::string name;
  int followers = 0;  // read surely, in every frame
  size_t pixels = 0;
  bool learnt = false;      // false: too few pixels, the colour kept as it was
  cv::Vec3d before, after;  // Lab means (8-bit units)
};

// Gathers the followers' pixels frame by frame, read with `in`'s calibration (and its colours),
// then fits each colour seen enough to them.
class ColourLearner {
 public:
  explicit ColourLearner(const AnalyzeInput& in) : in_(in) {}
  // Reads `frame`; refuses one the reader refuses (no board in view, ...).
  Status AddFrame(const cv::Mat& frame);
  // `model` with each colour seen on kLeastColourPixels pixels or more fitted to them.
  std::vector<LearntColour> Fit(ColorModel& model) const;

 private:
  AnalyzeInput in_;
  ColourSamples samples_;
  std::map<std::string, int> followers_;
};

}  // namespace cf
