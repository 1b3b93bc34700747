#pragma once
// `bench vision --by-condition`: the readings' accuracy split by what the rendered picture was
// like (hands, blur, glare, the table, the camera's tilt, the light), to see where they fail.

#include <string>
#include <vector>

#include "vision/table_renderer.h"

namespace cf::cli {

// A condition a picture falls under, and its rank in its family (the lowest band first).
struct Condition {
  int rank = 0;
  std::string name;
};

// One scene's counts (what was in view, what was read right) and its picture's conditions.
struct SceneOutcome {
  int tiles = 0, tiles_right = 0, followers = 0, followers_right = 0, tokens = 0, tokens_right = 0;
  std::vector<Condition> conditions;
};

// How far (degrees) the camera's optical axis is tilted from straight down.
double CameraTiltDeg(const Camera& cam);
// How many pixels a millimetre of the table's middle gets.
double TableMiddlePxPerMm(const Camera& cam);

// The conditions a picture rendered with `look` falls under, one from each family in a fixed
// order ("no hands" or "hands in view", "tilt under 12 deg", ...).
std::vector<Condition> ConditionsOf(const Look& look);

// For each condition, family by family: its scenes and the share of tiles, followers and tokens
// read right in them.
void PrintByCondition(const std::vector<SceneOutcome>& outcomes);

}  // namespace cf::cli
