// Which parts of a view unlike the table could be a board of a few tiles.

#include "vision/grid_view.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace cf::testing {
namespace {

constexpr double kPpmm = 1.6;  // 72 pixels a tile

cv::Point Px(double mm) { return {static_cast<int>(mm * kPpmm), static_cast<int>(mm * kPpmm)}; }

TEST(SmallBoardParts, TilesAreAPartArmsAndSpecksAreNot) {
  cv::Mat mask(static_cast<int>(600 * kPpmm), static_cast<int>(600 * kPpmm), CV_8U, cv::Scalar(0));
  // Two tiles side by side, turned 20 degrees.
  const cv::RotatedRect two_tiles({200 * kPpmm, 200 * kPpmm},
                                  {static_cast<float>(90 * kPpmm), static_cast<float>(45 * kPpmm)},
                                  20);
  cv::Point2f corners[4];
  two_tiles.points(corners);
  std::vector<cv::Point> outline(corners, corners + 4);
  cv::fillConvexPoly(mask, outline, cv::Scalar(255));
  // An arm 80 mm wide reaching 300 mm in, a speck of a fifth of a tile.
  cv::rectangle(mask, Px(300),
                Px(300) + cv::Point(static_cast<int>(300 * kPpmm), static_cast<int>(80 * kPpmm)),
                cv::Scalar(255), cv::FILLED);
  cv::rectangle(mask, Px(500), Px(520), cv::Scalar(255), cv::FILLED);

  const std::vector<cv::Mat> parts = SmallBoardParts(mask, kPpmm);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].at<uchar>(static_cast<int>(200 * kPpmm), static_cast<int>(200 * kPpmm)), 255);
  EXPECT_NEAR(cv::countNonZero(parts[0]), 90 * 45 * kPpmm * kPpmm, 0.05 * 90 * 45 * kPpmm * kPpmm);
}

}  // namespace
}  // namespace cf::testing
