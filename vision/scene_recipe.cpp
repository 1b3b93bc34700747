#include "vision/scene_recipe.h"

#include <algorithm>
#include <random>

#include "engine/random_game.h"
#include "vision/table_layout.h"

namespace cf {

GameState PlayRecipeGame(const TileCatalog& catalog, const SceneRecipe& r) {
  GameSetup setup;
  for (int i = 0; i < r.players; ++i) setup.players.push_back({kColors[i], ""});
  setup.expansions = r.expansions;
  GameState game = std::move(GameState::Create(catalog, setup)).value();
  std::mt19937_64 rng(r.seed);
  RandomGameOptions o;
  o.max_tiles = r.tiles;
  o.follower_chance = r.follower_chance;
  PlayRandomGame(game, rng, o);
  return game;
}

std::pair<Scene, Look> RecipeTable(const TileCatalog& catalog, const SceneRecipe& r) {
  SceneRecipe played = r;
  played.tiles = std::max(r.tiles, 1);
  GameState game = PlayRecipeGame(catalog, played);
  LayoutOptions lo;
  lo.seed = r.seed;
  Scene scene = LayoutTable(game, lo);
  if (r.tiles == 0) {  // the table before the start tile is laid: the camera aims where it goes
    scene.tiles.resize(1);
    scene.followers.clear();
  }
  std::mt19937_64 rng(r.seed ^ 0x70C3E5);
  ScatterTokens(scene, r.tokens, rng);
  Look look = RandomLook(scene, r.look, r.seed);
  if (r.tiles == 0) scene.tiles.clear();
  return {std::move(scene), look};
}

RenderedScene RenderRecipe(const TileCatalog& catalog, const SceneRecipe& r) {
  auto [scene, look] = RecipeTable(catalog, r);
  RenderedScene out{std::move(scene), look, {}};
  out.image = RenderTable(catalog, out.truth, out.look);
  return out;
}

}  // namespace cf
