#pragma once
// A pinhole camera with lens distortion looking at the table; the world frame is the table plane
// of interface.md 2 in millimetres (x east, y south) with z pointing down into the table, so a
// point h millimetres above the table has z = -h.

#include <opencv2/core.hpp>
#include <string>

#include "engine/json.h"
#include "engine/result.h"

namespace cf {

struct Camera {
  int width = 1920, height = 1080;
  double fx = 1500, fy = 1500, cx = 960, cy = 540;
  cv::Vec<double, 5> dist{0, 0, 0, 0, 0};  // k1 k2 p1 p2 k3 (OpenCV order)
  cv::Matx33d R = cv::Matx33d::eye();      // world -> camera rotation
  cv::Vec3d t{0, 0, 1000};                 // world -> camera translation

  cv::Matx33d K() const { return {fx, 0, cx, 0, fy, cy, 0, 0, 1}; }
  cv::Vec3d position() const { return -(R.t() * t); }
  // Pixel of a world point (with distortion); z of the camera frame in `depth` if given.
  cv::Point2d Project(const cv::Point3d& world, double* depth = nullptr) const;
  // The normalised, undistorted image coordinates of a pixel.
  cv::Point2d Undistort(const cv::Point2d& pixel) const;
  // Where the ray through `pixel` meets the horizontal plane z = plane_z; false if it does not.
  bool PixelToPlane(const cv::Point2d& pixel, double plane_z, cv::Point2d& out) const;

  // A camera above the table looking at `target` from `distance` mm, tilted by `tilt_deg` from
  // straight down, turned by `yaw_deg` about the vertical.
  static Camera LookingAt(cv::Point2d target, double distance, double tilt_deg, double yaw_deg,
                          int width, int height, double hfov_deg, cv::Vec<double, 5> dist);

  json::Value ToJson() const;
  static Result<Camera> FromJson(const json::Value& v);
};

}  // namespace cf
