// catapult-fair bench referee: the referee's calls on rendered games' throws against the truth.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "tools/cli/bench_games.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/cli_vision.h"
#include "vision/analyze.h"
#include "vision/referee.h"
#include "vision/sequence_renderer.h"
#include "vision/table_layout.h"

namespace cf::cli {

namespace {

// The truth's follower a called one names: of its colour, nearest where it was called, within
// 12 mm; -1 if none.
int TruthFollower(const Scene& truth, const RefereeFollower& called) {
  int best = -1;
  double best_d = 12;
  for (size_t i = 0; i < truth.followers.size(); ++i) {
    const auto& f = truth.followers[i];
    const double d =
        std::hypot(f.center_mm[0] - called.center_mm[0], f.center_mm[1] - called.center_mm[1]);
    if (f.color == called.color && d < best_d) best_d = d, best = static_cast<int>(i);
  }
  return best;
}

// The same follower in `truth` as a follower of the game record's event names.
int TruthFollower(const Scene& truth, const json::Value& ref) {
  for (size_t i = 0; i < truth.followers.size(); ++i) {
    const auto& f = truth.followers[i];
    const auto& at = ref.find("at")->as_array();
    if (f.color == ref.find("color")->as_string() && f.at.x == at[0].as_int() &&
        f.at.y == at[1].as_int() && f.on == ref.find("on")->as_string())
      return static_cast<int>(i);
  }
  return -1;
}

// Per kind of token: how the calls went.
struct KindTally {
  int throws = 0, token_seen = 0, refused = 0, right = 0, wrong = 0, wrong_flagged = 0, flagged = 0;
  std::vector<double> distance_err, centre_err;
  int within_uncertainty = 0;
};

}  // namespace

int RunBenchReferee(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  AddBenchGamesOptions(options);
  options.add_options()("per-throw", "print each throw's call beside the truth")(
      "no-change", "call from the readings alone, not from what changed between the pictures")(
      "debug", po::value<std::string>(),
      "write each throw's pictures, truth and the reader's steps to files starting with this");
  int code = 0;
  auto vm = ParseArgs(args,
                      "usage: catapult-fair bench referee [--games N] [--seed S] [--players P] "
                      "[--turns T] [--per-throw]\n"
                      "Plays and renders games with three catapult rounds each (knock-out, target, "
                      "seduction), calls every throw from its before and after pictures, and "
                      "prints how often the calls are right.",
                      options, {}, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  auto games = BenchGamesOption(*vm);
  if (!games) return BadInput(games.error().message);
  const bool per_throw = vm->count("per-throw");

  KindTally tally[4];
  int played_games = 0;
  for (int g = 0; g < games->games; ++g) {
    const uint64_t seed = games->seed + g;
    auto played = PlayBenchGame(*catalog, *games, g);
    if (!played) return BadInput(played.error().message);
    ++played_games;
    Calibration cal;
    cal.camera = played->look.camera;
    cal.has_table_pose = true;
    const AnalyzeInput input{&*catalog, &*tileset, &cal, ""};
    std::string fair_id;
    auto& frames = played->frames;
    for (size_t i = 1; i < frames.size(); ++i) {
      json::Value event = frames[i].event;
      if (!event.is_object()) continue;
      if (event["type"].as_string() == "place" &&
          event["record"]["tile"].as_string().rfind("FAIR-", 0) == 0)
        fair_id = event["record"]["tile"].as_string();
      if (event["type"].as_string() != "throw") continue;
      const TokenKind kind = *ParseTokenKind(event["token"].as_string());
      KindTally& t = tally[static_cast<int>(kind)];
      ++t.throws;
      Scene truth_before = frames[i - 1].scene, truth_after = frames[i].scene;
      const cv::Mat before_img = RenderTable(*catalog, truth_before, played->look);
      const cv::Mat after_img = RenderTable(*catalog, truth_after, played->look);
      AnalyzeInput before_input = input, after_input = input;
      if (vm->count("debug")) {
        const std::string stem =
            (*vm)["debug"].as<std::string>() + std::to_string(seed) + "_" + std::to_string(i);
        before_input.debug_prefix = stem + "_before_";
        after_input.debug_prefix = stem + "_after_";
        cv::imwrite(stem + "_before.jpg", before_img);
        cv::imwrite(stem + "_after.jpg", after_img);
        std::ofstream(stem + "_truth_after.json") << truth_after.ToJson().dump(2) << "\n";
      }
      auto before = AnalyzeTable(before_img, before_input);
      auto after = AnalyzeTable(after_img, after_input);
      RefereeRequest request;
      request.token = kind;
      request.thrower = event["thrower"].as_string();
      // The table knows which fair tile started the round (the reading's frame is the truth's,
      // calibrated): a misread fair tile is the tile reader's error, measured by bench vision.
      for (const auto& tile : truth_before.tiles)
        if (tile.id == fair_id) request.fair_at = tile.at;
      Result<RefereeCall> call = Fail("");
      if (!before)
        call = Fail("before: " + before.error().message);
      else if (!after)
        call = Fail("after: " + after.error().message);
      else if (vm->count("no-change"))
        call = RefereeThrow(*before, *after, request);
      else {
        const RefereePictures pictures{before_img, after_img, cal.camera};
        call = RefereeThrow(*before, *after, request, &pictures);
      }
      const SceneToken& thrown = truth_after.tokens.back();
      if (!call) {
        ++t.refused;
        if (per_throw)
          std::printf("game %llu throw %zu %s: refused: %s (the token at %.0f,%.0f mm, %s)\n",
                      static_cast<unsigned long long>(seed), i, event["token"].as_string().c_str(),
                      call.error().message.c_str(), thrown.center_mm[0], thrown.center_mm[1],
                      thrown.on_board ? "on the board" : "off it");
        continue;
      }
      // The reading's frame onto the truth's, for positions and cells.
      auto frame = MatchFrames(truth_before, *before);
      const RefereeCall& c = *call;
      const RefereeCall moved = frame ? MoveToFrame(c, *frame) : c;
      const double centre_err = std::hypot(moved.token.center_mm[0] - thrown.center_mm[0],
                                           moved.token.center_mm[1] - thrown.center_mm[1]);
      if (centre_err > 12) {  // another token was taken for the thrown one
        ++t.refused;
        if (per_throw)
          std::printf("game %llu throw %zu %s: a token %.0f mm off taken for the thrown one (%s)\n",
                      static_cast<unsigned long long>(seed), i, event["token"].as_string().c_str(),
                      centre_err, c.token_from_change ? "found by what changed" : "read");
        continue;
      }
      ++t.token_seen;
      t.centre_err.push_back(centre_err);
      t.flagged += c.too_close_to_call;
      bool right = true;
      std::string what;
      if (kind == TokenKind::kTarget) {
        const SceneTile* fair = nullptr;
        for (const auto& tile : truth_before.tiles)
          if (tile.id == fair_id) fair = &tile;
        const double truth_d = std::hypot(thrown.center_mm[0] - fair->center_mm[0],
                                          thrown.center_mm[1] - fair->center_mm[1]);
        const double err = std::abs(*c.fair_distance_mm - truth_d);
        t.distance_err.push_back(err);
        t.within_uncertainty += err <= c.uncertainty_mm;
        right = c.token.on_board == thrown.on_board && err <= 2.5;
        if (c.token.on_board != thrown.on_board)
          what = std::string("read ") + (c.token.on_board ? "on" : "off") + " the board; ";
        what += "fair distance " + std::to_string(*c.fair_distance_mm) + " (truth " +
                std::to_string(truth_d) + ")";
      } else if (kind == TokenKind::kSeduction) {
        // The nearest opponent's follower, if the token rests on the board.
        right = c.token.on_board == thrown.on_board;
        if (event.find("seduced")) {
          const int want = TruthFollower(truth_before, *event.find("seduced"));
          const int got = moved.followers_by_distance.empty()
                              ? -1
                              : TruthFollower(truth_before, moved.followers_by_distance[0]);
          right = right && want >= 0 && want == got;
          what = "seduced " + (got >= 0 ? truth_before.followers[got].color : "?") + ", truth " +
                 (want >= 0 ? truth_before.followers[want].color : "?") + ";";
          for (size_t k = 0; k < std::min<size_t>(3, c.followers_by_distance.size()); ++k)
            what += " " + c.followers_by_distance[k].color + " " +
                    std::to_string(c.followers_by_distance[k].distance_mm).substr(0, 5);
          if (want >= 0)
            what += ", truth gap " +
                    std::to_string(FootprintGap(TokenFootprint(thrown),
                                                FollowerFootprint(truth_before.followers[want])))
                        .substr(0, 5);
        }
        for (const auto& f : moved.followers_by_distance) {
          const int k = TruthFollower(truth_before, f);
          if (k < 0) continue;
          const double truth_gap =
              FootprintGap(TokenFootprint(thrown), FollowerFootprint(truth_before.followers[k]));
          const double err = std::abs(f.distance_mm - truth_gap);
          t.distance_err.push_back(err);
          t.within_uncertainty += err <= c.uncertainty_mm;
          break;
        }
      } else if (kind == TokenKind::kKnockout) {
        std::vector<int> want, got;
        for (const auto& h : event["hit"].as_array())
          want.push_back(TruthFollower(truth_before, h));
        for (const auto& h : moved.hit) got.push_back(TruthFollower(truth_before, h));
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        right = want == got;
        what = std::to_string(want.size()) + " hit, called " + std::to_string(got.size());
        for (const auto& h : c.hit) what += " " + h.color + "/" + h.why;
      }
      t.right += right;
      if (!right) ++t.wrong, t.wrong_flagged += c.too_close_to_call;
      if (per_throw)
        std::printf("game %llu throw %zu %s: token %.1f mm off (confidence %.2f), %s%s%s\n",
                    static_cast<unsigned long long>(seed), i, event["token"].as_string().c_str(),
                    centre_err, c.token.confidence, right ? "right" : "WRONG",
                    c.too_close_to_call ? " (too close to call)" : "",
                    what.empty() ? "" : (": " + what).c_str());
    }
  }

  std::printf("catapult-fair bench referee: %d rendered games, %d players, %d turns\n",
              played_games, games->players, games->turns);
  for (TokenKind kind : {TokenKind::kKnockout, TokenKind::kTarget, TokenKind::kSeduction}) {
    const KindTally& t = tally[static_cast<int>(kind)];
    std::printf(
        "  %-9s %3d throws: token read %.1f%%, call right %.1f%% of them; too close to call "
        "%d, wrong and not flagged %d\n",
        TokenKindName(kind).c_str(), t.throws, Pct(t.token_seen, t.throws),
        Pct(t.right, t.token_seen), t.flagged, t.wrong - t.wrong_flagged);
    if (!t.centre_err.empty())
      std::printf("            token centre error median %.2f mm, 95th percentile %.2f mm\n",
                  Percentile(t.centre_err, 0.5), Percentile(t.centre_err, 0.95));
    if (!t.distance_err.empty())
      std::printf(
          "            distance error median %.2f mm, 95th percentile %.2f mm; within the "
          "stated uncertainty %.1f%%\n",
          Percentile(t.distance_err, 0.5), Percentile(t.distance_err, 0.95),
          Pct(t.within_uncertainty, static_cast<int>(t.distance_err.size())));
  }
  return kExitOk;
}

}  // namespace cf::cli
