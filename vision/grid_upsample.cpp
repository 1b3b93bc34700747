#include "vision/grid_upsample.h"

#include <algorithm>
#include <vector>

namespace cf {

cv::Mat UpsampleGrid(const cv::Mat& grid, int step, cv::Size size) {
  CV_Assert(grid.depth() == CV_32F && grid.cols * step >= size.width &&
            grid.rows * step >= size.height);
  const int n = grid.channels();
  // Per output column: the grid column before it and how far past it it lies.
  std::vector<int> left(size.width), right(size.width);
  std::vector<float> fxs(size.width);
  for (int x = 0; x < size.width; ++x) {
    const int i = x / step;
    left[x] = i * n, right[x] = std::min(i + 1, grid.cols - 1) * n;
    fxs[x] = (x - i * step) / float(step);
  }
  cv::Mat out(size, grid.type());
  std::vector<float> column(grid.cols * n);  // the grid interpolated down to one output row
  for (int y = 0; y < size.height; ++y) {
    const int j = y / step;
    const float fy = (y - j * step) / float(step);
    const float* r0 = grid.ptr<float>(j);
    const float* r1 = grid.ptr<float>(std::min(j + 1, grid.rows - 1));
    for (int i = 0; i < grid.cols * n; ++i) column[i] = r0[i] * (1 - fy) + r1[i] * fy;
    float* o = out.ptr<float>(y);
    for (int x = 0; x < size.width; ++x)
      for (int c = 0; c < n; ++c)
        o[x * n + c] = column[left[x] + c] * (1 - fxs[x]) + column[right[x] + c] * fxs[x];
  }
  return out;
}

}  // namespace cf
