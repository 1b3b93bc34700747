#pragma once
// Reference art of every tile (interface.md 4: <id>.png or <id>.jpg in canonical orientation),
// reduced to small normalised templates in all four rotations for matching.

#include <array>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/tile_catalog.h"

namespace cf {

constexpr int kTemplateSize = 40;
constexpr int kGlanceSize = 16;  // a first glance that keeps the few tiles worth comparing
constexpr int kDetailSize = 72;  // second look at close candidates: huts, inns, shields

// A tile's appearance: per rotation, a template whose channels have zero mean and unit variance.
struct TileReference {
  int type = -1;
  std::array<cv::Mat, 4> glances;    // CV_32FC3, kGlanceSize square
  std::array<cv::Mat, 4> templates;  // CV_32FC3, kTemplateSize square
  std::array<cv::Mat, 4> details;    // CV_32FC3, kDetailSize square
  cv::Scalar mean_bgr;               // the art's average colour, for judging the light
  cv::Mat art;                       // CV_8UC3, canonical orientation, as read
};

// A tile's art (canonical orientation) turned `quarter` quarter turns clockwise: the art itself
// unturned, else a new picture.
cv::Mat TurnedArt(const cv::Mat& art, int quarter);
// Per-channel zero mean and unit variance, as floats; `floor` keeps flat patches from blowing up.
cv::Mat Standardise(const cv::Mat& image, double floor = 4.0);
// A square patch of a tile, whatever its size, as a comparable template.
cv::Mat TileDescriptor(const cv::Mat& bgr_patch, int size = kTemplateSize);
// Normalised cross-correlation of two descriptors, -1..1.
double Similarity(const cv::Mat& a, const cv::Mat& b);
// Normalised cross-correlation of descriptors with others over the pixels where `use` (CV_8U,
// descriptor size) is set (every other one of them, as on a chessboard), each side renormalised
// there, averaged over the channels; with several first descriptors (one tile seen a pixel apart),
// the best of them.
class MaskedSimilarity {
 public:
  MaskedSimilarity(const cv::Mat& a, const cv::Mat& use);
  MaskedSimilarity(const std::vector<cv::Mat>& as, const cv::Mat& use);
  double operator()(const cv::Mat& b) const;

 private:
  struct Side {  // one first descriptor's used pixels, packed, and their sums per channel
    std::vector<float> values;
    double sum[3] = {0, 0, 0}, squares[3] = {0, 0, 0};
  };
  std::vector<int> used_;  // offsets of the used pixels' first channel
  std::vector<Side> as_;
  double n_ = 0;
};

// Reads every catalog tile found in `dir`; tiles without art are left out.
Result<std::vector<TileReference>> LoadTileset(const std::string& dir, const TileCatalog& catalog);
// The painter's art, when no folder is given.
std::vector<TileReference> PaintedTileset(const TileCatalog& catalog);

}  // namespace cf
