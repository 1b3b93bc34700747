#pragma once
// The catalog and small rendered scenes shared by the vision tests.

#include <gtest/gtest.h>

#include <random>

#include "engine/random_game.h"
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
  GameSetup setup;
  for (int i = 0; i < 4; ++i) setup.players.push_back({kColors[i], ""});
  setup.expansions = KnownExpansions();
  GameState game = std::move(GameState::Create(VisionCatalog(), setup)).value();
  std::mt19937_64 rng(seed);
  RandomGameOptions o;
  o.max_tiles = tiles;
  PlayRandomGame(game, rng, o);
  LayoutOptions lo;
  lo.seed = seed;
  Scene scene = LayoutTable(game, lo);
  ScatterTokens(scene, 4, rng);
  return {std::move(game), std::move(scene)};
}

}  // namespace cf::testing
