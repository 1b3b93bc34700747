#pragma once
// How much of what tells a tile from a look-alike the pieces on a rendered table hide: ground
// truth that separates a reader's mistakes from what the picture does not show at all.

#include <map>
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
  // Whether any of the truth's tile `tile` is hidden (by a follower, a token or a hand).
  bool Covered(size_t tile) const;
  // HiddenShare judged quickly on the two arts painted small, in the tile's own frame (without
  // the picture's blur it may fall short of it, by up to 0.36 on seeds 50000-50001): to pass over
  // look-alikes that surely show.
  std::optional<double> RoughHiddenShare(size_t tile, const std::string& id, int rotation);

 private:
  // Where the point (x, y) mm of tile `t`'s own frame (before its turn) shows in the picture.
  cv::Point2d Seen(const SceneTile& t, double x_mm, double y_mm) const;

  const TileCatalog& catalog_;
  Scene bare_;  // the truth without followers and tokens
  Look look_;   // without hands: what a hand hides must show in a difference
  cv::Mat bare_picture_, hidden_;
  std::map<int, cv::Mat> small_art_;          // by catalog type, painted kSmallArt a side
  std::map<size_t, cv::Mat> hidden_on_tile_;  // by tile: hidden_ in the tile's frame
};

}  // namespace cf
