#pragma once
// Renders a photo-like image of a table scene through a camera, with lights, shadows, hands,
// sensor noise, blur and JPEG: synthetic data with exact ground truth.

#include <opencv2/core.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "calibration/camera.h"
#include "calibration/charuco.h"
#include "engine/result.h"
#include "engine/tile_catalog.h"
#include "vision/scene.h"

namespace cf {

// A table's surface that random looks never draw, to test the reader on tables it was not tuned
// on: a gingham cloth of `check_mm` squares of `color` (BGR) on white, its checks square with
// the board's grid (the hardest way), or a felt of one flat colour.
struct TableSurface {
  enum class Kind { kGingham, kFelt } kind = Kind::kFelt;
  cv::Scalar color{60, 110, 45};
  double check_mm = 0;
};
// The surfaces by name (gingham-red, gingham-blue, green-felt, white, black), or why not.
Result<TableSurface> TableSurfaceNamed(const std::string& name);
std::vector<std::string> TableSurfaceNames();

// Everything about how the picture is taken, apart from what lies on the table.
struct Look {
  Camera camera;
  bool wood = true;                     // wood grain, else a table cloth
  std::optional<TableSurface> surface;  // instead of either
  cv::Scalar table_color{60, 90, 140};
  cv::Point3d light{0, 0, -1500};  // a lamp, world mm (z up is negative)
  double light_falloff = 0.35;     // 0: even light
  cv::Scalar color_cast{1, 1, 1};  // per-channel gains (B, G, R)
  double exposure = 1.0;
  double vignette = 0.25;          // darkening towards the corners
  double glare = 0;                // strength of a specular blob
  cv::Point2d glare_at{0.5, 0.5};  // in image fractions
  double blur_sigma = 0;           // pixels
  double noise_sigma = 2;          // grey levels
  int jpeg_quality = 90;           // 0: keep lossless
  int hands = 0;                   // arms reaching into the picture
  uint64_t seed = 0;               // textures and hands
};


struct LookOptions {
  int width = 1920, height = 1080;
  double min_distance = 700, max_distance = 1500;  // camera to the board centre, mm
  double min_tilt = 0, max_tilt = 35;              // degrees from straight down
  double hands_chance = 0.25;
  bool distortion = true;
  std::optional<TableSurface> surface;  // instead of the random wood or cloth
};

// A random but plausible camera and light for a table whose tiles lie in `scene`.
Look RandomLook(const Scene& scene, const LookOptions& options, uint64_t seed);

// Renders `scene` as seen with `look`. Marks items a hand covers as occluded in `scene`. With
// `hidden`, also the picture's pixels (CV_8U, 255) where a follower, a token or a hand hides what
// lies beneath (their shadows hide nothing).
cv::Mat RenderTable(const TileCatalog& catalog, Scene& scene, const Look& look,
                    cv::Mat* hidden = nullptr);

// A ChArUco board (squares x, squares y, square and marker size mm) lying with its centre at
// `center` (world mm), tilted about x and y by the given angles and turned about z.
struct CharucoPose {
  cv::Point3d center;
  double tilt_x_deg = 0, tilt_y_deg = 0, yaw_deg = 0;
};
cv::Mat RenderCharucoView(const CharucoSpec& spec, const CharucoPose& pose, const Look& look);
// A camera and light framed for a table of some 60 cm across, as a calibration session sees it.
Look CalibrationLook(const LookOptions& options, uint64_t seed);
// Board poses a person would hold for calibration: the first lies flat on the table.
std::vector<CharucoPose> CalibrationPoses(int count, uint64_t seed);

}  // namespace cf
