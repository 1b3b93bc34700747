#pragma once
// Dense per-pixel values from exact samples on a coarse grid, for smooth fields such as lens maps.

#include <opencv2/core.hpp>

namespace cf {

// `grid` holds samples at pixels (i * step, j * step) and must reach one step past `size`;
// returns a `size` image of the same type (CV_32F with 1 to 4 channels), bilinear in between.
cv::Mat UpsampleGrid(const cv::Mat& grid, int step, cv::Size size);

}  // namespace cf
