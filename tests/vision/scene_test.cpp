// The scene JSON (interface.md section 4) read back as written, with what this project adds.

#include "vision/scene.h"

#include <gtest/gtest.h>

namespace cf::testing {
namespace {

// A doubtful tile's confidence and the other tile it may be survive writing and reading back, so
// whatever shows the scene can ask the referee which of the two lies there.
TEST(Scene, ATilesConfidenceAndAlternativeAreReadBack) {
  Scene s;
  SceneTile doubtful;
  doubtful.id = "U";
  doubtful.at = {-2, 6};
  doubtful.rotation = 180;
  doubtful.confidence = 0.645;
  doubtful.alternative = SceneTile::Face{"IC-01", 180};
  SceneTile sure = doubtful;
  sure.id = "D", sure.at = {0, 0}, sure.rotation = 0, sure.confidence = 0.97;
  sure.alternative.reset();
  s.tiles = {doubtful, sure};
  auto parsed = json::parse(s.ToJson().dump());
  ASSERT_TRUE(parsed.ok());
  auto back = Scene::FromJson(*parsed);
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->tiles.size(), 2u);
  EXPECT_NEAR(back->tiles[0].confidence, 0.645, 1e-9);
  ASSERT_TRUE(back->tiles[0].alternative.has_value());
  EXPECT_EQ(back->tiles[0].alternative->id, "IC-01");
  EXPECT_EQ(back->tiles[0].alternative->rotation, 180);
  EXPECT_FALSE(back->tiles[1].alternative.has_value());
  EXPECT_EQ(s.ToJson().find("tiles")->as_array()[1].find("alternative"), nullptr);

  json::Value bad = s.ToJson();
  bad["tiles"].as_array()[0]["alternative"] = json::Value(json::Object{});
  EXPECT_FALSE(Scene::FromJson(bad).ok()) << "an alternative without an id";
  bad["tiles"].as_array()[0]["alternative"] = json::Value("IC-01");
  EXPECT_FALSE(Scene::FromJson(bad).ok()) << "an alternative that is no tile face";
}

// A tile a hand hides in a rendered picture is marked so in the truth, and read back so; a tile in
// view writes no mark.
TEST(Scene, ATileAHandCoversIsReadBackAsCovered) {
  Scene s;
  SceneTile hidden;
  hidden.id = "V";
  hidden.at = {1, 0};
  hidden.occluded = true;
  SceneTile seen = hidden;
  seen.at = {0, 0}, seen.occluded = false;
  s.tiles = {hidden, seen};
  auto back = Scene::FromJson(s.ToJson());
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->tiles.size(), 2u);
  EXPECT_TRUE(back->tiles[0].occluded);
  EXPECT_FALSE(back->tiles[1].occluded);
  EXPECT_EQ(s.ToJson().find("tiles")->as_array()[1].find("occluded"), nullptr);
}

}  // namespace
}  // namespace cf::testing
