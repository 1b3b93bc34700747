#include "engine/tile_points.h"

namespace cf {

namespace {
constexpr std::array<std::string_view, kPointCount> kNames = {
    "N1", "N2", "N3", "E1", "E2", "E3", "S1", "S2", "S3", "W1", "W2", "W3", "C"};
constexpr double kThird = 0.2;  // where the outer edge points sit along an edge
}  // namespace

std::optional<int> ParsePoint(std::string_view name) {
  for (int i = 0; i < kPointCount; ++i)
    if (kNames[i] == name) return i;
  return std::nullopt;
}

std::string_view PointName(int point) {
  return point >= 0 && point < kPointCount ? kNames[point] : std::string_view("?");
}

Vec2 PointPosition(int point) {
  if (point == kCentrePoint) return {0.5, 0.5};
  const double along[3] = {kThird, 0.5, 1 - kThird};
  double t = along[point % 3];
  switch (point / 3) {
    case kNorth:
      return {t, 0};
    case kEast:
      return {1, t};
    case kSouth:
      return {1 - t, 1};
    default:
      return {0, 1 - t};
  }
}

Vec2 RotatePosition(Vec2 p, int quarter_turns) {
  for (int i = 0; i < ((quarter_turns % 4) + 4) % 4; ++i) p = {1 - p.y, p.x};
  return p;
}

}  // namespace cf
