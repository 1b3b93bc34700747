// The camera model: projection and back-projection agree, and poses look where they should.

#include "calibration/camera.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(Camera, PixelToPlaneInvertsProjectionWithDistortion) {
  Camera cam = Camera::LookingAt({100, -50}, 1200, 30, 40, 1920, 1080, 60,
                                 {-0.15, 0.05, 0.0005, -0.0007, 0});
  for (double x = -300; x <= 300; x += 75)
    for (double y = -300; y <= 300; y += 75) {
      cv::Point2d px = cam.Project({x, y, 0});
      cv::Point2d back;
      ASSERT_TRUE(cam.PixelToPlane(px, 0, back));
      EXPECT_NEAR(back.x, x, 1e-3);
      EXPECT_NEAR(back.y, y, 1e-3);
    }
}

TEST(Camera, LooksAtItsTargetFromAbove) {
  Camera cam = Camera::LookingAt({45, 90}, 1000, 0, 0, 1920, 1080, 60, {0, 0, 0, 0, 0});
  cv::Point2d c = cam.Project({45, 90, 0});
  EXPECT_NEAR(c.x, 960, 1e-6);
  EXPECT_NEAR(c.y, 540, 1e-6);
  EXPECT_NEAR(cam.position()[2], -1000, 1e-6) << "above the table: z points down";
  EXPECT_GT(cam.Project({100, 90, 0}).x, 960) << "east is to the right when looking straight down";
  EXPECT_GT(cam.Project({45, 150, 0}).y, 540) << "south is down";
  Camera tilted = Camera::LookingAt({0, 0}, 1000, 30, 0, 1920, 1080, 60, {0, 0, 0, 0, 0});
  EXPECT_NEAR(tilted.position()[1], 500, 1e-6);
  EXPECT_NEAR(tilted.position()[2], -866.025, 1e-3);
}

TEST(Camera, JsonRoundTrip) {
  Camera cam = Camera::LookingAt({1, 2}, 900, 12, 33, 3840, 2160, 70, {-0.1, 0.02, 0, 0, 0});
  auto back = Camera::FromJson(cam.ToJson());
  ASSERT_TRUE(back.ok());
  EXPECT_NEAR(cv::norm(back->Project({30, 40, -5}) - cam.Project({30, 40, -5})), 0, 1e-9);
  EXPECT_FALSE(Camera::FromJson(json::Value(json::Object{})).ok());
}

}  // namespace
}  // namespace cf
