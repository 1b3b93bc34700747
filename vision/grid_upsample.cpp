#include "vision/grid_upsample.h"

#include <vector>

namespace cf {

cv::Mat UpsampleGrid(const cv::Mat& grid, int step, cv::Size size) {
  CV_Assert(grid.depth() == CV_32F && grid.cols * step >= size.width &&
            grid.rows * step >= size.height);
  const int n = grid.channels();
  cv::Mat out(size, grid.type());
  std::vector<float> column(grid.cols * n);  // the grid interpolated down to one output row
  for (int y = 0; y < size.height; ++y) {
    const int j = y / step;
    const float fy = (y - j * step) / float(step);
    const float* r0 = grid.ptr<float>(j);
    const float* r1 = grid.ptr<float>(std::min(j + 1, grid.rows - 1));
    for (int i = 0; i < grid.cols * n; ++i) column[i] = r0[i] * (1 - fy) + r1[i] * fy;
    float* o = out.ptr<float>(y);
    for (int i = 0; i * step < size.width; ++i) {
      const float* a = &column[i * n];
      const float* b = &column[std::min(i + 1, grid.cols - 1) * n];
      const int end = std::min(size.width, (i + 1) * step);
      for (int x = i * step; x < end; ++x) {
        const float fx = (x - i * step) / float(step);
        for (int c = 0; c < n; ++c) o[x * n + c] = a[c] * (1 - fx) + b[c] * fx;
      }
    }
  }
  return out;
}

}  // namespace cf
