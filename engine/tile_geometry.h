#pragma once
// Feature shapes of a tile type, drawn from its topology, and the feature map derived from them.

#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/tile_catalog.h"

namespace cf {

// Fills shapes, anchors and the label map of `tile`. Per feature: extra points the shape must reach
// (edge points or corners NW NE SE SW), an explicit centre, and a size. Fails when the drawing
// would join fields that the catalog keeps apart, or leave a feature's edge point uncovered.
Status BuildGeometry(TileType& tile, const std::vector<std::vector<std::string>>& reaches,
                     const std::vector<std::optional<Vec2>>& ats, const std::vector<double>& sizes);

bool PolygonContains(const Polygon& poly, Vec2 p);

}  // namespace cf
