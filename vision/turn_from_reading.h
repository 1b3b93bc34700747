#pragma once
// The turn a photo of the table shows: the tile (and follower) it has that the game's board lacks.

#include <string>
#include <vector>

#include "engine/game_state.h"
#include "engine/moves.h"
#include "engine/result.h"
#include "vision/scene.h"
#include "vision/tileset.h"

namespace cf {

// The reference art of the tiles the game draws from: a photo of its table is read against these.
std::vector<TileReference> TilesInPlay(const std::vector<TileReference>& tileset,
                                       const GameState& game);

// A photo read for a turn is checked against the game's board, so the reader may take a board
// of two tiles (AnalyzeInput::min_joined_tiles): the first turn can be read too.
inline constexpr size_t kTurnBoardTiles = 2;
// For the same reason two of the board's tiles read as the game has them place the photo on it.
inline constexpr int kTurnAgreeingTiles = 2;

// The game's board as a scene: every tile at its cell, centres on the 45 mm grid.
Scene BoardAsScene(const GameState& game);

// A place move read from a photo, in the game's frame, with what the table should check.
struct TurnReading {
  Move move;
  std::vector<std::string> doubts;  // one line each; empty when the photo tells the turn plainly
  int tiles_matched = 0;            // tiles of the board the reading found where the game has them
};

// Refuses (as an Error) a game waiting for a catapult round or over, a reading of another board,
// a photo with no new tile, and a new tile that fits nowhere it lies. Of several new tiles that
// fit, the one read surely is taken when the others are read with doubt; else it refuses.
Result<TurnReading> TurnFromReading(const GameState& game, const Scene& reading);

}  // namespace cf
