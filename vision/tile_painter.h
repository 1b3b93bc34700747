#pragma once
// Draws tiles of the catalog from their feature geometry, in a Carcassonne-like style.

#include <opencv2/core.hpp>

#include "engine/tile_catalog.h"

namespace cf {

struct PaintStyle {
  uint64_t seed = 0;  // varies the texture, not the layout
  double saturation = 1.0;
};

// The tile in its canonical orientation, `size` x `size` pixels, BGR.
cv::Mat PaintTile(const TileType& tile, int size, const PaintStyle& style = {});

// Scales a canonical tile-unit polygon to pixels of a `size` tile.
std::vector<cv::Point> ToPixels(const Polygon& poly, double size, int shift = 0);

}  // namespace cf
