#pragma once
// How much of what tells a tile from a look-alike the pieces on a rendered table hide: ground
// truth that separates a reader's mistakes from what the picture does not show at all.

#include <opencv2/core.hpp>
#include <optional>
#include <string>

#include "engine/tile_catalog.h"
#include "vision/scene.h"
#include "vision/table_renderer.h"

namespace cf {

// One rendered table (its truth and look, as RenderTable took them), asked about its tiles.
class HiddenDifference {
 public:
  HiddenDifference(const TileCatalog& catalog, const Scene& truth, const Look& look);

  // Of the picture's pixels where the truth's tile `tile` (an index into its tiles) would look
  // different were it `id` turned `rotation` degrees, the share that followers, tokens and hands
  // hide; nothing when no pixel would differ (the same face, or the tile out of view).
  std::optional<double> HiddenShare(size_t tile, const std::string& id, int rotation);

 private:
  const TileCatalog& catalog_;
  Scene bare_;  // the truth without followers and tokens
  Look look_;
  cv::Mat bare_picture_, hidden_;
};

}  // namespace cf
