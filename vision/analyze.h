#pragma once
// Reads one photo of the table: the tile grid, each tile's id and rotation, followers and tokens,
// in millimetres on the table plane (interface.md 4).

#include <map>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calibration/calibration_file.h"
#include "engine/tile_catalog.h"
#include "vision/scene.h"
#include "vision/tileset.h"

namespace cf {

// Per player colour, the pixels (BGR, relit to the tile art's light as the reader classifies
// them) of the followers read with confidence kSampledFollowerConfidence or more.
using ColourSamples = std::map<std::string, std::vector<cv::Vec3b>>;
constexpr double kSampledFollowerConfidence = 0.7;

// The fewest tiles joined that make a board, for a reader that knows no board to check against.
inline constexpr size_t kLeastJoinedTiles = 3;

struct AnalyzeInput {
  const TileCatalog* catalog = nullptr;
  const std::vector<TileReference>* tileset = nullptr;
  const Calibration* calibration = nullptr;  // without it, the tile grid gives the table plane
  std::string debug_prefix;  // when set, pictures of the intermediate steps are written there
  ColourSamples* colour_samples = nullptr;  // when set, filled from the reading returned
  // Fewer tiles joined than this is no board. A caller that checks the reading against a board
  // it knows (TurnFromReading) may take two: the start tile and the first one laid; then how well
  // the tiles match is judged only once the covered ones are read again.
  size_t min_joined_tiles = kLeastJoinedTiles;
};

// Refuses (as an Error) an empty frame or a picture without a board. With a calibration, a picture
// in which no board is found is read once more as a board of few tiles (TableReader::ReadFewTiles):
// the start tile alone, or the first ones laid.
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
