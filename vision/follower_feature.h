#pragma once

#include "engine/tile_catalog.h"

namespace cf {

// The occupiable feature of `type` that a follower whose footprint was measured at `canonical`
// (tile units, unrotated) stands on, or -1 when none is within reach. The footprint is known to
// about `sigma` (tile units); followers are laid near their feature's middle (where the catalog
// draws one) or anywhere on it: the likeliest feature is the one with the most of its area near
// the footprint for its size, or whose middle is near it, so a footprint just beside a narrow road
// is the road's rather than the wide field's, the more so near the road's middle.
// `density` (if given) gets how likely (per tile area) a follower on that feature shows there.
int FeatureUnderFollower(const TileType& type, Vec2 canonical, double sigma,
                         double* density = nullptr);

// Whether `canonical` (tile units, unrotated) lies on a fair of `type` with fair all round it for
// `margin` (tile units): where no follower stands, and only the fair's own art is seen.
bool DeepInAFair(const TileType& type, Vec2 canonical, double margin);

}  // namespace cf
