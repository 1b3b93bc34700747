#pragma once
// The 8-connected parts of a mask: of a small one (a piece's patch, a few thousand pixels) by one
// flood fill, without the setting-up OpenCV's labelling costs on every call; of a window, by
// OpenCV's labelling, faster on large parts.

#include <opencv2/core.hpp>
#include <vector>

namespace cf {

// Each set pixel's part (labels, CV_32S: 0 where the mask is 0, else 1..count) and each part's
// pixel count (areas[label], areas[0] unused). Parts are numbered in no promised order.
struct MaskParts {
  cv::Mat labels;
  std::vector<int> areas;
};
MaskParts LabelParts(const cv::Mat& mask);

// Of `mask` (CV_8U), the parts of `least_px` pixels or more, 255; the others 0.
cv::Mat PartsOfAtLeast(const cv::Mat& mask, double least_px);
// Of `mask` (CV_8U), the parts that share a pixel with a blob's patch (CV_8U) lying with its
// corner at `at` in it, 255; the others 0.
cv::Mat PartsJoinedTo(const cv::Mat& mask, const cv::Mat& patch, cv::Point at);

}  // namespace cf
