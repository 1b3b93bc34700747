#pragma once

#include "engine/tile_catalog.h"

namespace cf {

// The occupiable feature of `type` that a follower whose footprint was measured at `canonical`
// (tile units, unrotated) stands on, or -1 when none is within reach. The footprint is known to
// about `sigma` (tile units), and followers are laid anywhere on their feature: the likeliest is
// the feature with the most of its area near the footprint for its size, so a footprint just
// beside a narrow road is the road's rather than the wide field's.
int FeatureUnderFollower(const TileType& type, Vec2 canonical, double sigma);

}  // namespace cf
