#include "calibration/camera.h"

#include <cmath>

namespace cf {

cv::Point2d Camera::Project(const cv::Point3d& world, double* depth) const {
  cv::Vec3d c = R * cv::Vec3d(world.x, world.y, world.z) + t;
  if (depth) *depth = c[2];
  double x = c[0] / c[2], y = c[1] / c[2];
  double r2 = x * x + y * y;
  double radial = 1 + dist[0] * r2 + dist[1] * r2 * r2 + dist[4] * r2 * r2 * r2;
  double xd = x * radial + 2 * dist[2] * x * y + dist[3] * (r2 + 2 * x * x);
  double yd = y * radial + dist[2] * (r2 + 2 * y * y) + 2 * dist[3] * x * y;
  return {fx * xd + cx, fy * yd + cy};
}

cv::Point2d Camera::Undistort(const cv::Point2d& pixel) const {
  double xd = (pixel.x - cx) / fx, yd = (pixel.y - cy) / fy;
  double x = xd, y = yd;
  for (int i = 0; i < 8; ++i) {  // fixed-point iteration, as OpenCV's undistortPoints
    double r2 = x * x + y * y;
    double radial = 1 + dist[0] * r2 + dist[1] * r2 * r2 + dist[4] * r2 * r2 * r2;
    double dx = 2 * dist[2] * x * y + dist[3] * (r2 + 2 * x * x);
    double dy = dist[2] * (r2 + 2 * y * y) + 2 * dist[3] * x * y;
    x = (xd - dx) / radial;
    y = (yd - dy) / radial;
  }
  return {x, y};
}

bool Camera::PixelToPlane(const cv::Point2d& pixel, double plane_z, cv::Point2d& out) const {
  cv::Point2d n = Undistort(pixel);
  cv::Vec3d dir = R.t() * cv::Vec3d(n.x, n.y, 1.0);
  cv::Vec3d origin = position();
  if (std::abs(dir[2]) < 1e-12) return false;
  double s = (plane_z - origin[2]) / dir[2];
  if (s <= 0) return false;
  out = {origin[0] + s * dir[0], origin[1] + s * dir[1]};
  return true;
}

Camera Camera::LookingAt(cv::Point2d target, double distance, double tilt_deg, double yaw_deg,
                         int width, int height, double hfov_deg, cv::Vec<double, 5> dist) {
  Camera c;
  c.width = width;
  c.height = height;
  c.fx = c.fy = width / 2.0 / std::tan(hfov_deg * CV_PI / 360.0);
  c.cx = width / 2.0;
  c.cy = height / 2.0;
  c.dist = dist;
  // Straight down: camera x = east, camera y = south, camera z = down (world z).
  double tilt = tilt_deg * CV_PI / 180, yaw = yaw_deg * CV_PI / 180;
  cv::Matx33d yaw_m(std::cos(yaw), std::sin(yaw), 0, -std::sin(yaw), std::cos(yaw), 0, 0, 0, 1);
  cv::Matx33d tilt_m(1, 0, 0, 0, std::cos(tilt), std::sin(tilt), 0, -std::sin(tilt),
                     std::cos(tilt));
  c.R = tilt_m * yaw_m;
  cv::Vec3d forward = c.R.t() * cv::Vec3d(0, 0, 1);
  cv::Vec3d centre = cv::Vec3d(target.x, target.y, 0) - distance * forward;
  c.t = -(c.R * centre);
  return c;
}

json::Value Camera::ToJson() const {
  json::Value v;
  v["width"] = width;
  v["height"] = height;
  v["fx"] = fx;
  v["fy"] = fy;
  v["cx"] = cx;
  v["cy"] = cy;
  v["distortion"] = json::Array{dist[0], dist[1], dist[2], dist[3], dist[4]};
  json::Array r;
  for (int i = 0; i < 9; ++i) r.push_back(R.val[i]);
  v["rotation"] = r;
  v["translation_mm"] = json::Array{t[0], t[1], t[2]};
  cv::Vec3d p = position();
  v["position_mm"] = json::Array{p[0], p[1], p[2]};
  return v;
}

Result<Camera> Camera::FromJson(const json::Value& v) {
  Camera c;
  auto num = [&](const char* key, double& out) {
    const json::Value* x = v.find(key);
    if (!x || !x->is_number()) return false;
    out = x->as_number();
    return true;
  };
  double w, h;
  if (!num("width", w) || !num("height", h) || !num("fx", c.fx) || !num("fy", c.fy) ||
      !num("cx", c.cx) || !num("cy", c.cy))
    return Fail("camera: needs width, height, fx, fy, cx, cy");
  c.width = static_cast<int>(w);
  c.height = static_cast<int>(h);
  auto arr = [&](const char* key, size_t n, double* out) {
    const json::Value* x = v.find(key);
    if (!x || !x->is_array() || x->as_array().size() != n) return false;
    for (size_t i = 0; i < n; ++i) {
      if (!x->as_array()[i].is_number()) return false;
      out[i] = x->as_array()[i].as_number();
    }
    return true;
  };
  if (!arr("distortion", 5, c.dist.val) || !arr("rotation", 9, c.R.val) ||
      !arr("translation_mm", 3, c.t.val))
    return Fail("camera: needs distortion[5], rotation[9] and translation_mm[3]");
  return c;
}

}  // namespace cf
