#include "calibration/plane_pose.h"

#include <cmath>
#include <complex>

namespace cf {

namespace {

// How far from real the focal equations' joint solution may turn (20 degrees) before the
// perspective is not trusted.
constexpr double kMostDisagreementRad = 20 * CV_PI / 180;

// The rotation nearest a matrix.
cv::Matx33d NearestRotation(const cv::Matx33d& m) {
  cv::Mat w, u, vt;
  cv::SVD::compute(cv::Mat(m), w, u, vt);
  cv::Matx33d r(cv::Mat(u * vt));
  if (cv::determinant(r) < 0) {
    cv::Mat flip = cv::Mat::eye(3, 3, CV_64F);
    flip.at<double>(2, 2) = -1;
    r = cv::Matx33d(cv::Mat(u * flip * vt));
  }
  return r;
}

}  // namespace

Result<PlaneCamera> CameraFromPlane(const cv::Matx33d& picture_to_plane, cv::Size image,
                                    double plane_z) {
  if (std::abs(cv::determinant(picture_to_plane)) < 1e-18)
    return Fail("the table plane is degenerate");
  const double cx = image.width / 2.0, cy = image.height / 2.0;
  // Plane to picture, with the principal point moved to the origin.
  cv::Matx33d h = cv::Matx33d(1, 0, -cx, 0, 1, -cy, 0, 0, 1) * picture_to_plane.inv();
  h *= 1.0 / cv::norm(cv::Vec3d(h(0, 0), h(1, 0), h(2, 0)));
  // With K = diag(f, f, 1), K^-1 h has orthogonal first two columns of equal length: two linear
  // equations in w = 1 / f^2, solved together by least squares.
  const double a1 = h(0, 0) * h(0, 1) + h(1, 0) * h(1, 1), b1 = h(2, 0) * h(2, 1);
  const double a2 = h(0, 0) * h(0, 0) + h(1, 0) * h(1, 0) - h(0, 1) * h(0, 1) - h(1, 1) * h(1, 1),
               b2 = h(2, 0) * h(2, 0) - h(2, 1) * h(2, 1);
  PlaneCamera out;
  double f = 0.8 * std::max(image.width, image.height);  // a typical webcam or phone lens
  const double denominator = a1 * a1 + a2 * a2;
  if (denominator > 0) {
    double w = -(a1 * b1 + a2 * b2) / denominator;
    // The perspective's strength relative to the picture: too weak and f is anyone's guess.
    double perspective = std::hypot(h(2, 0), h(2, 1)) * std::max(image.width, image.height) /
                         std::hypot(h(0, 0), h(1, 0));
    // Taken together as one complex equation, whose solution does not depend on how the plane's
    // axes are turned, the two agree when it is real and positive. A bent lens or a noisy fit
    // gives it a phase: the perspective read is then not a camera's.
    const std::complex<double> solution =
        -std::complex<double>(b2, 2 * b1) / std::complex<double>(a2, 2 * a1);
    const bool agree = std::abs(std::arg(solution)) < kMostDisagreementRad;
    if (w > 0 && perspective > 0.15 && agree) {
      double estimate = 1 / std::sqrt(w);
      if (estimate > 0.3 * image.width && estimate < 5.0 * image.width) {
        f = estimate;
        out.focal_estimated = true;
      }
    }
  }
  cv::Matx33d g = cv::Matx33d(1 / f, 0, 0, 0, 1 / f, 0, 0, 0, 1) * h;
  cv::Vec3d g1(g(0, 0), g(1, 0), g(2, 0)), g2(g(0, 1), g(1, 1), g(2, 1)),
      g3(g(0, 2), g(1, 2), g(2, 2));
  double scale = 2 / (cv::norm(g1) + cv::norm(g2));
  if (g3[2] * scale < 0) scale = -scale;  // the plane lies in front of the camera
  cv::Vec3d r1 = g1 * scale, r2 = g2 * scale, r3 = r1.cross(r2);
  cv::Matx33d r =
      NearestRotation(cv::Matx33d(r1[0], r2[0], r3[0], r1[1], r2[1], r3[1], r1[2], r2[2], r3[2]));
  cv::Vec3d t = g3 * scale;
  Camera& cam = out.camera;
  cam.width = image.width, cam.height = image.height;
  cam.fx = cam.fy = f, cam.cx = cx, cam.cy = cy;
  cam.dist = {0, 0, 0, 0, 0};
  cam.R = r;
  // The plane is z = plane_z of the world: move the origin from the plane to the table.
  cam.t = t - plane_z * cv::Vec3d(r(0, 2), r(1, 2), r(2, 2));
  if (cam.position()[2] >= plane_z) return Fail("the camera would be under the table");
  out.tilt_deg = std::acos(std::clamp(r(2, 2), -1.0, 1.0)) * 180 / CV_PI;
  return out;
}

}  // namespace cf
