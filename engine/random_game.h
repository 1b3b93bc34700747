#pragma once
// Random legal games: tile draws from the bag, random placements, followers and catapult outcomes.

#include <cstdint>
#include <functional>
#include <random>

#include "engine/game_state.h"

namespace cf {

struct RandomGameOptions {
  double follower_chance = 0.6;  // chance to place a follower when one may be placed
  double beggar_action_chance = 0.5;
  bool finish = true;  // apply the final scoring
  int max_tiles = 0;   // stop once the board has this many tiles (0: play to the end)
};

// Draws the next tile id from the bag, uniformly over the tiles left; -1 when empty.
int DrawTile(const GameState& game, std::mt19937_64& rng);

// A random but realistic outcome of a catapult round for the fair tile just placed.
Move RandomCatapultRound(const GameState& game, std::mt19937_64& rng);

// Plays `game` to the end. `after_move` (if set) runs after every applied move.
void PlayRandomGame(GameState& game, std::mt19937_64& rng, const RandomGameOptions& options = {},
                    const std::function<void(const GameState&)>& after_move = {});

}  // namespace cf
