#pragma once
// The picture resampled onto the tiles' plane as seen from straight above, and the table's colour.

#include <opencv2/core.hpp>
#include <vector>

#include "calibration/camera.h"
#include "calibration/color_model.h"

namespace cf {

constexpr double kTileTop = -2.0;  // the tiles' top surface, world z (mm, up is negative)

// The picture resampled onto the tiles' plane as seen from straight above.
struct TopView {
  cv::Mat image;
  cv::Mat valid;       // 255 where the picture reaches (a black table is valid, beyond is not)
  double ppmm = 0;     // 0 when unknown (uncalibrated)
  cv::Point2d origin;  // table mm of pixel (0, 0)
  bool metric = false;
};

// The tiles' plane seen by `cam`, at most `max_ppmm` pixels per mm, within `region` (table mm).
TopView Rectify(const cv::Mat& img, const Camera& cam, double max_ppmm,
                const cv::Rect2d* region = nullptr);
// The table point (mm, on the tiles' top) that pixel `px` (centres at whole coordinates) of the
// view Rectify made with `cam` shows, and the view pixel that shows the table point `mm`. The view
// samples the picture half a pixel off its grid of table points, so this is not origin + px / ppmm.
cv::Point2d TableSeenAt(const TopView& view, const Camera& cam, cv::Point2d px);
cv::Point2d PixelShowing(const TopView& view, const Camera& cam, cv::Point2d mm);
// Guesses of the table's colour in Lab, from the outer tenth of the BGR view on every side
// (`valid`: where the picture reaches): first its commonest colour (the rim may also show tiles, a
// box or a hand), then the spread of the whole rim.
std::vector<ColorStats> TableColourGuesses(const cv::Mat& bgr, const cv::Mat& valid);
// 255 where a Lab pixel's squared Mahalanobis distance from `colour` exceeds `limit`, else 0.
cv::Mat FarFrom(const cv::Mat& lab, const ColorStats& colour, double limit);
// A BGR picture in Lab at half its size. `exact`: each pixel the mean of four pixels' Lab (what
// the tile grid is judged on); else the Lab of the mean of their colours, for a quarter of the
// conversion's cost.
cv::Mat HalfSizeLab(const cv::Mat& bgr, bool exact = false);
// Pixels of a picture of `size` unlike the table (255: FarFrom it by `limit`), judged on its
// HalfSizeLab: the boundary need not be sharp.
cv::Mat NotTable(const cv::Mat& half_lab, cv::Size size, const ColorStats& table,
                 double limit = 9.0);

}  // namespace cf
