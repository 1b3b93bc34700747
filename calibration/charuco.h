#pragma once
// ChArUco boards (Debian 12's OpenCV 4.6: the old contrib aruco API): detection, camera
// intrinsics from several views, and the table plane from a board lying on the table.

#include <opencv2/core.hpp>
#include <vector>

#include "calibration/camera.h"
#include "engine/result.h"

namespace cf {

// The printed board. An odd number of rows reads the same in every OpenCV version.
struct CharucoSpec {
  int squares_x = 8, squares_y = 11;
  double square_mm = 30, marker_mm = 22;
  int dictionary = 6;  // cv::aruco::DICT_5X5_100
};

// Inner chessboard corners found in one image, with their ids.
struct CharucoView {
  std::vector<cv::Point2f> corners;
  std::vector<int> ids;
};

Result<CharucoView> DetectCharuco(const cv::Mat& image, const CharucoSpec& spec);

// Intrinsics and distortion from views of the board held in several poses.
struct IntrinsicCalibration {
  Camera camera;  // R and t of the first view
  double rms_px = 0;
  int views = 0;
};
Result<IntrinsicCalibration> CalibrateIntrinsics(const std::vector<cv::Mat>& images,
                                                 const CharucoSpec& spec);

// The camera's pose relative to a board lying flat on the table: the board's plane is the table
// (z = 0), its x axis along the board's squares, origin at the board's first corner.
Result<Camera> PoseFromBoard(const cv::Mat& image, const Camera& intrinsics,
                             const CharucoSpec& spec);

}  // namespace cf
