#pragma once
// The catalog and small rendered scenes shared by the vision tests.

#include <gtest/gtest.h>

#include <random>

#include "engine/random_game.h"
#include "vision/scene_recipe.h"
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

// A random game of `tiles` tiles with every expansion, laid out on the table with tokens.
inline std::pair<GameState, Scene> RandomTable(uint64_t seed, int tiles) {
  SceneRecipe recipe;
  recipe.seed = seed;
  recipe.tiles = tiles;
  recipe.expansions = KnownExpansions();
  return {PlayRecipeGame(VisionCatalog(), recipe), RecipeTable(VisionCatalog(), recipe).first};
}

// The scene bench vision renders for `seed`.
inline RenderedScene BenchScene(uint64_t seed) {
  SceneRecipe recipe;
  recipe.seed = seed;
  recipe.tiles = 60;
  recipe.expansions = KnownExpansions();
  recipe.follower_chance = 0.3;
  return RenderRecipe(VisionCatalog(), recipe);
}

}  // namespace cf::testing
