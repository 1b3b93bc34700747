#include "vision/disc_outline.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace cf {
namespace {

// Grass-like texture: grey noise about a mid level, smoothed a little.
cv::Mat Grass(int size, int seed) {
  cv::Mat grass(size, size, CV_8U);
  cv::RNG rng(seed);
  rng.fill(grass, cv::RNG::NORMAL, 110, 14);
  cv::GaussianBlur(grass, grass, {3, 3}, 0);
  return grass;
}

// A token a little darker than the grass it lies on, its side a dark line round it.
void DrawToken(cv::Mat& grey, cv::Point2d centre, double radius) {
  const int shift = 4;  // sub-pixel centres
  const cv::Point c(static_cast<int>(centre.x * 16), static_cast<int>(centre.y * 16));
  cv::circle(grey, c, static_cast<int>(radius * 16), cv::Scalar(96), cv::FILLED, cv::LINE_AA,
             shift);
  cv::circle(grey, c, static_cast<int>(radius * 16), cv::Scalar(60), 1, cv::LINE_AA, shift);
}

TEST(DiscOutline, FindsATokenOnGrassByItsRimWithinHalfAPixel) {
  for (int seed = 1; seed <= 5; ++seed) {
    cv::Mat grey = Grass(120, seed);
    const cv::Point2d centre(58.3 + seed * 0.7, 61.6 - seed * 0.4);
    DrawToken(grey, centre, 15);
    // The search starts from a sliver on the token's side, not from its middle.
    const auto found = FindDiscOutline(grey, centre + cv::Point2d(9, 5), 15, 16);
    ASSERT_TRUE(found.has_value()) << seed;
    EXPECT_LT(cv::norm(found->centre - centre), 0.5) << seed;
    EXPECT_GT(found->rim, 0.6) << seed;
  }
}

// Straight edges touch a circle along short arcs only: three of them round a patch of grass a
// token's size across make far less of a rim than a token's (the face's colour then decides).
TEST(DiscOutline, GrassBoundedByStraightEdgesHasLittleRim) {
  cv::Mat grey = Grass(120, 7);
  cv::rectangle(grey, {20, 20}, {100, 28}, cv::Scalar(200), cv::FILLED);  // a road
  cv::rectangle(grey, {20, 20}, {28, 100}, cv::Scalar(200), cv::FILLED);  // a road
  cv::line(grey, {58, 20}, {58, 100}, cv::Scalar(40), 2);                 // a tile's edge
  const auto found = FindDiscOutline(grey, {43, 43}, 15, 16);
  ASSERT_TRUE(found.has_value());
  EXPECT_LT(found->rim, 0.5);
}

TEST(DiscOutline, AWindowTooSmallForTheDiscFindsNothing) {
  cv::Mat grey = Grass(30, 3);
  EXPECT_FALSE(FindDiscOutline(grey, {15, 15}, 15, 5).has_value());
}

}  // namespace
}  // namespace cf
