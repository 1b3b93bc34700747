#pragma once
// One synthetic table from a seed: a random legal game, its layout, tokens, a camera and light.

#include <opencv2/core.hpp>

#include "engine/game_state.h"
#include "vision/table_renderer.h"

namespace cf {

struct SceneRecipe {
  uint64_t seed = 1;
  int tiles = 40;   // 0: an empty table, as before the start tile is laid
  int players = 6;  // all six colours, black and gray included
  std::vector<std::string> expansions;
  int tokens = 4;
  double follower_chance = 0.45;
  LookOptions look;
};

// The game played for the scene (tiles placed and followers standing).
GameState PlayRecipeGame(const TileCatalog& catalog, const SceneRecipe& recipe);
// The ground truth of what lies on the table, and how the picture is taken.
std::pair<Scene, Look> RecipeTable(const TileCatalog& catalog, const SceneRecipe& recipe);

struct RenderedScene {
  Scene truth;
  Look look;
  cv::Mat image;
};
RenderedScene RenderRecipe(const TileCatalog& catalog, const SceneRecipe& recipe);

}  // namespace cf
