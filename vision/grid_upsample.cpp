#include "vision/grid_upsample.h"

#include <algorithm>
#include <vector>

namespace cf {

namespace {

// One output row from the grid interpolated down to it (`column`), segment by segment: within a
// segment both ends are fixed and only the weights (the same in every segment) change.
template <int N>
void InterpolateRow(const float* column, int grid_cols, int step, int width, const float* w,
                    const float* one_minus_w, float* o) {
  for (int i = 0; i * step < width; ++i) {
    const float* a = column + i * N;
    const float* b = column + std::min(i + 1, grid_cols - 1) * N;
    const int len = std::min(step, width - i * step);
    float* out = o + i * step * N;
    for (int k = 0; k < len; ++k)
      for (int c = 0; c < N; ++c) out[k * N + c] = a[c] * one_minus_w[k] + b[c] * w[k];
  }
}

}  // namespace

cv::Mat UpsampleGrid(const cv::Mat& grid, int step, cv::Size size) {
  CV_Assert(grid.depth() == CV_32F && grid.cols * step >= size.width &&
            grid.rows * step >= size.height);
  const int n = grid.channels();
  std::vector<float> w(step), one_minus_w(step);
  for (int k = 0; k < step; ++k) w[k] = k / float(step), one_minus_w[k] = 1 - w[k];
  cv::Mat out(size, grid.type());
  std::vector<float> column(grid.cols * n);  // the grid interpolated down to one output row
  for (int y = 0; y < size.height; ++y) {
    const int j = y / step;
    const float fy = (y - j * step) / float(step);
    const float* r0 = grid.ptr<float>(j);
    const float* r1 = grid.ptr<float>(std::min(j + 1, grid.rows - 1));
    for (int i = 0; i < grid.cols * n; ++i) column[i] = r0[i] * (1 - fy) + r1[i] * fy;
    float* o = out.ptr<float>(y);
    switch (n) {
      case 1:
        InterpolateRow<1>(column.data(), grid.cols, step, size.width, w.data(), one_minus_w.data(),
                          o);
        break;
      case 2:
        InterpolateRow<2>(column.data(), grid.cols, step, size.width, w.data(), one_minus_w.data(),
                          o);
        break;
      case 3:
        InterpolateRow<3>(column.data(), grid.cols, step, size.width, w.data(), one_minus_w.data(),
                          o);
        break;
      default:
        InterpolateRow<4>(column.data(), grid.cols, step, size.width, w.data(), one_minus_w.data(),
                          o);
        break;
    }
  }
  return out;
}

}  // namespace cf
