#pragma once
// A calibration without a printed target: the table plane and a camera from the tile grid of one
// picture (tiles are 45 mm squares).

#include <opencv2/core.hpp>

#include "calibration/calibration_file.h"
#include "vision/analyze.h"

namespace cf {

// The calibration and how well the grid fixed it.
struct TileCalibration {
  Calibration calibration;
  int tiles = 0;                 // tiles whose centres fixed the plane
  double rms_mm = 0;             // how far those centres lie from the 45 mm grid
  double tilt_deg = 0;           // the camera's tilt from straight down
  double distance_mm = 0;        // from the camera to the middle tile
  bool focal_estimated = false;  // false: assumed, the view does not tell it
};

// Refuses a picture with no board, or one whose grid gives no camera.
Result<TileCalibration> CalibrateFromTiles(const cv::Mat& image, const AnalyzeInput& input);

}  // namespace cf
