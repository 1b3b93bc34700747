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
  const Calibration* calibration = nullptr;  // without it, the picture is taken as seen from above
  std::string debug_prefix;  // when set, pictures of the intermediate steps are written there
};

// Refuses (as an Error) an empty frame or a picture without a board.
Result<Scene> AnalyzeTable(const cv::Mat& image, const AnalyzeInput& input);

}  // namespace cf
