// What tells a tile from a look-alike, and how much of it the pieces on the table hide.

#include "vision/hidden_difference.h"

#include <gtest/gtest.h>

#include "tests/vision/vision_test_support.h"

namespace cf::testing {
namespace {

SceneTile TileAt(const std::string& id, int x, int y) {
  SceneTile t;
  t.id = id;
  t.at = {x, y};
  t.center_mm[0] = x * 45.0, t.center_mm[1] = y * 45.0;
  return t;
}

// IC-01 (a road with an inn by a lake), turned `rotation` (0 or 180) degrees, beside U (the same
// road without them), seen from above, and a catch token lying on the inn and the lake or beside
// the board.
struct InnTable {
  Scene scene;
  Look look;
  explicit InnTable(bool token_on_inn, int rotation = 0) {
    scene.tiles = {TileAt("IC-01", 0, 0), TileAt("U", 1, 0), TileAt("U", -1, 0)};
    scene.tiles[0].rotation = rotation;
    scene.tiles[0].angle_deg = rotation;
    const TileType& inn = VisionCatalog().type(VisionCatalog().find("IC-01"));
    Vec2 anchor{0.5, 0.5};
    for (const auto& f : inn.features)
      if (f.inn) anchor = f.anchor;
    // The painter draws the lake and the house just above the road, either side of its anchor.
    SceneToken token;
    token.kind = "catch";
    const double turn = rotation == 180 ? -1 : 1;
    token.center_mm[0] = token_on_inn ? turn * (anchor.x + 0.04 - 0.5) * 45 : 20;
    token.center_mm[1] = token_on_inn ? turn * (anchor.y - 0.15 - 0.5) * 45 : 60;
    scene.tokens = {token};
    LookOptions options;
    options.width = 960, options.height = 540;
    options.min_tilt = options.max_tilt = 0;
    options.min_distance = options.max_distance = 500;
    options.hands_chance = 0;
    look = RandomLook(scene, options, 7);
  }
};

TEST(HiddenDifference, AnInnUnderATokenIsHiddenAnInnInViewIsNot) {
  InnTable covered(true);
  HiddenDifference hidden(VisionCatalog(), covered.scene, covered.look);
  auto share = hidden.HiddenShare(0, "U", 0);
  ASSERT_TRUE(share);
  EXPECT_GE(*share, 0.9) << "the token lies on all that tells IC-01 from U";

  InnTable beside(false);
  HiddenDifference shown(VisionCatalog(), beside.scene, beside.look);
  share = shown.HiddenShare(0, "U", 0);
  ASSERT_TRUE(share);
  EXPECT_LE(*share, 0.1) << "nothing lies on the inn";
}

TEST(HiddenDifference, ALookAlikeOnAnUncoveredTileShowsWhollyAndUnknownTilesAreNoAnswer) {
  InnTable covered(true);
  HiddenDifference hidden(VisionCatalog(), covered.scene, covered.look);
  auto share = hidden.HiddenShare(1, "IC-01", 0);  // U read as IC-01: its pond would show
  ASSERT_TRUE(share);
  EXPECT_LE(*share, 0.05);
  EXPECT_FALSE(hidden.HiddenShare(1, "NO-SUCH-TILE", 0));
  EXPECT_FALSE(hidden.HiddenShare(7, "U", 0));
}

TEST(HiddenDifference, TheQuickEstimateAndTheCoveredTilesAgreeWithTheRender) {
  InnTable covered(true, 180);
  HiddenDifference hidden(VisionCatalog(), covered.scene, covered.look);
  EXPECT_TRUE(hidden.Covered(0));
  EXPECT_FALSE(hidden.Covered(1)) << "the U east of the inn, turned, is far from the token";
  auto share = hidden.HiddenShare(0, "U", 0);
  ASSERT_TRUE(share);
  EXPECT_GE(*share, 0.9);
  auto rough = hidden.RoughHiddenShare(0, "U", 0);
  ASSERT_TRUE(rough);
  EXPECT_GE(*rough, 0.8);
  rough = hidden.RoughHiddenShare(1, "IC-01", 180);
  ASSERT_TRUE(rough);
  EXPECT_LE(*rough, 0.1);
  // Turned the other way, the pond lies by the other edge: compared in the tile's own frame.
  rough = hidden.RoughHiddenShare(0, "IC-01", 0);
  ASSERT_TRUE(rough);
  EXPECT_LE(*rough, 0.6);

  InnTable beside(false);
  HiddenDifference shown(VisionCatalog(), beside.scene, beside.look);
  EXPECT_FALSE(shown.Covered(0));
}

}  // namespace
}  // namespace cf::testing
