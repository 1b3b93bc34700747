// catapult-fair bench engine: random full games per second and the time to replay a record.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

#include "engine/game_record.h"
#include "engine/random_game.h"
#include "tools/cli/cli_common.h"

namespace cf::cli {

namespace {

using Clock = std::chrono::steady_clock;
double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

GameSetup Setup(int players, std::vector<std::string> expansions) {
  GameSetup s;
  for (int i = 0; i < players; ++i) s.players.push_back({kColors[i], ""});
  s.expansions = std::move(expansions);
  return s;
}

double GamesPerSecond(const TileCatalog& catalog, int games,
                      const std::vector<std::string>& expansions, uint64_t seed,
                      int& tiles_per_game) {
  std::mt19937_64 rng(seed);
  long tiles = 0;
  auto t0 = Clock::now();
  for (int i = 0; i < games; ++i) {
    auto game = GameState::Create(catalog, Setup(2 + i % 4, expansions));
    PlayRandomGame(*game, rng);
    tiles += game->board().tile_count();
  }
  auto t1 = Clock::now();
  tiles_per_game = static_cast<int>(tiles / games);
  return games / Seconds(t0, t1);
}

}  // namespace

int RunBenchEngine(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("games", po::value<int>()->default_value(5000), "random games to play")(
      "replays", po::value<int>()->default_value(500), "replays of one record to time")(
      "seed", po::value<uint64_t>()->default_value(2026), "random seed");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(args, "usage: catapult-fair bench engine [--games N] [--replays N]", options,
                      pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  const int games = std::max(1, (*vm)["games"].as<int>());
  const uint64_t seed = (*vm)["seed"].as<uint64_t>();

  std::printf("catapult-fair bench engine (single thread)\n");
  int tiles = 0;
  double base = GamesPerSecond(*catalog, games, {}, seed, tiles);
  std::printf("  base game, 2-5 players, %d tiles per game: %.0f full random games/s\n", tiles,
              base);
  double all = GamesPerSecond(*catalog, std::max(1, games / 5), KnownExpansions(), seed, tiles);
  std::printf("  all expansions, 2-5 players, %d tiles per game: %.0f full random games/s\n", tiles,
              all);

  // One 72-tile base game record, replayed from its JSON text and from parsed moves.
  std::mt19937_64 rng(seed);
  auto game = GameState::Create(*catalog, Setup(4, {}));
  PlayRandomGame(*game, rng);
  std::string text = GameRecordToJson(*game).dump();
  const int reps = std::max(1, (*vm)["replays"].as<int>());
  std::vector<double> with_parse, replay_only;
  auto record = ParseGameRecord(text, *catalog);
  for (int i = 0; i < reps; ++i) {
    auto t0 = Clock::now();
    auto r = ParseGameRecord(text, *catalog);
    auto g = Replay(*r, *catalog);
    auto t1 = Clock::now();
    auto g2 = Replay(*record, *catalog);
    auto t2 = Clock::now();
    if (!g || !g2 || g->scores() != game->scores())
      return BadInput("replay disagrees with the played game");
    with_parse.push_back(Seconds(t0, t1) * 1e3);
    replay_only.push_back(Seconds(t1, t2) * 1e3);
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf(
      "  replay and score a %d-tile record: %.3f ms median (%.3f ms with JSON parsing), %d runs\n",
      game->board().tile_count(), median(replay_only), median(with_parse), reps);
  return kExitOk;
}

}  // namespace cf::cli
