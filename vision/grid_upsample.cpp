#include "vision/grid_upsample.h"

namespace cf {

cv::Mat UpsampleGrid(const cv::Mat& grid, int step, cv::Size size) {
  CV_Assert(grid.depth() == CV_32F && grid.cols * step >= size.width && grid.rows * step >= size.height);
  const int n = grid.channels();
  cv::Mat out(size, grid.type());
  for (int y = 0; y < size.height; ++y) {
    int j = y / step;
    float fy = (y - j * step) / float(step);
    const float* r0 = grid.ptr<float>(j);
    const float* r1 = grid.ptr<float>(std::min(j + 1, grid.rows - 1));
    float* o = out.ptr<float>(y);
    for (int x = 0; x < size.width; ++x) {
      int i = x / step, i1 = std::min(i + 1, grid.cols - 1);
      float fx = (x - i * step) / float(step);
      for (int c = 0; c < n; ++c)
        o[x * n + c] = r0[i * n + c] * (1 - fx) * (1 - fy) + r0[i1 * n + c] * fx * (1 - fy) +
                       r1[i * n + c] * (1 - fx) * fy + r1[i1 * n + c] * fx * fy;
    }
  }
  return out;
}

}  // namespace cf
