#pragma once
// The catalog and small rendered scenes shared by the vision tests.

#include <gtest/gtest.h>

#include <random>

#include "engine/random_game.h"
#include "vision/analyze.h"
#include "vision/referee.h"
#include "vision/scene_recipe.h"
#include "vision/sequence_renderer.h"
#include "vision/table_layout.h"
#include "vision/table_renderer.h"

namespace cf::testing {

inline const TileCatalog& VisionCatalog() {
  static const TileCatalog catalog = [] {
    auto c = TileCatalog::Load(CF_CATALOG_PATH);
    if (!c) std::abort();
    return std::move(c).value();
  }();
  return catalog;
}

// The painted tile set, the reader's default art.
inline const std::vector<TileReference>& Painted() {
  static const auto tiles = PaintedTileset(VisionCatalog());
  return tiles;
}

// A rendered picture read with the camera that took it as the calibration.
inline Result<Scene> ReadWithItsCamera(const cv::Mat& img, const Look& look) {
  Calibration cal;
  cal.camera = look.camera;
  cal.has_table_pose = true;
  return AnalyzeTable(img, {&VisionCatalog(), &Painted(), &cal, ""});
}

// A picture read with no calibration: the plane from the tiles themselves.
inline Result<Scene> ReadWithoutCalibration(const cv::Mat& img) {
  return AnalyzeTable(img, {&VisionCatalog(), &Painted(), nullptr, ""});
}

// A random game of `tiles` tiles with every expansion, laid out on the table with tokens.
inline std::pair<GameState, Scene> RandomTable(uint64_t seed, int tiles) {
  SceneRecipe recipe;
  recipe.seed = seed;
  recipe.tiles = tiles;
  recipe.expansions = KnownExpansions();
  return {PlayRecipeGame(VisionCatalog(), recipe), RecipeTable(VisionCatalog(), recipe).first};
}

// A table with nothing on it, framed where the start tile would lie (a recipe of no tiles), and
// the look of its picture.
inline std::pair<Scene, Look> EmptyTable(uint64_t seed) {
  SceneRecipe recipe;
  recipe.seed = seed;
  recipe.tiles = 0;
  recipe.tokens = 0;
  return RecipeTable(VisionCatalog(), recipe);
}

// The recipe of the scene bench vision renders for `seed`.
inline SceneRecipe BenchRecipe(uint64_t seed) {
  SceneRecipe recipe;
  recipe.seed = seed;
  recipe.tiles = 60;
  recipe.expansions = KnownExpansions();
  recipe.follower_chance = 0.3;
  return recipe;
}

// The scene bench vision renders for `seed`.
inline RenderedScene BenchScene(uint64_t seed) {
  return RenderRecipe(VisionCatalog(), BenchRecipe(seed));
}

// bench vision's scene `seed` with `tiles` tiles and no catapult tokens (bench vision --tiles N
// --tokens 0).
inline RenderedScene SmallBoard(uint64_t seed, int tiles) {
  SceneRecipe recipe = BenchRecipe(seed);
  recipe.tiles = tiles;
  recipe.tokens = 0;
  return RenderRecipe(VisionCatalog(), recipe);
}

// A game with The Catapult played and laid out turn by turn; by default 4 players and 34 turns
// with a knock-out, a target and a seduction round, as bench referee plays it.
inline Sequence PlayedGame(uint64_t seed, int players = 4, int turns = 34,
                           std::vector<int> fair_turns = {11, 22, 33}) {
  GameSetup setup;
  for (int p = 0; p < players; ++p) setup.players.push_back({kColors[p], ""});
  setup.expansions = {"catapult"};
  SequenceOptions options;
  options.turns = turns;
  options.seed = seed;
  options.fair_turns = std::move(fair_turns);
  auto played = PlaySequence(VisionCatalog(), setup, options);
  EXPECT_TRUE(played) << played.error().message;
  return std::move(played).value();
}

// One throw of a played game: the table before and after it, and what the game says happened.
struct Throw {
  size_t fair_move = 0;  // the record's move that placed the fair tile (1-based)
  int index = 0;         // the throw's place in its round
  Scene before, after;
  json::Value event;
  std::string fair_id;
};

inline std::vector<Throw> Throws(const Sequence& s) {
  std::vector<Throw> out;
  std::string fair_id;
  size_t fair_move = 0;
  int index = 0;
  for (size_t i = 1; i < s.frames.size(); ++i) {
    json::Value event = s.frames[i].event;
    if (!event.is_object()) continue;
    if (event["type"].as_string() == "place" &&
        event["record"]["tile"].as_string().rfind("FAIR-", 0) == 0) {
      fair_id = event["record"]["tile"].as_string();
      fair_move = static_cast<size_t>(event["move"].as_int());
      index = 0;
    }
    if (event["type"].as_string() == "throw")
      out.push_back({fair_move, index++, s.frames[i - 1].scene, s.frames[i].scene, event, fair_id});
  }
  return out;
}

inline RefereeRequest RequestFor(Throw& t) {
  RefereeRequest r;
  r.token = *ParseTokenKind(t.event["token"].as_string());
  r.thrower = t.event["thrower"].as_string();
  r.fair_id = t.fair_id;
  return r;
}

}  // namespace cf::testing
