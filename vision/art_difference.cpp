#include "vision/art_difference.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace cf {

namespace {

constexpr double kRimShare = 0.06;  // of the pitch, as the fine matcher leaves out
constexpr double kSmoothing = 1.5;  // pixels: grass strokes and a tile's last half pixel of shift

cv::Mat SmoothLab(const cv::Mat& bgr) {
  cv::Mat smooth, lab, out;
  cv::GaussianBlur(bgr, smooth, {5, 5}, kSmoothing);
  cv::cvtColor(smooth, lab, cv::COLOR_BGR2Lab);
  lab.convertTo(out, CV_32FC3);
  return out;
}

}  // namespace

cv::Mat UnlikeArt(const cv::Mat& cell, const cv::Mat& art, int quarter, cv::Point2d tile_centre,
                  double pitch_px, double limit_lab) {
  CV_Assert(cell.type() == CV_8UC3 && art.type() == CV_8UC3 && !art.empty());
  cv::Mat turned;  // never a header of `art`: turning writes into it
  if (quarter % 4 == 0)
    turned = art;
  else
    cv::rotate(art, turned,
               quarter % 4 == 1   ? cv::ROTATE_90_CLOCKWISE
               : quarter % 4 == 2 ? cv::ROTATE_180
                                  : cv::ROTATE_90_COUNTERCLOCKWISE);
  cv::Mat small, expected;
  const double scale = pitch_px / turned.cols;
  cv::resize(turned, small, {}, scale, scale, cv::INTER_AREA);
  const cv::Matx23d shift(1, 0, tile_centre.x - (small.cols - 1) / 2.0, 0, 1,
                          tile_centre.y - (small.rows - 1) / 2.0);
  cv::warpAffine(small, expected, shift, cell.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cv::Mat difference = SmoothLab(cell) - SmoothLab(expected);
  std::vector<cv::Mat> channels;
  cv::split(difference, channels);
  cv::Mat squared(cell.size(), CV_32F, cv::Scalar(0));
  for (cv::Mat& c : channels) {
    std::vector<float> values(c.begin<float>(), c.end<float>());
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    c -= values[values.size() / 2];
    squared += c.mul(c);
  }
  cv::Mat unlike = squared > limit_lab * limit_lab;
  const int rim = static_cast<int>(pitch_px * kRimShare);
  cv::Mat inside(cell.size(), CV_8U, cv::Scalar(0));
  if (cell.cols > 2 * rim && cell.rows > 2 * rim)
    inside(cv::Rect(rim, rim, cell.cols - 2 * rim, cell.rows - 2 * rim)).setTo(255);
  unlike &= inside;
  cv::morphologyEx(unlike, unlike, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  return unlike;
}

}  // namespace cf
