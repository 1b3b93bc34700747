// Calibration measured against rendered ChArUco views whose true camera is known.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/calib3d.hpp>

#include "calibration/calibration_file.h"
#include "calibration/charuco.h"
#include "vision/table_renderer.h"

namespace cf {
namespace {

struct Views {
  Look look;
  std::vector<cv::Mat> images;
};

// Ten views through one random camera, as `catapult-fair render --charuco` makes them.
const Views& RenderedViews() {
  static const Views views = [] {
    Views v;
    v.look = CalibrationLook({}, 21);
    v.look.jpeg_quality = 0;
    for (const auto& pose : CalibrationPoses(14, 21))
      v.images.push_back(RenderCharucoView({}, pose, v.look));
    return v;
  }();
  return views;
}

TEST(Calibration, IntrinsicsFromChArUcoViewsMatchTheTrueCamera) {
  const Views& v = RenderedViews();
  auto cal = CalibrateIntrinsics(v.images, {});
  ASSERT_TRUE(cal.ok()) << cal.error().message;
  EXPECT_GE(cal->views, 8);
  EXPECT_LT(cal->rms_px, 0.5) << "reprojection error";
  const Camera& truth = v.look.camera;
  EXPECT_NEAR(cal->camera.fx / truth.fx, 1.0, 0.01);
  EXPECT_NEAR(cal->camera.fy / truth.fy, 1.0, 0.01);
  EXPECT_NEAR(cal->camera.cx, truth.cx, 10);
  EXPECT_NEAR(cal->camera.cy, truth.cy, 10);
  // The lens over the whole frame: table points seen anywhere in the picture, corners included,
  // are explained by the estimated model within a pixel.
  std::vector<cv::Point3f> world;
  std::vector<cv::Point2f> seen;
  for (double y = 0.02; y < 1; y += 0.08)
    for (double x = 0.02; x < 1; x += 0.08) {
      cv::Point2d p;
      if (!truth.PixelToPlane({x * truth.width, y * truth.height}, 0, p)) continue;
      world.push_back(cv::Point3f(static_cast<float>(p.x), static_cast<float>(p.y), 0));
      seen.push_back(
          cv::Point2f(static_cast<float>(x * truth.width), static_cast<float>(y * truth.height)));
    }
  cv::Vec3d rvec, tvec;
  cv::Mat K(cal->camera.K()), dist(cal->camera.dist);
  ASSERT_TRUE(cv::solvePnP(world, seen, K, dist, rvec, tvec));
  std::vector<cv::Point2f> back;
  cv::projectPoints(world, rvec, tvec, K, dist, back);
  double worst = 0;
  for (size_t i = 0; i < seen.size(); ++i)
    worst = std::max(worst, double(cv::norm(back[i] - seen[i])));
  EXPECT_LT(worst, 2.0) << "pixels, worst over the frame (the extreme corners are extrapolated)";
}

TEST(Calibration, FourHundredMillimetresOnTheTableMeasureWithinHalfAMillimetre) {
  const Views& v = RenderedViews();
  auto cal = CalibrateIntrinsics(v.images, {});
  ASSERT_TRUE(cal.ok());
  auto pose = PoseFromBoard(v.images[0], cal->camera, {});  // the first view lies flat on the table
  ASSERT_TRUE(pose.ok()) << pose.error().message;
  const Camera& truth = v.look.camera;
  double worst = 0;
  for (double angle = 0; angle < 180; angle += 30) {
    double a = angle * CV_PI / 180;
    cv::Point3d p1(-200 * std::cos(a), -200 * std::sin(a), 0),
        p2(200 * std::cos(a), 200 * std::sin(a), 0);
    cv::Point2d q1, q2;
    ASSERT_TRUE(pose->PixelToPlane(truth.Project(p1), 0, q1));
    ASSERT_TRUE(pose->PixelToPlane(truth.Project(p2), 0, q2));
    worst = std::max(worst, std::abs(cv::norm(q1 - q2) - 400));
  }
  EXPECT_LT(worst, 0.5) << "mm of error over 400 mm";
}

TEST(Calibration, NoBoardInViewIsRefused) {
  cv::Mat grey(720, 1280, CV_8UC3, cv::Scalar(90, 120, 60));
  EXPECT_EQ(DetectCharuco(grey, {}).error().message, "no ChArUco board in view");
  EXPECT_FALSE(CalibrateIntrinsics({grey, grey, grey, grey}, {}).ok());
  EXPECT_EQ(DetectCharuco(cv::Mat(), {}).error().message, "empty image");
}

TEST(CalibrationFile, SavesAndLoadsAndRefusesOtherFiles) {
  auto dir = std::filesystem::temp_directory_path() / "cf-calibration-test";
  std::filesystem::create_directories(dir);
  Calibration c;
  c.camera =
      Camera::LookingAt({10, 20}, 1000, 20, 30, 1920, 1080, 60, {-0.1, 0.02, 0.001, -0.001, 0});
  c.has_table_pose = true;
  c.rms_px = 0.21;
  c.colors.Fit("red", std::vector<cv::Vec3b>(50, cv::Vec3b(30, 30, 190)));
  std::string path = (dir / "cal.yaml").string();
  ASSERT_TRUE(SaveCalibration(c, path).ok());
  auto back = LoadCalibration(path);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_NEAR(cv::norm(back->camera.Project({5, 6, 0}) - c.camera.Project({5, 6, 0})), 0, 1e-6);
  EXPECT_TRUE(back->has_table_pose);
  EXPECT_EQ(back->colors.Classify({30, 30, 190}).first, "red");
  // The colours saved are those in play: one dropped stays dropped.
  c.colors.colors().erase("gray");
  ASSERT_TRUE(SaveCalibration(c, path).ok());
  back = LoadCalibration(path);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->colors.colors().size(), c.colors.colors().size());
  EXPECT_EQ(back->colors.colors().count("gray"), 0u);

  std::ofstream(dir / "other.yaml") << "%YAML:1.0\n---\nformat: \"something else\"\n";
  EXPECT_EQ(LoadCalibration((dir / "other.yaml").string()).error().message,
            (dir / "other.yaml").string() +
                " is not a catapult-fair calibration file (format should be "
                "catapult-fair/calibration@1)");
  std::ofstream(dir / "junk.yaml") << "this is { not yaml";
  EXPECT_FALSE(LoadCalibration((dir / "junk.yaml").string()).ok());
  // A file broken by hand says where, in OpenCV's words but not its source lines.
  std::ofstream(dir / "broken.yaml") << "%YAML:1.0\n---\nformat: [1,\n";
  EXPECT_EQ(LoadCalibration((dir / "broken.yaml").string()).error().message,
            (dir / "broken.yaml").string() +
                " is not a readable calibration file: line 3: Missing , between the elements");
  EXPECT_EQ(LoadCalibration((dir / "missing.yaml").string()).error().message,
            "cannot read calibration file " + (dir / "missing.yaml").string());
  EXPECT_EQ(LoadCalibration(dir.string()).error().message,
            dir.string() + " is a folder, not a calibration file");
  EXPECT_EQ(LoadCalibration("/dev/zero").error().message,
            "/dev/zero is a device, not a calibration file");
}

}  // namespace
}  // namespace cf
