#include "vision/hidden_difference.h"

#include <opencv2/imgproc.hpp>
#include <vector>

#include "vision/top_view.h"

namespace cf {

namespace {

// Two renders of one table differ only where their tiles do (light, noise and blur are drawn
// alike). Smoothed, a tile's grass strokes differ from another's by less than this (8-bit
// levels); a pond, a road or a house on grass by more.
constexpr int kDifferentLevels = 40;
constexpr double kSmoothingMm = 1.5;

}  // namespace

HiddenDifference::HiddenDifference(const TileCatalog& catalog, const Scene& truth,
                                   const Look& look)
    : catalog_(catalog), bare_(truth), look_(look) {
  Scene whole = truth;
  RenderTable(catalog_, whole, look_, &hidden_);
  bare_.followers.clear();
  bare_.tokens.clear();
  look_.hands = 0;  // what a hand hides must show in the difference
  bare_picture_ = RenderTable(catalog_, bare_, look_);
}

std::optional<double> HiddenDifference::HiddenShare(size_t tile, const std::string& id,
                                                    int rotation) {
  if (tile >= bare_.tiles.size() || catalog_.find(id) < 0) return std::nullopt;
  Scene other = bare_;
  SceneTile& t = other.tiles[tile];
  t.angle_deg += rotation - t.rotation;
  t.rotation = rotation;
  t.id = id;
  // What tells two tiles apart (a pond, a road, a house), not their grass strokes or the thin
  // lines that each tile's painting draws a little differently: both smoothed over 1.5 mm.
  const cv::Point2d a = look_.camera.Project({t.center_mm[0] - 5, t.center_mm[1], kTileTop}),
                    b = look_.camera.Project({t.center_mm[0] + 5, t.center_mm[1], kTileTop});
  const double sigma = kSmoothingMm * cv::norm(a - b) / 10;
  cv::Mat mine, theirs, difference;
  cv::GaussianBlur(RenderTable(catalog_, other, look_), theirs, {}, sigma);
  cv::GaussianBlur(bare_picture_, mine, {}, sigma);
  cv::absdiff(theirs, mine, difference);
  std::vector<cv::Mat> channels;
  cv::split(difference, channels);
  const cv::Mat differs =
      cv::max(cv::max(channels[0], channels[1]), channels[2]) > kDifferentLevels;
  const int all = cv::countNonZero(differs);
  if (all == 0) return std::nullopt;
  return cv::countNonZero(differs & hidden_) / static_cast<double>(all);
}

}  // namespace cf
