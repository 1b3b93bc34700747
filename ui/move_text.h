#pragma once
// Moves and the points they scored, in words for the shared screen.

#include <string>

#include "engine/game_state.h"

namespace cf::ui {

// "red: V at [1,0] turned 90, follower on E2"; a catapult round lists each throw's outcome.
std::string MoveText(const GameState& game, const Move& move);
// The points the record's move `number` (1-based) scored: "red +4 road, blue +3 city".
std::string PointsText(const GameState& game, int number);

}  // namespace cf::ui
