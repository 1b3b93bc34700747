#pragma once
// The calibration file: one YAML file (cv::FileStorage) with the camera, the table plane and the
// players' colours.

#include <optional>
#include <string>

#include "calibration/camera.h"
#include "calibration/color_model.h"
#include "engine/result.h"

namespace cf {

inline constexpr const char* kCalibrationFormat = "catapult-fair/calibration@1";

struct Calibration {
  Camera camera;  // intrinsics, distortion, and the pose when the table plane is known
  bool has_table_pose = false;
  double rms_px = 0;
  ColorModel colors = ColorModel::Defaults();
};

Status SaveCalibration(const Calibration& c, const std::string& path);
Result<Calibration> LoadCalibration(const std::string& path);

}  // namespace cf
