#pragma once
// Moves and the points they scored, in words for the shared screen.

#include <string>

#include "engine/game_state.h"

namespace cf::ui {

// "blue [1,0] E2": a follower as the screen names it.
std::string FollowerText(const GameSetup& setup, const FollowerRef& f);
// One throw's outcome without its thrower: "32.2 mm from the fair", "knocked out blue [1,0] E2".
std::string ThrowOutcomeText(const GameSetup& setup, TokenKind token, const CatapultThrow& t);
// "red: V at [1,0] turned 90, follower on E2"; a catapult round lists each throw's outcome.
std::string MoveText(const GameState& game, const Move& move);
// The points the record's move `number` (1-based) scored: "red +4 road, blue +3 city".
std::string PointsText(const GameState& game, int number);

}  // namespace cf::ui
