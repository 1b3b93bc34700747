#pragma once
// The rendered games bench referee and bench turns play: --games from --seed on, --players
// players, --turns turns, a catapult round a third, two thirds and all the way through.

#include "tools/cli/cli_common.h"
#include "vision/sequence_renderer.h"

namespace cf::cli {

void AddBenchGamesOptions(po::options_description& options);

// Which games the options ask for.
struct BenchGames {
  int games = 10;
  uint64_t seed = 1;
  int players = 4;
  int turns = 34;
};
// Refuses a player count or a number of turns the games cannot be played with.
Result<BenchGames> BenchGamesOption(const po::variables_map& vm);

// Game `g` of them, played and laid out frame by frame.
Result<Sequence> PlayBenchGame(const TileCatalog& catalog, const BenchGames& games, int g);

}  // namespace cf::cli
