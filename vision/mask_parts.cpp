#include "vision/mask_parts.h"

namespace cf {

MaskParts LabelParts(const cv::Mat& mask) {
  CV_Assert(mask.type() == CV_8U);
  MaskParts out;
  out.labels = cv::Mat::zeros(mask.size(), CV_32S);
  out.areas.push_back(0);
  std::vector<cv::Point> stack;
  for (int y = 0; y < mask.rows; ++y) {
    const uchar* m = mask.ptr<uchar>(y);
    for (int x = 0; x < mask.cols; ++x) {
      if (!m[x] || out.labels.at<int>(y, x)) continue;
      const int label = static_cast<int>(out.areas.size());
      int area = 0;
      out.labels.at<int>(y, x) = label;
      stack.push_back({x, y});
      while (!stack.empty()) {
        const cv::Point p = stack.back();
        stack.pop_back();
        ++area;
        for (int dy = -1; dy <= 1; ++dy) {
          const int ny = p.y + dy;
          if (ny < 0 || ny >= mask.rows) continue;
          const uchar* row = mask.ptr<uchar>(ny);
          int* labels = out.labels.ptr<int>(ny);
          for (int dx = -1; dx <= 1; ++dx) {
            const int nx = p.x + dx;
            if (nx < 0 || nx >= mask.cols || !row[nx] || labels[nx]) continue;
            labels[nx] = label;
            stack.push_back({nx, ny});
          }
        }
      }
      out.areas.push_back(area);
    }
  }
  return out;
}

cv::Mat PartsOfAtLeast(const cv::Mat& mask, double least_px) {
  const MaskParts parts = LabelParts(mask);
  cv::Mat out(mask.size(), CV_8U);
  for (int y = 0; y < out.rows; ++y) {
    const int* label = parts.labels.ptr<int>(y);
    uchar* o = out.ptr<uchar>(y);
    for (int x = 0; x < out.cols; ++x)
      o[x] = label[x] && parts.areas[label[x]] >= least_px ? 255 : 0;
  }
  return out;
}

}  // namespace cf
