#include "vision/follower_feature.h"

#include <cmath>
#include <vector>

namespace cf {

int FeatureUnderFollower(const TileType& type, Vec2 canonical, double sigma) {
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
  int best = -1;
  double best_density = 0;
  for (size_t f = 0; f < type.features.size(); ++f) {
    if (!IsOccupiable(type.features[f].kind) || near[f] < 0.01 * whole) continue;
    const double density = near[f] / area[f];  // the follower laid anywhere on it, evenly
    if (density > best_density) best_density = density, best = static_cast<int>(f);
  }
  return best;
}

}  // namespace cf
