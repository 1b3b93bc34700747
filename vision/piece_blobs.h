#pragma once
// Followers and tokens as blobs of players' colours among the pixels that differ from the tiles.

#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <string>
#include <utility>
#include <vector>

#include "calibration/color_model.h"
#include "vision/tileset.h"

namespace cf {

// One connected patch of a player's colour.
struct Blob {
  std::string color;
  cv::Point2d centroid;              // pixels of the image the masks came from
  double area_px = 0;                // pixels in the patch
  double solidity = 0;               // pixels over the pixels of its convex hull
  double long_px = 0, short_px = 0;  // axes of the ellipse with the patch's second moments
  double ellipse_fit = 0;  // overlap of the patch with that ellipse (intersection over union)
  cv::Mat patch;           // its pixels (CV_8U, 255), holes filled
  cv::Point at;            // where the patch's corner lies in the masks
};

// The player colour of every 8-bit BGR colour, quantised to 64 levels a channel: whole pictures
// classified by lookup instead of per-pixel Lab distances.
class ColourLookup {
 public:
  explicit ColourLookup(const ColorModel& model);
  // The lookup of a model, built once per distinct model and shared.
  static std::shared_ptr<const ColourLookup> For(const ColorModel& model);
  const std::vector<std::string>& names() const { return names_; }
  // Per pixel, 1 + the index into names() of its colour, or 0 for none.
  cv::Mat Classify(const cv::Mat& bgr) const;

 private:
  std::vector<std::string> names_;
  std::vector<uchar> table_;  // 64^3 entries
};

// The colours printed on the tile art (BGR quantised to 32 levels a channel, with two levels'
// tolerance): a pixel of any other colour is not tile.
class PrintedColours {
 public:
  explicit PrintedColours(const std::vector<TileReference>& tileset);
  // The printed colours of a tile set, built once per tile set and shared.
  static std::shared_ptr<const PrintedColours> For(const std::vector<TileReference>& tileset);
  // 255 where a pixel's colour is not printed anywhere on the art.
  cv::Mat Unprinted(const cv::Mat& bgr) const;

 private:
  std::vector<uchar> unprinted_;  // 32^3 entries: 255 for colours the art never uses
};

// Per player colour, the pixels of that colour (`classes`: lookup.Classify of a picture) where
// `where` is set.
std::map<std::string, cv::Mat> ColourMasks(const cv::Mat& classes, const cv::Mat& where,
                                           const ColourLookup& lookup);
// Pixels covered by pieces of any colour: the union of ColourMasks, at the cost of one.
cv::Mat PieceMask(const cv::Mat& classes, const cv::Mat& where, const ColourLookup& lookup);
// The blobs of every colour mask; with `split_px`, a blob of two pieces that touch (each at least
// that many pixels) is split into them.
std::vector<Blob> ColourBlobs(const std::map<std::string, cv::Mat>& masks, double split_px = 0);
// The blobs of `least_px` pixels or more in one colour's `mask`, a window of the picture whose
// corner lies at `at`, placed in the picture (`split_px` as ColourBlobs's).
std::vector<Blob> BlobsInWindow(const std::string& colour, const cv::Mat& mask, cv::Point at,
                                double least_px, double split_px = 0);
// What a blob is taken for, judged by its colour, size and outline on the table plane.
struct BlobVerdict {
  enum What { kNothing, kFollower, kToken } what = kNothing;
  const char* token = nullptr;  // the token's kind
  double confidence = 0;
  bool clean_outline = false;  // a token's whole outline, not one a meeple leaning on it frays
};
// `blur_mm`: how far blur may widen a piece's outline all round where it lies (two of the
// picture's pixels; by default two of the blob's).
BlobVerdict JudgeBlob(const Blob& blob, double px_per_mm, double blur_mm = 0);
// The same, the blob taken for a follower or nothing (a token's outline that is no token).
BlobVerdict JudgeAsFollower(const Blob& blob, double px_per_mm);

// The token a blob of a token's colour may be when pieces hide part of it: at least half of the
// disc's area, no longer than the disc and filling most of its hull; nullptr otherwise. `misfit`
// (if given) says how far the blob's axes are from the disc's.
const char* PartlyHiddenToken(const Blob& blob, double px_per_mm, double* misfit = nullptr);

// Where a disc of `radius_px` lies most fully within a blob: its centre (in the masks' pixels) and
// the share of it the blob covers.
struct DiscInBlob {
  cv::Point2d centre;
  double covered = 0;
};
DiscInBlob WidestDisc(const Blob& blob, double radius_px);

// The pixels two blobs of one picture's masks share.
int SharedPixels(const Blob& a, const Blob& b);

// A disc of radius `r` pixels as a filter kernel whose weights sum to 1.
cv::Mat DiscKernel(int r);
// The middle of the places where `score` (CV_32F) comes within `tolerance` of its highest, and
// that highest: a disc fitted to an oval slides along its long axis, the middle is the oval's.
std::pair<cv::Point2d, double> MiddleOfBest(const cv::Mat& score, double tolerance);

// The catapult token of a colour (interface.md), or nullptr.
const char* TokenOfColour(const std::string& color);

}  // namespace cf
