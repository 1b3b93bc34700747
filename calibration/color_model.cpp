#include "calibration/color_model.h"

#include <cmath>
#include <limits>
#include <opencv2/imgproc.hpp>

namespace cf {

cv::Vec3d BgrToLab(const cv::Vec3b& bgr) {
  cv::Mat px(1, 1, CV_8UC3, cv::Scalar(bgr[0], bgr[1], bgr[2])), lab;
  cv::cvtColor(px, lab, cv::COLOR_BGR2Lab);
  cv::Vec3b v = lab.at<cv::Vec3b>(0, 0);
  return {double(v[0]), double(v[1]), double(v[2])};
}

ColorModel ColorModel::Defaults() {
  // Typical meeple paint under a range of lights: a loose spread in lightness, tighter in hue.
  ColorModel m;
  auto add = [&](const char* name, cv::Vec3b bgr, double sl, double sab) {
    ColorStats s;
    s.mean = BgrToLab(bgr);
    s.inv_cov = cv::Matx33d(1 / (sl * sl), 0, 0, 0, 1 / (sab * sab), 0, 0, 0, 1 / (sab * sab));
    m.colors_[name] = s;
  };
  add("red", {40, 40, 200}, 45, 14);
  add("blue", {190, 90, 30}, 45, 14);
  add("green", {60, 150, 40}, 45, 12);
  add("yellow", {30, 215, 235}, 45, 14);
  add("black", {35, 35, 35}, 25, 6);
  add("gray", {150, 150, 150}, 25, 6);
  return m;
}

void ColorModel::Fit(const std::string& name, const std::vector<cv::Vec3b>& samples) {
  if (samples.size() < 10) return;
  std::vector<cv::Vec3d> lab;
  for (const auto& s : samples) lab.push_back(BgrToLab(s));
  cv::Vec3d mean(0, 0, 0);
  for (const auto& v : lab) mean += v;
  mean /= static_cast<double>(lab.size());
  cv::Matx33d cov = cv::Matx33d::zeros();
  for (const auto& v : lab) {
    cv::Vec3d d = v - mean;
    cov += d * d.t();
  }
  cov *= 1.0 / (lab.size() - 1);
  cov += cv::Matx33d::eye() * 4.0;  // never narrower than a couple of grey levels
  colors_[name] = {mean, cov.inv()};
}

std::pair<std::string, double> ColorModel::ClassifyLab(const cv::Vec3d& lab) const {
  std::string best;
  double best_d = 1e18;
  for (const auto& [name, s] : colors_) {
    cv::Vec3d d = lab - s.mean;
    double m = std::sqrt((d.t() * s.inv_cov * d)(0));
    if (m < best_d) best_d = m, best = name;
  }
  if (best_d > reject_distance) return {"", best_d};
  return {best, best_d};
}

double ColorModel::Distance(const std::string& name, const cv::Vec3d& lab) const {
  auto it = colors_.find(name);
  if (it == colors_.end()) return std::numeric_limits<double>::infinity();
  const cv::Vec3d d = lab - it->second.mean;
  return std::sqrt((d.t() * it->second.inv_cov * d)(0));
}

std::pair<std::string, double> ColorModel::Classify(const cv::Vec3b& bgr) const {
  return ClassifyLab(BgrToLab(bgr));
}

}  // namespace cf
