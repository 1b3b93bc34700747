#include "vision/follower_feature.h"

#include <cmath>
#include <vector>

namespace cf {

namespace {

// Players stand a follower in its feature's middle, where the catalog draws it (its anchor), give
// or take this much (tile units: 5 mm), half of them; the others anywhere on the feature. (Not
// fitted: the renderer lays its followers within 1.8 mm of the anchor; 4 to 6 mm and a third to
// a half near the spot read the tuning scenes alike.)
constexpr double kSpotSpread = 5.0 / 45, kAtSpotShare = 0.5;

}  // namespace

int FeatureUnderFollower(const TileType& type, Vec2 canonical, double sigma, double* density) {
  if (type.label_map.empty()) return -1;
  // Per feature, in label cells: its area, and its area weighed by how near the footprint it is
  // (a Gaussian of the measuring error).
  std::vector<double> area(type.features.size(), 0), near(type.features.size(), 0);
  for (int row = 0; row < kLabelGrid; ++row)
    for (int col = 0; col < kLabelGrid; ++col) {
      const int f = type.label_map[row * kLabelGrid + col];
      if (f < 0) continue;
      const double dx = (col + 0.5) / kLabelGrid - canonical.x,
                   dy = (row + 0.5) / kLabelGrid - canonical.y;
      area[f] += 1;
      near[f] += std::exp(-(dx * dx + dy * dy) / (2 * sigma * sigma));
    }
  // The chance that a footprint measured here belongs to a follower on the feature (the whole
  // Gaussian's weight is 2 pi sigma^2 tiles, kLabelGrid^2 cells a tile): at least one in a
  // hundred, or the footprint is further than about three sigmas from it.
  const double whole = 2 * M_PI * sigma * sigma * kLabelGrid * kLabelGrid;
  // The density (per tile area) of a footprint measured here, for a follower laid on each feature.
  const double spread = kSpotSpread * kSpotSpread + sigma * sigma;
  int best = -1;
  double best_density = 0;
  for (size_t f = 0; f < type.features.size(); ++f) {
    if (!IsOccupiable(type.features[f].kind) || near[f] < 0.01 * whole) continue;
    const double anywhere = near[f] / (area[f] * 2 * M_PI * sigma * sigma);
    const Vec2 spot = type.features[f].anchor;
    const double dx = spot.x - canonical.x, dy = spot.y - canonical.y;
    const double at_spot = std::exp(-(dx * dx + dy * dy) / (2 * spread)) / (2 * M_PI * spread);
    const double here = (1 - kAtSpotShare) * anywhere + kAtSpotShare * at_spot;
    if (here > best_density) best_density = here, best = static_cast<int>(f);
  }
  if (density) *density = best_density;
  return best;
}

bool DeepInAFair(const TileType& type, Vec2 canonical, double margin) {
  if (type.label_map.empty()) return false;
  bool any = false;
  for (int row = 0; row < kLabelGrid; ++row)
    for (int col = 0; col < kLabelGrid; ++col) {
      const double dx = (col + 0.5) / kLabelGrid - canonical.x,
                   dy = (row + 0.5) / kLabelGrid - canonical.y;
      if (dx * dx + dy * dy > margin * margin) continue;
      const int f = type.label_map[row * kLabelGrid + col];
      if (f < 0 || type.features[f].kind != FeatureKind::kFair) return false;
      any = true;
    }
  return any;
}

}  // namespace cf
