// The plane from the tile edges alone: a tilted picture straightened so that tiles are squares of
// one size, near the camera and far from it alike.

#include "vision/grid_plane.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/vision/vision_test_support.h"

namespace cf::testing {
namespace {

struct GridShape {
  double step_x = 0, step_y = 0;  // mean distance between neighbouring tile centres, pixels
  double near_over_far = 0;       // tile size in the half nearer the camera over the farther half
  double corner_deg = 0;          // angle between the grid's two directions
};

// The tile grid as it appears after `to_image` (table mm -> pixels).
template <typename ToImage>
GridShape ShapeOf(const Scene& truth, const Camera& cam, ToImage to_image) {
  std::map<std::pair<int, int>, cv::Point2d> at;
  for (const auto& t : truth.tiles) at[{t.at.x, t.at.y}] = to_image(t.center_mm);
  cv::Point2d sum_x(0, 0), sum_y(0, 0);
  int nx = 0, ny = 0;
  std::vector<std::pair<double, double>> steps;  // (distance from camera, step length)
  for (const auto& t : truth.tiles) {
    cv::Point2d p = at[{t.at.x, t.at.y}];
    cv::Vec3d c = cam.position();
    double range =
        cv::norm(cv::Point3d(t.center_mm[0], t.center_mm[1], -2) - cv::Point3d(c[0], c[1], c[2]));
    if (auto it = at.find({t.at.x + 1, t.at.y}); it != at.end()) {
      sum_x += it->second - p, ++nx;
      steps.push_back({range, cv::norm(it->second - p)});
    }
    if (auto it = at.find({t.at.x, t.at.y + 1}); it != at.end()) {
      sum_y += it->second - p, ++ny;
      steps.push_back({range, cv::norm(it->second - p)});
    }
  }
  GridShape g;
  g.step_x = cv::norm(sum_x / nx), g.step_y = cv::norm(sum_y / ny);
  g.corner_deg =
      std::acos(std::abs(sum_x.dot(sum_y)) / (cv::norm(sum_x) * cv::norm(sum_y))) * 180 / CV_PI;
  std::sort(steps.begin(), steps.end());
  double near = 0, far = 0;
  size_t half = steps.size() / 2;
  for (size_t i = 0; i < steps.size(); ++i) (i < half ? near : far) += steps[i].second;
  g.near_over_far = (near / half) / (far / (steps.size() - half));
  return g;
}

// The tile grid of `truth` as `cam` sees it, and as the view `plane` straightens that picture.
GridShape ShapeInPicture(const Scene& truth, const Camera& cam) {
  return ShapeOf(truth, cam, [&](const double mm[2]) { return cam.Project({mm[0], mm[1], -2}); });
}
GridShape ShapeInView(const Scene& truth, const Camera& cam, const GridPlane& plane) {
  return ShapeOf(truth, cam, [&](const double mm[2]) {
    cv::Point2d p = cam.Project({mm[0], mm[1], -2});
    cv::Vec3d q = plane.to_top * cv::Vec3d(p.x, p.y, 1);
    return cv::Point2d(q[0] / q[2], q[1] / q[2]);
  });
}

TEST(GridPlane, StraightensATiltedTableWithoutCalibration) {
  auto [game, truth] = RandomTable(4242, 45);
  LookOptions o;
  o.min_tilt = o.max_tilt = 30;
  o.hands_chance = 0;
  o.distortion = false;
  Look look = RandomLook(truth, o, 4242);
  cv::Mat img = RenderTable(VisionCatalog(), truth, look);
  GridShape seen = ShapeInPicture(truth, look.camera);
  ASSERT_GT(seen.near_over_far, 1.05) << "the picture itself is in perspective";

  auto plane = GridPlaneFromEdges(img);
  ASSERT_TRUE(plane.has_value());
  GridShape top = ShapeInView(truth, look.camera, *plane);
  // Each tile lies up to 3 degrees off square, so the edges fix the tilt only roughly.
  EXPECT_NEAR(top.near_over_far, 1.0, 0.03)
      << "near " << seen.near_over_far << " times far in the picture";
  EXPECT_NEAR(top.step_x / top.step_y, 1.0, 0.03) << "tiles are square";
  EXPECT_NEAR(top.corner_deg, 90.0, 1.5);
}

// Seen close and at a slant, the tile edges running away from the camera fan out over tens of
// degrees and make no peak among the edges' directions; they still run to one vanishing point.
TEST(GridPlane, StraightensATableSeenCloseAndSteeplyAtASlant) {
  int straightened = 0;
  for (uint64_t seed : {4243, 4244, 4245, 4246}) {
    auto [game, truth] = RandomTable(seed, 45);
    LookOptions o;
    o.min_tilt = o.max_tilt = 55;
    o.min_distance = o.max_distance = 600;
    o.hands_chance = 0;
    o.distortion = false;
    Look look = RandomLook(truth, o, seed);
    cv::Mat img = RenderTable(VisionCatalog(), truth, look);
    auto plane = GridPlaneFromEdges(img);
    if (!plane) continue;
    GridShape seen = ShapeInPicture(truth, look.camera),
              top = ShapeInView(truth, look.camera, *plane);
    EXPECT_NEAR(top.near_over_far, 1.0, 0.05)
        << "seed " << seed << ": near " << seen.near_over_far << " times far in the picture";
    EXPECT_NEAR(top.step_x / top.step_y, 1.0, 0.05) << "seed " << seed;
    EXPECT_NEAR(top.corner_deg, 90.0, 2.5) << "seed " << seed;
    ++straightened;
  }
  EXPECT_EQ(straightened, 4);
}

// Where the edges show no tile period the two ways alike (in bench vision's scene 969 the period
// found across the view was not the period found along it), the tiles' square comes from the
// camera the two vanishing points imply. The picture had been read as seen from straight above.
TEST(GridPlane, SquaresTheTilesByTheCameraWhenNoPeriodShows) {
  RenderedScene s = BenchScene(969);
  ASSERT_GT(ShapeInPicture(s.truth, s.look.camera).near_over_far, 1.05)
      << "the picture itself is in perspective";
  auto plane = GridPlaneFromEdges(s.image);
  ASSERT_TRUE(plane.has_value());
  GridShape top = ShapeInView(s.truth, s.look.camera, *plane);
  EXPECT_NEAR(top.near_over_far, 1.0, 0.03);
  EXPECT_NEAR(top.step_x / top.step_y, 1.0, 0.05) << "tiles are square";
  EXPECT_NEAR(top.corner_deg, 90.0, 1.5);
}

// A period found may be the tile's half (roads and walls cross tiles midway): in bench vision's
// scene 937 the period along the view was half the tile's, the view was straightened to tiles
// half as tall as wide, and every tile was misread (61 where none lies, 4 of 60 right). The
// camera the vanishing points imply says which: halved or doubled, the ratio agrees with it.
TEST(GridPlane, APeriodOfHalfATileDoesNotSquashTheTiles) {
  RenderedScene s = BenchScene(937);
  auto plane = GridPlaneFromEdges(s.image);
  ASSERT_TRUE(plane.has_value());
  GridShape top = ShapeInView(s.truth, s.look.camera, *plane);
  EXPECT_NEAR(top.step_x / top.step_y, 1.0, 0.05) << "tiles are square";
  EXPECT_NEAR(top.near_over_far, 1.0, 0.03);
}

// bench vision's scene `seed` with three tiles and no catapult token (--tiles 3 --tokens 0).
RenderedScene BoardOfThree(uint64_t seed) {
  SceneRecipe recipe = BenchRecipe(seed);
  recipe.tiles = 3;
  recipe.tokens = 0;
  return RenderRecipe(VisionCatalog(), recipe);
}

// A board of three tiles, laid in an L, fills most of the view the edges frame: a tile is more
// than a third of it, beyond where its period was looked for, and the ratio of the periods
// found (a half tile one way, a tile the other, or the table's grain) had stretched the tiles
// 10-40% (bench vision --tiles 3 --tokens 0 --uncalibrated; the seeds the change was written on).
TEST(GridPlane, SquaresTheTilesOfABoardOfThree) {
  for (uint64_t seed : {55010, 55014, 55025, 55026}) {
    const RenderedScene s = BoardOfThree(seed);
    auto plane = GridPlaneFromEdges(s.image);
    ASSERT_TRUE(plane.has_value()) << "seed " << seed;
    GridShape top = ShapeInView(s.truth, s.look.camera, *plane);
    EXPECT_NEAR(top.step_x / top.step_y, 1.0, 0.07) << "seed " << seed << ": tiles are square";
  }
}

// Where the edges' periods still stretch the tiles of a board of three by 12-18% (the table's
// grain, a half tile one way), the board's outline squares them: its box is two tiles by two.
TEST(GridPlane, TheOutlineOfABoardOfThreeSquaresItsTiles) {
  for (uint64_t seed : {55000, 55011, 55022, 55034}) {
    const RenderedScene s = BoardOfThree(seed);
    auto plane = GridPlaneFromEdges(s.image);
    ASSERT_TRUE(plane.has_value()) << "seed " << seed;
    const GridShape rough = ShapeInView(s.truth, s.look.camera, *plane);
    auto squared = SquaredByBoardOutline(s.image, *plane);
    ASSERT_TRUE(squared.has_value()) << "seed " << seed;
    const GridShape top = ShapeInView(s.truth, s.look.camera, *squared);
    ASSERT_GT(std::abs(rough.step_x / rough.step_y - 1), 0.1) << "seed " << seed << ": squared";
    EXPECT_NEAR(top.step_x / top.step_y, 1.0, 0.05) << "seed " << seed << ": tiles are square";
  }
}

TEST(GridPlane, FindsNothingInAPictureWithoutStraightEdges) {
  cv::Mat noise(720, 1280, CV_8UC3);
  cv::randu(noise, 0, 255);
  cv::GaussianBlur(noise, noise, {0, 0}, 4);
  EXPECT_FALSE(GridPlaneFromEdges(noise).has_value());
}

}  // namespace
}  // namespace cf::testing
