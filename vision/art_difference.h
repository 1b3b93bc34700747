#pragma once
// Where a cell of the board differs in colour from its tile's art: the pieces on it, their shaded
// sides included, which a comparison of standardised patterns takes for the art's own shading.

#include <opencv2/core.hpp>
#include <optional>

namespace cf {

// A tile's art (CV_8UC3, canonical orientation) turned `quarter` quarter turns clockwise and
// scaled to `pitch_px` pixels a side. Kept for the next picture (KeptArt): never to be written to.
cv::Mat ArtAtPitch(const cv::Mat& art, int quarter, double pitch_px);

// The pixels of `cell` (CV_8UC3, the board relit to the art's light) whose colour is more than
// `limit_lab` (Lab, 8-bit units; both sides smoothed alike) from the tile's art at the board's
// pitch (ArtAtPitch) centred at `tile_centre` (cell pixels), once the cell's median difference
// (its own light) is taken off, and more than twice as far as the cell's median pixel is. The
// cell's rim, where the neighbours' art blurs in, and specks are left out; nothing where most of
// the cell is unlike the art at `limit_lab` (the art does not describe the picture). CV_8U, the
// cell's size.
cv::Mat UnlikeArt(const cv::Mat& cell, const cv::Mat& art_at_pitch, cv::Point2d tile_centre,
                  double limit_lab);

// Colours need no detail: tiles and cells are compared in colour at this many pixels a side,
// whatever the board's pitch.
inline constexpr int kColourSide = 24;

// A tile's art (CV_8UC3, canonical orientation) turned `quarter` quarter turns clockwise, shrunk
// to kColourSide pixels a side and smoothed, in Lab (CV_32FC3, 8-bit units). Made once for each
// art and kept (KeptArt): never to be written to.
cv::Mat ArtColours(const cv::Mat& art, int quarter);

// A cell's colours (CV_8UC3, the board relit to the art's light, `pitch_px` the board's pitch)
// where `hidden` (CV_8U, the cell's size: pieces) leaves it in view, shrunk as ArtColours, to be
// compared with many tiles' art laid with its centre at `tile_centre` (cell pixels).
class CellColours {
 public:
  CellColours(const cv::Mat& cell, const cv::Mat& hidden, cv::Point2d tile_centre, double pitch_px);
  // How far, on average (Lab, 8-bit units, each pixel's distance clipped), the pixels in view lie
  // from a tile's ArtColours, once the median difference is taken off: absolute colour, which a
  // standardised pattern throws away. Infinite when too little is in view.
  double Misfit(const cv::Mat& art_colours) const;

 private:
  cv::Mat lab_;        // CV_32FC3
  cv::Mat hidden_;     // CV_8U, lab_'s size
  cv::Matx23d shift_;  // from the art's pixels to lab_'s
};

// What tells two tiles apart (a pond, a house, a shield, a road), not their grass strokes or the
// thin lines each painting draws a little differently: where, both smoothed over this many mm, a
// channel differs by more than this many 8-bit levels.
inline constexpr double kApartSmoothingMm = 1.5;
inline constexpr int kApartLevels = 40;

// Of the pixels where `difference` (CV_8UC3: two pictures' absolute difference, both smoothed
// over kApartSmoothingMm) is over kApartLevels in a channel, the share that `hidden` (CV_8U, the
// same size) covers; nothing when there are none.
std::optional<double> HiddenShareOfApart(const cv::Mat& difference, const cv::Mat& hidden);

// A tile's art at the board's pitch (ArtAtPitch) smoothed over kApartSmoothingMm. Kept for the
// next picture.
cv::Mat SmoothedArtAtPitch(const cv::Mat& art, int quarter, double pitch_px);
// Of where two smoothed arts (SmoothedArtAtPitch) differ, laid with their centre at `tile_centre`
// (board pixels), the share that `hidden` (CV_8U, the board: pieces) covers; nothing when they do
// not differ in view. A tile whose look-alike differs only under pieces is one the picture cannot
// tell from it.
std::optional<double> HiddenShareOfDifference(const cv::Mat& first, const cv::Mat& second,
                                              cv::Point2d tile_centre, const cv::Mat& hidden);

}  // namespace cf
