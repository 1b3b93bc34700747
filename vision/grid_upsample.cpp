#include "vision/grid_upsample.h"

#include <vector>

namespace cf {

cv::Mat UpsampleGrid(const cv::Mat& grid, int step, cv::Size size) {
  CV_Assert(grid.depth() == CV_32F && grid.cols * step >= size.width &&
            grid.rows * step >= size.height);
  const int n = grid.channels();
  cv::Mat out(size, grid.type());
  std::vector<int> left(size.width), right(size.width);
  std::vector<float> across(size.width);
  for (int x = 0; x < size.width; ++x) {
    left[x] = x / step, right[x] = std::min(left[x] + 1, grid.cols - 1);
    across[x] = (x - left[x] * step) / float(step);
  }
  for (int y = 0; y < size.height; ++y) {
    int j = y / step;
    float fy = (y - j * step) / float(step);
    const float* r0 = grid.ptr<float>(j);
    const float* r1 = grid.ptr<float>(std::min(j + 1, grid.rows - 1));
    float* o = out.ptr<float>(y);
    for (int x = 0; x < size.width; ++x) {
      const int i = left[x], i1 = right[x];
      const float fx = across[x];
      for (int c = 0; c < n; ++c)
        o[x * n + c] = r0[i * n + c] * (1 - fx) * (1 - fy) + r0[i1 * n + c] * fx * (1 - fy) +
                       r1[i * n + c] * (1 - fx) * fy + r1[i1 * n + c] * fx * fy;
    }
  }
  return out;
}

}  // namespace cf
