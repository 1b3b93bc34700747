#include "vision/art_difference.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace cf {

namespace {

constexpr double kRimShare = 0.06;  // of the pitch, as the fine matcher leaves out
constexpr double kSmoothing = 1.5;  // pixels: grass strokes and a tile's last half pixel of shift
constexpr int kMedianStep = 3;      // the light's median from every third pixel

cv::Mat SmoothLab(const cv::Mat& bgr) {
  cv::Mat smooth, lab, out;
  cv::GaussianBlur(bgr, smooth, {5, 5}, kSmoothing);
  cv::cvtColor(smooth, lab, cv::COLOR_BGR2Lab);
  lab.convertTo(out, CV_32FC3);
  return out;
}

}  // namespace

cv::Mat ArtAtPitch(const cv::Mat& art, int quarter, double pitch_px) {
  CV_Assert(art.type() == CV_8UC3 && !art.empty());
  cv::Mat turned, out;  // `turned` is never a header of `art`: turning writes into it
  if (quarter % 4 == 0)
    turned = art;
  else
    cv::rotate(art, turned,
               quarter % 4 == 1   ? cv::ROTATE_90_CLOCKWISE
               : quarter % 4 == 2 ? cv::ROTATE_180
                                  : cv::ROTATE_90_COUNTERCLOCKWISE);
  const double scale = pitch_px / turned.cols;
  cv::resize(turned, out, {}, scale, scale, cv::INTER_AREA);
  return out;
}

cv::Mat UnlikeArt(const cv::Mat& cell, const cv::Mat& art_at_pitch, cv::Point2d tile_centre,
                  double limit_lab) {
  CV_Assert(cell.type() == CV_8UC3 && art_at_pitch.type() == CV_8UC3);
  cv::Mat expected;
  const cv::Matx23d shift(1, 0, tile_centre.x - (art_at_pitch.cols - 1) / 2.0, 0, 1,
                          tile_centre.y - (art_at_pitch.rows - 1) / 2.0);
  cv::warpAffine(art_at_pitch, expected, shift, cell.size(), cv::INTER_LINEAR,
                 cv::BORDER_REPLICATE);
  cv::Mat difference = SmoothLab(cell) - SmoothLab(expected);
  std::vector<cv::Mat> channels;
  cv::split(difference, channels);
  cv::Mat squared(cell.size(), CV_32F, cv::Scalar(0));
  std::vector<float> values;
  for (cv::Mat& c : channels) {
    values.clear();
    for (int y = 0; y < c.rows; y += kMedianStep) {
      const float* row = c.ptr<float>(y);
      for (int x = 0; x < c.cols; x += kMedianStep) values.push_back(row[x]);
    }
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    c -= values[values.size() / 2];
    squared += c.mul(c);
  }
  cv::Mat unlike = squared > limit_lab * limit_lab;
  const int rim = static_cast<int>(art_at_pitch.cols * kRimShare);
  cv::Mat inside(cell.size(), CV_8U, cv::Scalar(0));
  if (cell.cols > 2 * rim && cell.rows > 2 * rim)
    inside(cv::Rect(rim, rim, cell.cols - 2 * rim, cell.rows - 2 * rim)).setTo(255);
  unlike &= inside;
  cv::morphologyEx(unlike, unlike, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  return unlike;
}

}  // namespace cf
