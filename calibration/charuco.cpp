#include "calibration/charuco.h"

#include <opencv2/aruco/charuco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

namespace cf {

namespace {

cv::Ptr<cv::aruco::CharucoBoard> Board(const CharucoSpec& s) {
  return cv::aruco::CharucoBoard::create(s.squares_x, s.squares_y, static_cast<float>(s.square_mm),
                                         static_cast<float>(s.marker_mm),
                                         cv::aruco::getPredefinedDictionary(s.dictionary));
}

}  // namespace

Result<CharucoView> DetectCharuco(const cv::Mat& image, const CharucoSpec& spec) {
  if (image.empty()) return Fail("empty image");
  cv::Mat grey;
  if (image.channels() == 3)
    cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
  else
    grey = image;
  auto board = Board(spec);
  std::vector<std::vector<cv::Point2f>> marker_corners, rejected;
  std::vector<int> marker_ids;
  auto params = cv::aruco::DetectorParameters::create();
  params->cornerRefinementMethod = cv::aruco::CORNER_REFINE_NONE;
  cv::aruco::detectMarkers(grey, board->dictionary, marker_corners, marker_ids, params, rejected);
  if (marker_ids.size() < 4) return Fail("no ChArUco board in view");
  CharucoView view;
  cv::aruco::interpolateCornersCharuco(marker_corners, marker_ids, grey, board, view.corners,
                                       view.ids);
  if (view.ids.size() < 8)
    return Fail("too few ChArUco corners (" + std::to_string(view.ids.size()) + ")");
  cv::cornerSubPix(grey, view.corners, cv::Size(5, 5), cv::Size(-1, -1),
                   cv::TermCriteria(cv::TermCriteria::EPS + cv::TermCriteria::COUNT, 50, 0.005));
  return view;
}

Result<IntrinsicCalibration> CalibrateIntrinsics(const std::vector<cv::Mat>& images,
                                                 const CharucoSpec& spec) {
  if (images.empty()) return Fail("no calibration images");
  auto board = Board(spec);
  std::vector<std::vector<cv::Point2f>> corners;
  std::vector<std::vector<int>> ids;
  cv::Size size = images[0].size();
  for (const auto& img : images) {
    if (img.size() != size) return Fail("calibration images differ in size");
    auto v = DetectCharuco(img, spec);
    if (!v) continue;
    corners.push_back(v->corners);
    ids.push_back(v->ids);
  }
  if (corners.size() < 4)
    return Fail("the board was found in " + std::to_string(corners.size()) +
                " images; at least 4 are needed");
  cv::Mat K, dist;
  std::vector<cv::Mat> rvecs, tvecs;
  double rms = cv::aruco::calibrateCameraCharuco(corners, ids, board, size, K, dist, rvecs, tvecs,
                                                 cv::CALIB_FIX_K3);
  IntrinsicCalibration out;
  out.rms_px = rms;
  out.views = static_cast<int>(corners.size());
  Camera& c = out.camera;
  c.width = size.width;
  c.height = size.height;
  c.fx = K.at<double>(0, 0), c.fy = K.at<double>(1, 1), c.cx = K.at<double>(0, 2),
  c.cy = K.at<double>(1, 2);
  for (int i = 0; i < 5 && i < dist.cols * dist.rows; ++i) c.dist[i] = dist.at<double>(i);
  cv::Mat R;
  cv::Rodrigues(rvecs[0], R);
  c.R = cv::Matx33d(R);
  c.t = cv::Vec3d(tvecs[0]);
  return out;
}

Result<Camera> PoseFromBoard(const cv::Mat& image, const Camera& intrinsics,
                             const CharucoSpec& spec) {
  auto v = DetectCharuco(image, spec);
  if (!v) return v.error();
  auto board = Board(spec);
  cv::Mat K(intrinsics.K()), dist(intrinsics.dist);
  cv::Vec3d rvec, tvec;
  if (!cv::aruco::estimatePoseCharucoBoard(v->corners, v->ids, board, K, dist, rvec, tvec))
    return Fail("could not find the board's pose");
  Camera c = intrinsics;
  cv::Mat R;
  cv::Rodrigues(rvec, R);
  c.R = cv::Matx33d(R);
  c.t = tvec;
  return c;
}

}  // namespace cf
