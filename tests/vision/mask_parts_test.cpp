#include "vision/mask_parts.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace cf {
namespace {

TEST(MaskParts, PartsTouchingOnlyAtACornerAreOnePartAndTheirAreasAreCounted) {
  cv::Mat mask(20, 30, CV_8U, cv::Scalar(0));
  cv::rectangle(mask, cv::Rect(2, 2, 4, 3), cv::Scalar(255), cv::FILLED);  // 12 pixels
  mask.at<uchar>(5, 6) = 255;  // touches the rectangle's corner only: 8-connected, the same part
  cv::rectangle(mask, cv::Rect(15, 10, 5, 5), cv::Scalar(255), cv::FILLED);  // 25 pixels
  mask.at<uchar>(0, 29) = 255;                                               // a lone pixel
  const MaskParts parts = LabelParts(mask);
  ASSERT_EQ(parts.areas.size(), 4u);
  EXPECT_EQ(parts.labels.at<int>(2, 2), parts.labels.at<int>(5, 6));
  EXPECT_EQ(parts.areas[parts.labels.at<int>(2, 2)], 13);
  EXPECT_EQ(parts.areas[parts.labels.at<int>(12, 17)], 25);
  EXPECT_EQ(parts.areas[parts.labels.at<int>(0, 29)], 1);
  EXPECT_EQ(parts.labels.at<int>(0, 0), 0);
}

TEST(MaskParts, KeepsOnlyPartsOfTheLeastSizeAsOpenCVsLabellingWould) {
  cv::RNG rng(5);
  cv::Mat noise(60, 70, CV_8U), mask;
  rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
  cv::GaussianBlur(noise, noise, {5, 5}, 0);
  mask = noise > 135;  // blobs of many sizes and shapes
  const cv::Mat kept = PartsOfAtLeast(mask, 12);
  cv::Mat labels, stats, centres;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centres, 8, CV_32S);
  cv::Mat expected(mask.size(), CV_8U, cv::Scalar(0));
  for (int i = 1; i < n; ++i)
    if (stats.at<int>(i, cv::CC_STAT_AREA) >= 12) expected.setTo(255, labels == i);
  ASSERT_GT(n, 10);
  EXPECT_EQ(cv::countNonZero(kept != expected), 0);
  EXPECT_GT(cv::countNonZero(kept), 0);
  EXPECT_LT(cv::countNonZero(kept), cv::countNonZero(mask));
}

TEST(MaskParts, OnlyThePartsABlobTouchesAreJoinedToIt) {
  cv::Mat mask(30, 30, CV_8U, cv::Scalar(0));
  cv::rectangle(mask, cv::Rect(2, 2, 6, 6), cv::Scalar(255), cv::FILLED);
  cv::line(mask, {7, 7}, {20, 20}, cv::Scalar(255));  // the meeple's arm, joined diagonally
  cv::rectangle(mask, cv::Rect(24, 2, 4, 4), cv::Scalar(255), cv::FILLED);  // a piece apart
  const cv::Mat patch(3, 3, CV_8U, cv::Scalar(255));  // the blob the mask was grown from
  const cv::Mat joined = PartsJoinedTo(mask, patch, {3, 3});
  EXPECT_EQ(joined.at<uchar>(20, 20), 255);
  EXPECT_EQ(joined.at<uchar>(2, 2), 255);
  EXPECT_EQ(joined.at<uchar>(3, 25), 0);
  EXPECT_EQ(cv::countNonZero(joined), cv::countNonZero(mask) - 16);
  EXPECT_EQ(cv::countNonZero(PartsJoinedTo(mask, patch, {12, 3})), 0) << "a patch on bare table";
}

}  // namespace
}  // namespace cf
