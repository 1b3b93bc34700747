#pragma once
// The players' colours in Lab, learned from sample pixels, with a distance beyond which a pixel
// belongs to no player.

#include <map>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

namespace cf {

// Mean and spread of one colour in CIE Lab (OpenCV's 8-bit scaling: L, a, b in 0..255).
struct ColorStats {
  cv::Vec3d mean;
  cv::Matx33d inv_cov = cv::Matx33d::eye();
};

class ColorModel {
 public:
  // Red, blue, green, yellow, black and gray meeples under ordinary light.
  static ColorModel Defaults();
  // Fits one colour from sample BGR pixels (replaces the default of that name).
  void Fit(const std::string& name, const std::vector<cv::Vec3b>& bgr_samples);
  // The nearest colour and its Mahalanobis distance; empty name when beyond the rejection distance.
  std::pair<std::string, double> Classify(const cv::Vec3b& bgr) const;
  std::pair<std::string, double> ClassifyLab(const cv::Vec3d& lab) const;
  // The Mahalanobis distance of a Lab colour (8-bit units) from colour `name`; infinite for a name
  // the model lacks.
  double Distance(const std::string& name, const cv::Vec3d& lab) const;

  const std::map<std::string, ColorStats>& colors() const { return colors_; }
  std::map<std::string, ColorStats>& colors() { return colors_; }
  double reject_distance = 3.0;

 private:
  std::map<std::string, ColorStats> colors_;
};

cv::Vec3d BgrToLab(const cv::Vec3b& bgr);

}  // namespace cf
