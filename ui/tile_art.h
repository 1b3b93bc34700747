#pragma once
// Each tile type's picture for the screen, from the reference art the reader uses.

#include <QPixmap>
#include <map>
#include <vector>

#include "vision/tileset.h"

namespace cf::ui {

// Screen scale: pixels per millimetre on the table.
inline constexpr double kPixelsPerMm = 2.0;
inline constexpr int kTilePixels = 90;  // a 45 mm tile

// Tile pictures, kTilePixels square, turned as placed; grey for a tile without art.
class TileArt {
 public:
  explicit TileArt(const std::vector<TileReference>& tileset);
  QPixmap Turned(int type, int quarter_turns) const;

 private:
  std::map<int, QImage> art_;
  mutable std::map<std::pair<int, int>, QPixmap> turned_;
};

}  // namespace cf::ui
