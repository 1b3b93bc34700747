// catapult-fair bench turns: turns read from rendered photos of played games against the record.

#include <chrono>
#include <cstdio>
#include <opencv2/imgcodecs.hpp>

#include "calibration/calibration_file.h"
#include "engine/game_record.h"
#include "engine/tile_points.h"
#include "tools/cli/bench_games.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/cli_vision.h"
#include "vision/analyze.h"
#include "vision/sequence_renderer.h"
#include "vision/table_renderer.h"
#include "vision/turn_from_reading.h"

namespace cf::cli {

namespace {

// Whether a turn read places what was played, where and as it was turned (up to a face no camera
// tells apart), with a follower on the same feature; a follower that scored and went home at once
// counts as read when the reading says it may have been there.
bool SameTurn(const GameState& game, const TurnReading& read, const Move& played, bool& follower) {
  const TileCatalog& catalog = game.catalog();
  const Move& m = read.move;
  if (!(m.placement.at == played.placement.at) ||
      !SameFace(catalog.type(m.tile), m.placement.rotation, catalog.type(played.tile),
                played.placement.rotation))
    return false;
  const TileType& t = catalog.type(played.tile);
  const int q = played.placement.rotation;
  auto feature = [&](int point) { return t.occupiable_feature_at(UnrotatePoint(point, q)); };
  if (played.follower_point && !m.follower_point) {
    follower = false;
    for (const std::string& d : read.doubts)
      follower |= d.find("scored and gone home") != std::string::npos &&
                  d.find(" " + std::string(PointName(*played.follower_point))) != std::string::npos;
  } else if (played.follower_point) {
    follower = feature(*m.follower_point) == feature(*played.follower_point);
  } else {
    follower = !m.follower_point;
  }
  return true;
}

}  // namespace

int RunBenchTurns(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  AddBenchGamesOptions(options);
  options.add_options()("uncalibrated", "read without the camera (the tile grid gives the plane)")(
      "per-turn", "print each turn that is not read right")(
      "debug", po::value<std::string>(),
      "write the photo, the record before it, the camera and the reader's steps of each turn not "
      "read right to files starting with this");
  int code = 0;
  auto vm = ParseArgs(args,
                      "usage: catapult-fair bench turns [--games N] [--seed S] [--players P] "
                      "[--turns T] [--uncalibrated] [--per-turn] [--debug PREFIX]\n"
                      "Plays and renders games turn by turn, reads each placement from the photo "
                      "after it (as `turn` does) and prints how often the turn read is the one "
                      "played.",
                      options, {}, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  auto games = BenchGamesOption(*vm);
  if (!games) return BadInput(games.error().message);

  int placed = 0, small = 0, refused = 0, right = 0, right_doubted = 0, follower_right = 0,
      wrong = 0, wrong_doubted = 0;
  std::vector<double> ms;
  for (int g = 0; g < games->games; ++g) {
    const uint64_t seed = games->seed + g;
    auto played = PlayBenchGame(*catalog, *games, g);
    if (!played) return BadInput(played.error().message);
    auto record = GameRecordFromJson(played->game, *catalog);
    if (!record) return BadInput(record.error().message);
    Calibration cal;
    cal.camera = played->look.camera;
    cal.has_table_pose = true;
    auto game = GameState::Create(*catalog, record->setup);
    if (!game) return BadInput(game.error().message);
    const std::vector<TileReference> in_play = TilesInPlay(*tileset, *game);
    AnalyzeInput input{&*catalog, &in_play, vm->count("uncalibrated") ? nullptr : &cal, ""};
    input.min_joined_tiles = kTurnBoardTiles;
    for (SequenceFrame& frame : played->frames) {
      if (!frame.event.is_object() || frame.event["type"].as_string() != "place") continue;
      const size_t k = static_cast<size_t>(frame.event["move"].as_int());
      while (game->moves().size() + 1 < k) (void)game->Apply(record->moves[game->moves().size()]);
      const Move& truth = record->moves[k - 1];
      ++placed;
      const cv::Mat image = RenderTable(*catalog, frame.scene, played->look);
      const auto start = std::chrono::steady_clock::now();
      auto scene = AnalyzeTable(image, input);
      Result<TurnReading> turn =
          scene ? TurnFromReading(*game, *scene) : Result<TurnReading>(scene.error());
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      auto say = [&](const char* what, const std::string& why) {
        if (vm->count("per-turn"))
          std::printf("game %llu move %zu (%s): %s%s\n", static_cast<unsigned long long>(seed), k,
                      catalog->type(truth.tile).id.c_str(), what, why.c_str());
        if (vm->count("debug")) {
          const std::string stem = (*vm)["debug"].as<std::string>() + std::to_string(seed) + "_" +
                                   std::to_string(k) + "_";
          cv::imwrite(stem + "photo.png", image);
          (void)SaveGameRecord(*game, stem + "record.json");
          (void)SaveCalibration(cal, stem + "camera.yaml");
          AnalyzeInput traced = input;
          traced.debug_prefix = stem;
          (void)AnalyzeTable(image, traced);
        }
      };
      if (!scene && game->board().tile_count() < 5) {
        ++small;
        say("refused, a small board: ", scene.error().message);
        continue;
      }
      if (!turn) {
        ++refused;
        say("refused: ", turn.error().message);
        continue;
      }
      bool follower = false;
      if (SameTurn(*game, *turn, truth, follower)) {
        ++right;
        right_doubted += !turn->doubts.empty();
        follower_right += follower;
        if (!follower) {
          auto on = [](const Move& m) {
            return m.follower_point ? std::string(PointName(*m.follower_point)) : "none";
          };
          say("follower wrong: ", "played " + on(truth) + ", read " + on(turn->move));
        }
      } else {
        ++wrong;
        wrong_doubted += !turn->doubts.empty();
        say("wrong: read ", MoveToJson(*game, turn->move).dump());
      }
    }
  }
  const int read = placed - small;
  std::printf("bench turns: %d placements in %d games (%d players, %s)\n", placed, games->games,
              games->players,
              vm->count("uncalibrated") ? "no calibration" : "true camera as calibration");
  std::printf(
      "  counted: %d (left out: %d photos of boards under 5 tiles that the reader refuses)\n", read,
      small);
  std::printf("  turn read right: %.1f%% (%d, of which %d with a doubt for the table)\n",
              Pct(right, read), right, right_doubted);
  std::printf("  follower right too (placed or not, on its feature): %.1f%% of those\n",
              Pct(follower_right, right));
  std::printf("  refused (one line saying why): %.1f%% (%d)\n", Pct(refused, read), refused);
  std::printf("  read wrong: %.1f%% (%d, of which %d with a doubt for the table)\n",
              Pct(wrong, read), wrong, wrong_doubted);
  std::printf(
      "  of all %d placements: %.1f%% read right, %.1f%% refused (the reader's refusals of "
      "small boards too), %.1f%% read wrong\n",
      placed, Pct(right, placed), Pct(refused + small, placed), Pct(wrong, placed));
  std::printf("  time per photo (read and turn), median %.0f ms\n", Percentile(ms, 50));
  return kExitOk;
}

}  // namespace cf::cli
