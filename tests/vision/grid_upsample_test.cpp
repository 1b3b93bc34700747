#include "vision/grid_upsample.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

// A field that is linear in x and y (as a lens map nearly is between samples) comes back exact at
// every pixel, whatever the step and however the size cuts the last cell.
TEST(UpsampleGrid, ReproducesALinearFieldAtEveryPixel) {
  for (int step : {1, 4, 8}) {
    const cv::Size size(37, 21);
    cv::Mat grid(size.height / step + 2, size.width / step + 2, CV_32FC2);
    auto field = [](double x, double y) {
      return cv::Vec2f(3.5f + 0.25f * x - 1.5f * y, 2 * x + y);
    };
    for (int j = 0; j < grid.rows; ++j)
      for (int i = 0; i < grid.cols; ++i) grid.at<cv::Vec2f>(j, i) = field(i * step, j * step);
    cv::Mat dense = UpsampleGrid(grid, step, size);
    ASSERT_EQ(dense.size(), size);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        for (int c = 0; c < 2; ++c)
          ASSERT_NEAR(dense.at<cv::Vec2f>(y, x)[c], field(x, y)[c], 1e-3)
              << "step " << step << " at " << x << "," << y;
  }
}

}  // namespace
}  // namespace cf
