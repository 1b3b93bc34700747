#include "vision/follower_feature.h"

#include <gtest/gtest.h>

#include "tests/vision/vision_test_support.h"

namespace cf::testing {
namespace {

constexpr double kSigma = 1.2 / 45;  // a footprint measured to 1.2 mm, in tile units

const TileType& Type(const std::string& id) {
  return VisionCatalog().type(VisionCatalog().find(id));
}

FeatureKind KindUnder(const std::string& id, double x, double y) {
  const TileType& type = Type(id);
  const int f = FeatureUnderFollower(type, {x, y}, kSigma);
  EXPECT_GE(f, 0) << id << " at " << x << ", " << y;
  return f < 0 ? FeatureKind::kFair : type.features[f].kind;
}

// Tile FAIR-01: a fair, a disc 18 mm across, in the middle; no follower stands on it.
TEST(FollowerFeature, OnlyTheFairsInsideIsDeepInAFair) {
  const double margin = 4.0 / 45;
  EXPECT_TRUE(DeepInAFair(Type("FAIR-01"), {0.5, 0.5}, margin));
  EXPECT_TRUE(DeepInAFair(Type("FAIR-01"), {0.5 + 4.0 / 45, 0.5}, margin));
  EXPECT_FALSE(DeepInAFair(Type("FAIR-01"), {0.5 + 6.0 / 45, 0.5}, margin)) << "3 mm from its rim";
  EXPECT_FALSE(DeepInAFair(Type("FAIR-01"), {0.2, 0.8}, margin)) << "on the field";
  EXPECT_FALSE(DeepInAFair(Type("U"), {0.5, 0.5}, margin)) << "a tile without a fair";
}

// Tile U: a straight road from west to east through the middle, 5 mm wide, fields either side.
TEST(FollowerFeature, AFootprintJustBesideANarrowRoadIsOnTheRoad) {
  EXPECT_EQ(KindUnder("U", 0.3, 0.5), FeatureKind::kRoad);
  EXPECT_EQ(KindUnder("U", 0.3, 0.5 + 3.0 / 45), FeatureKind::kRoad) << "half a mm past its edge";
  EXPECT_EQ(KindUnder("U", 0.3, 0.5 + 7.0 / 45), FeatureKind::kField);
  EXPECT_EQ(KindUnder("U", 0.3, 0.15), FeatureKind::kField);
}

// Players stand a follower in its feature's middle: a footprint 2 mm off the road is the road's
// by its middle, where the catalog draws its follower, and the field's near the tile's edge.
TEST(FollowerFeature, AFootprintNearTheRoadsMiddleIsTheRoadsFartherThanAtItsEnd) {
  const Vec2 middle =
      Type("U").features[FeatureUnderFollower(Type("U"), {0.5, 0.5}, kSigma)].anchor;
  const double off = 4.5 / 45;  // 2 mm past the road's edge
  EXPECT_EQ(KindUnder("U", middle.x, middle.y + off), FeatureKind::kRoad);
  EXPECT_EQ(KindUnder("U", 0.08, middle.y + off), FeatureKind::kField);
}

TEST(FollowerFeature, NoFeatureFarFromTheFootprint) {
  EXPECT_LT(FeatureUnderFollower(Type("U"), {-0.5, 0.5}, kSigma), 0);
}

}  // namespace
}  // namespace cf::testing
