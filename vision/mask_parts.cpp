#include "vision/mask_parts.h"

#include <algorithm>

namespace cf {

namespace {

// Marks with `label` every pixel of `mask` 8-connected to (x, y) that `labels` does not mark yet;
// how many it marked.
int Fill(const cv::Mat& mask, cv::Mat& labels, int x, int y, int label,
         std::vector<cv::Point>& stack) {
  int area = 0;
  labels.at<int>(y, x) = label;
  stack.push_back({x, y});
  while (!stack.empty()) {
    const cv::Point p = stack.back();
    stack.pop_back();
    ++area;
    for (int ny = std::max(0, p.y - 1); ny <= std::min(mask.rows - 1, p.y + 1); ++ny) {
      const uchar* row = mask.ptr<uchar>(ny);
      int* marked = labels.ptr<int>(ny);
      for (int nx = std::max(0, p.x - 1); nx <= std::min(mask.cols - 1, p.x + 1); ++nx) {
        if (!row[nx] || marked[nx]) continue;
        marked[nx] = label;
        stack.push_back({nx, ny});
      }
    }
  }
  return area;
}

}  // namespace

MaskParts LabelParts(const cv::Mat& mask) {
  CV_Assert(mask.type() == CV_8U);
  MaskParts out;
  out.labels = cv::Mat::zeros(mask.size(), CV_32S);
  out.areas.push_back(0);
  std::vector<cv::Point> stack;
  for (int y = 0; y < mask.rows; ++y) {
    const uchar* m = mask.ptr<uchar>(y);
    const int* marked = out.labels.ptr<int>(y);
    for (int x = 0; x < mask.cols; ++x)
      if (m[x] && !marked[x])
        out.areas.push_back(
            Fill(mask, out.labels, x, y, static_cast<int>(out.areas.size()), stack));
  }
  return out;
}

cv::Mat PartsJoinedTo(const cv::Mat& mask, const cv::Mat& patch, cv::Point at) {
  CV_Assert(mask.type() == CV_8U && patch.type() == CV_8U);
  cv::Mat labels = cv::Mat::zeros(mask.size(), CV_32S);
  std::vector<cv::Point> stack;
  const cv::Rect inside = cv::Rect(at, patch.size()) & cv::Rect(0, 0, mask.cols, mask.rows);
  for (int y = inside.y; y < inside.br().y; ++y)
    for (int x = inside.x; x < inside.br().x; ++x)
      if (patch.at<uchar>(y - at.y, x - at.x) && mask.at<uchar>(y, x) && !labels.at<int>(y, x))
        Fill(mask, labels, x, y, 1, stack);
  cv::Mat out = labels != 0;
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
