#pragma once
// Reads one photo of the table: the tile grid, each tile's id and rotation, followers and tokens,
// in millimetres on the table plane (interface.md 4).

#include <opencv2/core.hpp>
#include <optional>

#include "calibration/calibration_file.h"
#include "engine/tile_catalog.h"
#include "vision/scene.h"
#include "vision/tileset.h"

namespace cf {

struct AnalyzeInput {
  const TileCatalog* catalog = nullptr;
  const std::vector<TileReference>* tileset = nullptr;
  const Calibration* calibration = nullptr;  // without it, the tile grid gives the table plane
  std::string debug_prefix;  // when set, pictures of the intermediate steps are written there
};

// Refuses (as an Error) an empty frame or a picture without a board.
Result<Scene> AnalyzeTable(const cv::Mat& image, const AnalyzeInput& input);

// The tiles' top surface as the tile grid shows it: tile centres 45 mm apart.
struct TablePlane {
  cv::Matx33d
      picture_to_mm;  // picture pixels to mm, centred on the tile nearest the board's middle
  int tiles = 0;      // tiles whose centres fixed it
  double rms_mm = 0;  // how far those centres lie from the 45 mm grid
};
// The table plane without any printed target, from a picture of tiles (no calibration used).
Result<TablePlane> TablePlaneFromTiles(const cv::Mat& image, const AnalyzeInput& input);

}  // namespace cf
