// The grid view: which parts of a view unlike the table could be a board of a few tiles, and how
// much a grid's cells look like tiles.

#include "vision/grid_view.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/vision/vision_test_support.h"

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

// A grid square to one part of the view is judged by the cells of that part: the tile lying
// elsewhere does not make it look like a board.
TEST(GridView, BestTileLikenessWithinABoxReadsOnlyTheCellsMeetingIt) {
  constexpr int kPitch = 64;
  GridView g;
  g.aligned.create(4 * kPitch, 4 * kPitch, CV_8UC3);
  cv::randn(g.aligned, cv::Scalar(60, 100, 140), cv::Scalar(12, 12, 12));
  cv::GaussianBlur(g.aligned, g.aligned, {0, 0}, 2);
  cv::Mat art;
  cv::resize(Painted()[0].art, art, {kPitch, kPitch}, 0, 0, cv::INTER_AREA);
  art.copyTo(g.aligned(GridView::Square(kPitch, 0, 0, 1, 1)));
  g.valid = cv::Mat(g.aligned.size(), CV_8U, cv::Scalar(255));
  g.tiles_mask = g.valid.clone();

  EXPECT_GT(g.BestTileLikeness(Painted(), kPitch, 0, 0), 0.8);
  EXPECT_GT(g.BestTileLikeness(Painted(), kPitch, 0, 0, {kPitch + 10, kPitch + 10, 8, 8}), 0.8);
  EXPECT_LT(g.BestTileLikeness(Painted(), kPitch, 0, 0, GridView::Square(kPitch, 0, 0, 3, 2)),
            0.45);
}

}  // namespace
}  // namespace cf::testing
