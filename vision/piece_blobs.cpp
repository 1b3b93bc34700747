#include "vision/piece_blobs.h"

#include <opencv2/imgproc.hpp>

namespace cf {

std::map<std::string, cv::Mat> ColourMasks(const cv::Mat& img, const cv::Mat& foreground,
                                           const ColorModel& model) {
  cv::Mat small, lab, fg;
  cv::resize(img, small, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
  cv::resize(foreground, fg, small.size(), 0, 0, cv::INTER_NEAREST);
  cv::cvtColor(small, lab, cv::COLOR_BGR2Lab);
  std::map<std::string, cv::Mat> masks;
  for (const auto& [name, s] : model.colors())
    masks[name] = cv::Mat(small.size(), CV_8U, cv::Scalar(0));
  for (int y = 0; y < lab.rows; ++y)
    for (int x = 0; x < lab.cols; ++x) {
      if (!fg.at<uchar>(y, x)) continue;
      cv::Vec3b v = lab.at<cv::Vec3b>(y, x);
      auto [name, d] = model.ClassifyLab({double(v[0]), double(v[1]), double(v[2])});
      if (!name.empty()) masks[name].at<uchar>(y, x) = 255;
    }
  for (auto& [name, m] : masks)
    cv::morphologyEx(m, m, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  return masks;
}

cv::Mat PieceMask(const std::map<std::string, cv::Mat>& masks, cv::Size size) {
  cv::Mat any;
  for (const auto& [name, m] : masks) any = any.empty() ? m.clone() : (any | m);
  cv::resize(any, any, size, 0, 0, cv::INTER_NEAREST);
  return any;
}

std::vector<Blob> ColourBlobs(const std::map<std::string, cv::Mat>& masks) {
  std::vector<Blob> out;
  for (auto& [name, m] : masks) {
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(m.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    for (const auto& c : contours) {
      double area = cv::contourArea(c);
      if (area < 12) continue;
      cv::Moments mo = cv::moments(c);
      std::vector<cv::Point> hull;
      cv::convexHull(c, hull);
      Blob b;
      b.color = name;
      b.centroid = {mo.m10 / mo.m00 * 2 + 0.5, mo.m01 / mo.m00 * 2 + 0.5};
      b.area_px = area * 4;
      b.solidity = area / std::max(1.0, cv::contourArea(hull));
      if (c.size() >= 5) {
        cv::RotatedRect e = cv::fitEllipse(c);
        b.long_px = std::max(e.size.width, e.size.height) * 2;
        b.short_px = std::min(e.size.width, e.size.height) * 2;
      }
      out.push_back(b);
    }
  }
  return out;
}

const char* TokenOfColour(const std::string& c) {
  if (c == "blue") return "knockout";
  if (c == "yellow") return "seduction";
  if (c == "green") return "target";
  if (c == "red") return "catch";
  return nullptr;
}

}  // namespace cf
