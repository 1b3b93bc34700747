#include "vision/tile_calibration.h"

#include "calibration/plane_pose.h"
#include "vision/top_view.h"

namespace cf {

Result<TileCalibration> CalibrateFromTiles(const cv::Mat& image, const AnalyzeInput& input) {
  AnalyzeInput plain = input;
  plain.calibration = nullptr;
  auto plane = TablePlaneFromTiles(image, plain);
  if (!plane) return plane.error();
  auto camera = CameraFromPlane(plane->picture_to_mm, image.size(), kTileTop);
  if (!camera) return camera.error();
  TileCalibration out;
  out.calibration.camera = camera->camera;
  out.calibration.has_table_pose = true;
  out.distance_mm = cv::norm(camera->camera.position() - cv::Vec3d(0, 0, kTileTop));
  // How far, in pixels, the tiles' centres lie from the 45 mm grid seen through the camera.
  out.calibration.rms_px = plane->rms_mm * camera->camera.fx / out.distance_mm;
  out.tiles = plane->tiles;
  out.rms_mm = plane->rms_mm;
  out.tilt_deg = camera->tilt_deg;
  out.focal_estimated = camera->focal_estimated;
  return out;
}

}  // namespace cf
