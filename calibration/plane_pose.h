#pragma once
// A camera recovered from how it sees a plane: the focal length from the plane's perspective
// (square pixels, principal point at the centre, no distortion), then the pose.

#include <opencv2/core.hpp>

#include "calibration/camera.h"
#include "engine/result.h"

namespace cf {

// A camera recovered from a plane's picture.
struct PlaneCamera {
  Camera camera;
  // false: the view is too square-on, or its perspective too unlike a camera's, and a typical
  // lens was assumed
  bool focal_estimated = false;
  double tilt_deg = 0;  // the view's tilt from straight down
};

// The camera for which `picture_to_plane` maps pixels to the world plane z = plane_z (x, y in mm).
Result<PlaneCamera> CameraFromPlane(const cv::Matx33d& picture_to_plane, cv::Size image,
                                    double plane_z);

}  // namespace cf
