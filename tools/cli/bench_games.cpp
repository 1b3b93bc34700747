#include "tools/cli/bench_games.h"

namespace cf::cli {

void AddBenchGamesOptions(po::options_description& options) {
  options.add_options()("games", po::value<int>()->default_value(10), "rendered games")(
      "seed", po::value<uint64_t>()->default_value(1), "seed of the first game")(
      "players", po::value<int>()->default_value(4), "players per game (2 to 6)")(
      "turns", po::value<int>()->default_value(34), "turns per game");
}

Result<BenchGames> BenchGamesOption(const po::variables_map& vm) {
  BenchGames out{vm["games"].as<int>(), vm["seed"].as<uint64_t>(), vm["players"].as<int>(),
                 vm["turns"].as<int>()};
  if (out.players < 2 || out.players > 6) return Fail("--players must be 2 to 6");
  if (out.turns < 12) return Fail("--turns must be 12 or more (three rounds need the turns)");
  return out;
}

Result<Sequence> PlayBenchGame(const TileCatalog& catalog, const BenchGames& games, int g) {
  GameSetup setup;
  for (int p = 0; p < games.players; ++p) setup.players.push_back({kColors[p], ""});
  setup.expansions = {"catapult"};
  SequenceOptions options;
  options.turns = games.turns;
  options.seed = games.seed + g;
  options.fair_turns = {games.turns / 3, 2 * games.turns / 3, games.turns - 1};
  return PlaySequence(catalog, setup, options);
}

}  // namespace cf::cli
