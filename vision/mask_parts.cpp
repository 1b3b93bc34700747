#include "vision/mask_parts.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>

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
  // Large parts (grass of a token's colour) are labelled faster by OpenCV than flooded.
  cv::Mat labels;
  const int n = cv::connectedComponents(mask, labels, 8, CV_32S);
  std::vector<uchar> joined(n, 0);
  const cv::Mat under = labels(cv::Rect(at, patch.size()));
  for (int y = 0; y < patch.rows; ++y)
    for (int x = 0; x < patch.cols; ++x)
      if (patch.at<uchar>(y, x) && under.at<int>(y, x) > 0) joined[under.at<int>(y, x)] = 255;
  cv::Mat out(mask.size(), CV_8U);
  for (int y = 0; y < out.rows; ++y)
    for (int x = 0; x < out.cols; ++x) out.at<uchar>(y, x) = joined[labels.at<int>(y, x)];
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
