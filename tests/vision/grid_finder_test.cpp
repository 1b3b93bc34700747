#include "vision/grid_finder.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <random>

namespace cf {
namespace {

// Tiles 60 px apart with dark gaps, their art a clutter of curves and strokes at every angle,
// turned by `angle` degrees (the turn GridAngle should report to undo).
cv::Mat TurnedGrid(double angle, uint32_t seed) {
  cv::Mat grid(900, 900, CV_8U, cv::Scalar(150));
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pos(0, 899), radius(8, 60), shade(60, 230);
  for (int i = 0; i < 400; ++i) {  // art: arcs and strokes, many of them at 30-60 degrees
    cv::Point p(pos(rng), pos(rng));
    if (i % 2)
      cv::ellipse(grid, p, {radius(rng), radius(rng)}, pos(rng), 0, 200, shade(rng), 3);
    else
      cv::line(grid, p, p + cv::Point(radius(rng), radius(rng)), shade(rng), 3);
  }
  for (int k = 0; k < 900; k += 60) {
    cv::line(grid, {k, 0}, {k, 899}, cv::Scalar(20), 2);
    cv::line(grid, {0, k}, {899, k}, cv::Scalar(20), 2);
  }
  cv::Mat turned;
  cv::warpAffine(grid, turned, cv::getRotationMatrix2D({450, 450}, -angle, 1.0), grid.size(),
                 cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  return turned;
}

TEST(GridFinder, GridAngleIsTheTurnOfTheTileBordersNotOfTheArt) {
  for (double angle : {0.0, 1.8, -2.7, 7.0, -19.0, 33.0}) {
    cv::Mat picture = TurnedGrid(angle, static_cast<uint32_t>(angle * 10 + 100));
    EXPECT_NEAR(GridAngle(picture, cv::Mat()), angle, 0.3) << angle;
  }
}

TEST(GridFinder, TurningByTheFoundAngleSquaresTheGrid) {
  cv::Mat picture = TurnedGrid(-2.7, 7), aligned;
  double angle = GridAngle(picture, cv::Mat());
  cv::warpAffine(picture, aligned, cv::getRotationMatrix2D({450, 450}, angle, 1.0), picture.size());
  std::vector<double> cols, rows;
  cv::Mat valid(aligned.size(), CV_8U, cv::Scalar(255));
  EdgeProfiles(aligned, valid, cols, rows);
  EXPECT_NEAR(BestPeriod(cols, rows), 60, 1);
}

// Two tiles by two filling a view (a board of a few tiles, framed by its own edges): the tile is
// over a third of the view's side, and still its period.
TEST(GridFinder, ATileOverAThirdOfTheViewIsItsPeriod) {
  cv::Mat picture(300, 300, CV_8U, cv::Scalar(150));
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> pos(40, 260), radius(6, 30), shade(60, 230);
  for (int i = 0; i < 60; ++i) {
    cv::Point p(pos(rng), pos(rng));
    cv::ellipse(picture, p, {radius(rng), radius(rng)}, pos(rng), 0, 200, shade(rng), 2);
  }
  for (int k = 30; k < 300; k += 120) {
    cv::line(picture, {k, 30}, {k, 270}, cv::Scalar(20), 2);
    cv::line(picture, {30, k}, {270, k}, cv::Scalar(20), 2);
  }
  std::vector<double> cols, rows;
  EdgeProfiles(picture, cv::Mat(picture.size(), CV_8U, cv::Scalar(255)), cols, rows);
  EXPECT_NEAR(BestPeriod(cols, rows), 120, 1);
}

}  // namespace
}  // namespace cf
