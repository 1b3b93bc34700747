#pragma once
// Edge points N1..W3 and the centre C of a tile (interface.md 1.2), rotation and matching across
// edges.

#include <array>
#include <optional>
#include <string_view>

namespace cf {

constexpr int kEdgePointCount = 12;  // N1 N2 N3 E1 E2 E3 S1 S2 S3 W1 W2 W3, clockwise from NW
constexpr int kCentrePoint = 12;     // C
constexpr int kPointCount = 13;

enum Direction { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
constexpr std::array<int, 4> kDx = {0, 1, 0, -1};
constexpr std::array<int, 4> kDy = {-1, 0, 1, 0};  // y grows south

// A position in tile units: (0,0) is the tile's north-west corner, (1,1) its south-east corner.
struct Vec2 {
  double x = 0, y = 0;
};

std::optional<int> ParsePoint(std::string_view name);
std::string_view PointName(int point);

// Canonical point -> board point for a tile turned clockwise by `quarter_turns`.
constexpr int RotatePoint(int point, int quarter_turns) {
  return point == kCentrePoint ? point : (point + 3 * quarter_turns) % kEdgePointCount;
}
constexpr int UnrotatePoint(int point, int quarter_turns) {
  return RotatePoint(point, (4 - quarter_turns % 4) % 4);
}
// The point of the neighbouring tile that touches `point` across the shared edge.
constexpr int FacingPoint(int point) { return 3 * ((point / 3 + 2) % 4) + (2 - point % 3); }
// Where a point lies on the tile, in tile units.
Vec2 PointPosition(int point);
// A position turned clockwise about the tile centre.
Vec2 RotatePosition(Vec2 p, int quarter_turns);

}  // namespace cf
