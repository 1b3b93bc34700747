// catapult-fair bench vision: accuracy and speed of analyze on rendered scenes it was not tuned on.

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <optional>
#include <random>
#include <set>

#include "calibration/plane_pose.h"
#include "engine/random_game.h"
#include "engine/tile_points.h"
#include "tools/cli/bench_conditions.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/cli_vision.h"
#include "vision/analyze.h"
#include "vision/hidden_difference.h"
#include "vision/scene_recipe.h"
#include "vision/top_view.h"

namespace cf::cli {

namespace {

// The nearest item not matched yet within `radius` mm of `at`, or -1; marks it matched.
template <typename Item>
int MatchNearest(const std::vector<Item>& items, std::vector<bool>& used, const double at[2],
                 double radius, double& distance) {
  int best = -1;
  distance = radius;
  for (size_t k = 0; k < items.size(); ++k) {
    double d = std::hypot(items[k].center_mm[0] - at[0], items[k].center_mm[1] - at[1]);
    if (!used[k] && d < distance) distance = d, best = static_cast<int>(k);
  }
  if (best >= 0) used[best] = true;
  return best;
}

bool InView(const Camera& cam, const double mm[2]) {
  cv::Point2d p = cam.Project({mm[0], mm[1], -2});
  return p.x > 20 && p.y > 20 && p.x < cam.width - 20 && p.y < cam.height - 20;
}

cv::Point2d QuarterTurns(cv::Point2d p, int q) {
  for (int i = 0; i < q; ++i) p = {-p.y, p.x};
  return p;
}

// An uncalibrated reading has its own frame (the middle tile, the grid's axes): moves it onto the
// truth's by the quarter turn and cell offset under which most tiles agree.
void IntoTruthFrame(Scene& read, const Scene& truth) {
  // How many tiles' rotations agree with the truth's under quarter turn `q` and cell offset
  // `offset`, each way the quarter turn may add to them.
  auto rotations_agreeing = [&](int q, cv::Point offset) {
    std::array<int, 2> agree{0, 0};
    for (const auto& r : read.tiles) {
      cv::Point2d p = QuarterTurns({double(r.at.x), double(r.at.y)}, q);
      for (const auto& t : truth.tiles)
        if (t.at.x == static_cast<int>(p.x) + offset.x &&
            t.at.y == static_cast<int>(p.y) + offset.y && t.id == r.id)
          for (int k = 0; k < 2; ++k)
            agree[k] += (r.rotation + (k ? -1 : 1) * 90 * q + 720) % 360 == t.rotation;
    }
    return agree;
  };
  // Most tiles agreeing in place, then in rotation: a board of one tile agrees in place under
  // every turn, and its turn is what the picture cannot say without a calibration.
  int best_q = 0, best_sign = 1;
  std::pair<int, int> best_votes{-1, -1};
  cv::Point best_offset;
  for (int q = 0; q < 4; ++q) {
    std::map<std::pair<int, int>, int> votes;
    for (const auto& r : read.tiles)
      for (const auto& t : truth.tiles)
        if (r.id == t.id) {
          cv::Point2d p = QuarterTurns({double(r.at.x), double(r.at.y)}, q);
          ++votes[{t.at.x - static_cast<int>(p.x), t.at.y - static_cast<int>(p.y)}];
        }
    for (const auto& [offset, n] : votes) {
      const cv::Point at(offset.first, offset.second);
      const std::array<int, 2> agree = rotations_agreeing(q, at);
      const std::pair<int, int> score{n, std::max(agree[0], agree[1])};
      if (score > best_votes) best_votes = score, best_q = q, best_offset = at;
    }
  }
  // Which way the quarter turn adds to the tiles' rotations: the one under which more agree.
  const std::array<int, 2> agree = rotations_agreeing(best_q, best_offset);
  best_sign = agree[0] >= agree[1] ? 1 : -1;
  auto move = [&](double mm[2]) {
    cv::Point2d p = QuarterTurns({mm[0], mm[1]}, best_q);
    mm[0] = p.x + best_offset.x * kTilePitchMm, mm[1] = p.y + best_offset.y * kTilePitchMm;
  };
  auto move_cell = [&](Cell& c) {
    cv::Point2d p = QuarterTurns({double(c.x), double(c.y)}, best_q);
    c = {static_cast<int>(p.x) + best_offset.x, static_cast<int>(p.y) + best_offset.y};
  };
  for (auto& r : read.tiles) {
    move_cell(r.at);
    move(r.center_mm);
    r.rotation = (r.rotation + best_sign * 90 * best_q + 720) % 360;
  }
  for (auto& f : read.followers) {
    move_cell(f.at);
    move(f.center_mm);
    if (auto p = ParsePoint(f.on))
      f.on = std::string(PointName(RotatePoint(*p, (best_sign * best_q + 4) % 4)));
  }
  for (auto& t : read.tokens) move(t.center_mm);
}

// A misread tile whose difference from its reading pieces or hands hide this much is not shown by
// the picture: a reader can only guess it.
constexpr double kMostlyHidden = 0.9;
// RoughHiddenShare under this: the difference surely shows (its estimates fall short of
// HiddenShare by up to 0.36 on seeds 50000-50001), no need to render the look-alike.
constexpr double kRoughlyHidden = 0.5;

// The other faces a covered tile of the truth may as well show: they fit its neighbours' edges and
// differ from it only where pieces or hands hide (kMostlyHidden of the difference or more).
struct Twins {
  std::string faces;           // " Q@0 R@90", empty when every other face shows its difference
  bool wholly_hidden = false;  // one of them differs only where the pieces hide everything
  // 0, 1 or a share: whether a reader that takes the face the catalog holds most of (of this tile
  // and its twins) misreads it.
  double commoner_misreads = 0;
};

// `occupied`: the truth's cells that hold a tile.
Twins FindTwins(const TileCatalog& catalog, HiddenDifference& hidden, const Scene& truth,
                const std::set<std::pair<int, int>>& occupied, size_t tile) {
  const SceneTile& t = truth.tiles[tile];
  const TileType& type = catalog.type(catalog.find(t.id));
  const int quarter = t.rotation / 90;
  Twins out;
  int most = type.count, tied = 1;  // the catalog count of the commonest face, how many have it
  bool truth_commonest = true;
  for (int other = 0; other < catalog.size(); ++other)
    for (int q = 0; q < 4; ++q) {
      const TileType& look_alike = catalog.type(other);
      if (SameFace(type, quarter, look_alike, q)) continue;
      bool fits = true;  // the same edges wherever a neighbour lies
      for (int d = 0; d < 4 && fits; ++d)
        fits = !occupied.count({t.at.x + kDx[d], t.at.y + kDy[d]}) ||
               look_alike.edges[(d - q + 4) % 4] == type.edges[(d - quarter + 4) % 4];
      if (!fits) continue;
      const auto rough = hidden.RoughHiddenShare(tile, look_alike.id, q * 90);
      if (!rough || *rough < kRoughlyHidden) continue;
      const auto share = hidden.HiddenShare(tile, look_alike.id, q * 90);
      if (!share || *share < kMostlyHidden) continue;
      out.faces += " " + look_alike.id + "@" + std::to_string(q * 90);
      out.wholly_hidden |= *share >= 1;
      if (look_alike.count > most)
        most = look_alike.count, tied = 1, truth_commonest = false;
      else if (look_alike.count == most)
        ++tied;
    }
  out.commoner_misreads = truth_commonest ? 1 - 1.0 / tied : 1;
  return out;
}

}  // namespace

int RunBenchVision(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("scenes", po::value<int>()->default_value(200), "rendered scenes")(
      "seed", po::value<uint64_t>()->default_value(50000), "first seed (the samples use 101-112)")(
      "tiles", po::value<int>()->default_value(60),
      "tiles per scene (0: the table before the start tile is laid)")(
      "tokens", po::value<int>()->default_value(4),
      "catapult tokens per scene (0: a board before any catapult round)")(
      "camera", po::value<std::string>()->default_value("1080p"), "1080p or 4k")(
      "per-scene", "print one line per scene: where its tiles, followers and tokens went wrong")(
      "uncalibrated",
      "no calibration: the plane from the tile edges, the frame matched to the truth's afterwards")(
      "from-tiles",
      "calibrate from the tile grid of each scene (calibrate --tiles), then analyse with that "
      "calibration; the frame matched to the truth's afterwards")(
      "hidden",
      "for each misread tile, how much of what tells it from the reading pieces or hands hide "
      "(renders each scene again, with the reading in its place)")(
      "lookalikes",
      "for each tile a piece or a hand covers, whether another face that fits its neighbours "
      "differs from it only where they hide (renders each look-alike in its place: slow)")(
      "by-condition",
      "split the figures by what the pictures were like (hands, glare, the table, the camera's "
      "tilt, pixels per mm, blur, noise, JPEG quality, exposure, the light)")(
      "table", po::value<std::string>(),
      "lay every scene on this table instead of the random wood or cloth: gingham-red (25 mm "
      "checks), gingham-blue (45 mm, the tiles' pitch), green-felt, white or black")(
      "repeat", po::value<int>()->default_value(1),
      "analyse each scene this many times and time the fastest")(
      "debug", po::value<std::string>(),
      "write each scene and analyze's steps to files starting with this prefix");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(
      args, "usage: catapult-fair bench vision [--scenes N] [--seed N] [--camera 1080p|4k]",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  cv::setNumThreads(1);  // the figures are single-threaded
  auto tileset = PaintedTileset(*catalog);
  LookOptions lo;
  if ((*vm)["camera"].as<std::string>() == "4k") lo.width = 3840, lo.height = 2160;
  if (vm->count("table")) {
    auto surface = TableSurfaceNamed((*vm)["table"].as<std::string>());
    if (!surface) return BadInput(surface.error().message);
    lo.surface = *surface;
  }
  int tiles_total = 0, tiles_right = 0, followers_total = 0, followers_right = 0, tokens_total = 0,
      tokens_right = 0, tokens_placed = 0;
  int refused = 0, false_followers = 0, false_tokens = 0, invented_tiles = 0;
  int misread_tiles = 0, hidden_misreads = 0;  // read as another face; of those, hidden (--hidden)
  // Tiles in view with a hand over their centre, counted apart as followers and tokens a hand
  // covers are: read right, read as another face, not read.
  int hand_right = 0, hand_misread = 0, hand_unread = 0;
  // With --lookalikes: tiles with a look-alike that differs only where pieces hide; of them, read
  // right, and with the whole difference hidden; misreads of a reader that takes the commonest.
  int twin_tiles = 0, twins_right = 0, wholly_hidden_tiles = 0;
  double commoner_misreads = 0;
  std::vector<double> first_ms, ms, follower_err, token_err, tile_err, stretch_err, focal_err;
  std::map<std::string, std::vector<double>> phase_ms;
  ConfidenceSplit tile_confidence, follower_confidence, token_confidence;
  const int n = (*vm)["scenes"].as<int>();
  // Each scene's share of the totals: what they were when it began, taken from them when the
  // next begins (a refused scene ends early).
  std::vector<SceneOutcome> outcomes;
  SceneOutcome at_start;
  auto close_scene = [&] {
    if (outcomes.empty()) return;
    SceneOutcome& o = outcomes.back();
    o.tiles = tiles_total - at_start.tiles;
    o.tiles_right = tiles_right - at_start.tiles_right;
    o.followers = followers_total - at_start.followers;
    o.followers_right = followers_right - at_start.followers_right;
    o.tokens = tokens_total - at_start.tokens;
    o.tokens_right = tokens_right - at_start.tokens_right;
  };
  for (int i = 0; i < n; ++i) {
    close_scene();
    at_start = {tiles_total,  tiles_right, followers_total, followers_right, tokens_total,
                tokens_right, {}};
    uint64_t seed = (*vm)["seed"].as<uint64_t>() + i;
    SceneRecipe recipe;
    recipe.seed = seed;
    recipe.tiles = (*vm)["tiles"].as<int>();
    recipe.tokens = (*vm)["tokens"].as<int>();
    recipe.expansions = KnownExpansions();
    recipe.follower_chance = 0.3;
    recipe.look = lo;
    RenderedScene rendered = RenderRecipe(*catalog, recipe);
    const Scene& truth = rendered.truth;
    const Look& look = rendered.look;
    const cv::Mat& img = rendered.image;
    outcomes.push_back({0, 0, 0, 0, 0, 0, ConditionsOf(look)});
    Calibration cal;
    cal.camera = look.camera;
    cal.has_table_pose = true;
    bool frame_unknown = vm->count("uncalibrated") || vm->count("from-tiles");
    auto count_refused = [&] {  // its tiles in view all count as missed
      ++refused;
      for (const auto& t : truth.tiles) {
        if (!InView(look.camera, t.center_mm)) continue;
        ++(t.occluded ? hand_unread : tiles_total);
      }
    };
    if (vm->count("from-tiles")) {
      auto plane = TablePlaneFromTiles(img, {&*catalog, &tileset, nullptr, ""});
      auto camera = plane ? CameraFromPlane(plane->picture_to_mm, img.size(), kTileTop)
                          : Result<PlaneCamera>(plane.error());
      if (!camera) {
        count_refused();
        continue;
      }
      cal.camera = camera->camera;
      // A 400 mm stretch across the board as the true camera sees it, measured by the recovered.
      cv::Point2d a(-200, 0), b(200, 0), pa, pb;
      if (cal.camera.PixelToPlane(look.camera.Project({a.x, a.y, kTileTop}), kTileTop, pa) &&
          cal.camera.PixelToPlane(look.camera.Project({b.x, b.y, kTileTop}), kTileTop, pb))
        stretch_err.push_back(std::abs(cv::norm(pa - pb) - 400));
      if (camera->focal_estimated)
        focal_err.push_back(100 * std::abs(cal.camera.fx / look.camera.fx - 1));
      if (vm->count("per-scene"))
        std::printf(
            "seed %llu: calibrated from %d tiles (%.2f mm rms), 400 mm measured %.2f mm, focal "
            "length %+.1f%%%s\n",
            static_cast<unsigned long long>(seed), plane->tiles, plane->rms_mm, cv::norm(pa - pb),
            100 * (cal.camera.fx / look.camera.fx - 1),
            camera->focal_estimated ? "" : " (assumed)");
    }
    AnalyzeInput input{&*catalog, &tileset, vm->count("uncalibrated") ? nullptr : &cal, ""};
    if (vm->count("debug")) {
      input.debug_prefix = (*vm)["debug"].as<std::string>() + std::to_string(seed) + "_";
      cv::imwrite(input.debug_prefix + "picture.jpg", img);
      std::ofstream(input.debug_prefix + "truth.json") << truth.ToJson().dump(2) << "\n";
    }
    double fastest = 1e18;
    Result<Scene> read = Fail("not analysed");
    for (int k = 0; k < std::max(1, (*vm)["repeat"].as<int>()); ++k) {
      auto t0 = std::chrono::steady_clock::now();
      read = AnalyzeTable(img, input);
      const double took =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (k == 0) first_ms.push_back(took);
      fastest = std::min(fastest, took);
    }
    ms.push_back(fastest);
    if (read && vm->count("debug"))
      std::ofstream(input.debug_prefix + "read.json") << read->ToJson().dump(2) << "\n";
    if (!read) {
      if (vm->count("per-scene"))
        std::printf("seed %llu: refused: %s\n", static_cast<unsigned long long>(seed),
                    read.error().message.c_str());
      count_refused();
      continue;
    }
    if (read->timing_ms.is_object())
      for (const auto& [phase, value] : read->timing_ms.as_object())
        phase_ms[phase].push_back(value.as_number());
    if (frame_unknown) IntoTruthFrame(*read, truth);
    std::map<std::pair<int, int>, const SceneTile*> got;
    for (const auto& t : read->tiles) got[{t.at.x, t.at.y}] = &t;
    std::string confusions;
    std::optional<HiddenDifference> hidden;
    // " (hidden 93%)" with --hidden: how much of what tells `t` from `as_id` turned `as_rotation`
    // pieces or hands hide; counts it as hidden from kMostlyHidden on.
    auto hidden_note = [&](const SceneTile& t, const std::string& as_id, int as_rotation) {
      if (!vm->count("hidden")) return std::string();
      if (!hidden) hidden.emplace(*catalog, truth, look);
      const auto share = hidden->HiddenShare(&t - truth.tiles.data(), as_id, as_rotation);
      if (!share) return std::string(" (no difference shows)");
      hidden_misreads += *share >= kMostlyHidden;
      return " (hidden " + std::to_string(std::lround(100 * *share)) + "%)";
    };
    // Whether tile `id` turned `rotation` shows `t`'s face (U turned half round, BEG-08 turned
    // half round is BEG-01: right either way).
    auto shows_face = [&](const SceneTile& t, const std::string& id, int rotation) {
      const int type = catalog->find(id);
      return type >= 0 && SameFace(catalog->type(catalog->find(t.id)), t.rotation / 90,
                                   catalog->type(type), rotation / 90);
    };
    // " [second]" when the face the reader held second (the reading's alternative) is the tile.
    auto second_note = [&](const SceneTile& t, const SceneTile& as) {
      return as.alternative && shows_face(t, as.alternative->id, as.alternative->rotation)
                 ? std::string(" [second]")
                 : std::string();
    };
    int scene_tiles = 0, missing = 0, wrong_id = 0, wrong_turn = 0, scene_right = 0;
    int scene_hand_right = 0, scene_hand_misread = 0, scene_hand_unread = 0;
    std::vector<bool> read_right(truth.tiles.size(), false);  // per truth tile
    for (const auto& t : truth.tiles) {
      if (!InView(look.camera, t.center_mm)) continue;
      auto it = got.find({t.at.x, t.at.y});
      if (t.occluded) {
        ++(it == got.end()                                       ? scene_hand_unread
           : shows_face(t, it->second->id, it->second->rotation) ? scene_hand_right
                                                                 : scene_hand_misread);
        continue;
      }
      ++scene_tiles;
      if (it == got.end()) {
        ++missing;
        continue;
      }
      if (shows_face(t, it->second->id, it->second->rotation)) {
        ++scene_right;
        read_right[&t - truth.tiles.data()] = true;
        tile_confidence.Add(it->second->confidence, true);
        tile_err.push_back(std::hypot(it->second->center_mm[0] - t.center_mm[0],
                                      it->second->center_mm[1] - t.center_mm[1]));
        continue;
      }
      tile_confidence.Add(it->second->confidence, false);
      ++misread_tiles;
      if (it->second->id != t.id) {
        ++wrong_id;
        bool covered = false;  // a follower or token lies on it
        for (const auto& f : truth.followers) covered |= f.at.x == t.at.x && f.at.y == t.at.y;
        for (const auto& k : truth.tokens)
          covered |= std::abs(k.center_mm[0] - t.center_mm[0]) < 30 &&
                     std::abs(k.center_mm[1] - t.center_mm[1]) < 30;
        confusions += " " + t.id + "->" + it->second->id + (covered ? "*" : "") +
                      hidden_note(t, it->second->id, it->second->rotation) +
                      second_note(t, *it->second);
        continue;
      }
      ++wrong_turn;
      confusions += " " + t.id + "@" + std::to_string(t.rotation) + "->" +
                    std::to_string(it->second->rotation) +
                    hidden_note(t, it->second->id, it->second->rotation) +
                    second_note(t, *it->second);
    }
    std::set<std::pair<int, int>> real;
    for (const auto& t : truth.tiles) real.insert({t.at.x, t.at.y});
    if (vm->count("lookalikes")) {
      if (!hidden) hidden.emplace(*catalog, truth, look);
      for (size_t i = 0; i < truth.tiles.size(); ++i) {
        const SceneTile& t = truth.tiles[i];
        if (!InView(look.camera, t.center_mm) || !hidden->Covered(i)) continue;
        const Twins twins = FindTwins(*catalog, *hidden, truth, real, i);
        if (twins.faces.empty()) continue;
        ++twin_tiles;
        wholly_hidden_tiles += twins.wholly_hidden;
        commoner_misreads += twins.commoner_misreads;
        const bool right = read_right[i];
        twins_right += right;
        if (vm->count("per-scene"))
          std::printf("seed %llu: %s@%d at %d,%d looks like%s where it shows%s; read %s\n",
                      static_cast<unsigned long long>(seed), t.id.c_str(), t.rotation, t.at.x,
                      t.at.y, twins.faces.c_str(), twins.wholly_hidden ? " (wholly hidden)" : "",
                      right ? "right" : "wrong");
      }
    }
    int invented = 0;
    for (const auto& t : read->tiles)
      if (!real.count({t.at.x, t.at.y})) ++invented, tile_confidence.Add(t.confidence, false);
    invented_tiles += invented;
    tiles_total += scene_tiles;
    tiles_right += scene_right;
    hand_right += scene_hand_right;
    hand_misread += scene_hand_misread;
    hand_unread += scene_hand_unread;
    std::vector<bool> used(read->followers.size(), false);
    int f_missed = 0, f_place = 0, t_missed = 0;
    std::string f_colour, t_kind, f_lost, t_lost, f_misplaced;
    for (const auto& f : truth.followers) {
      if (!InView(look.camera, f.center_mm) || f.occluded) continue;
      ++followers_total;
      double best_d;
      int best = MatchNearest(read->followers, used, f.center_mm, 12, best_d);
      if (best < 0) {
        ++f_missed;
        f_lost += " " + f.color + "/" + f.pose;
        continue;
      }
      follower_err.push_back(best_d);
      const auto& r = read->followers[best];
      // The same feature, whichever of its points names it (judged on the true tile).
      bool same_feature = false;
      for (const auto& t : truth.tiles) {
        if (t.at.x != f.at.x || t.at.y != f.at.y) continue;
        const TileType& type = catalog->type(catalog->find(t.id));
        auto feature = [&](const std::string& on) {
          auto p = ParsePoint(on);
          return p ? type.occupiable_feature_at(UnrotatePoint(*p, t.rotation / 90)) : -2;
        };
        same_feature = feature(r.on) == feature(f.on);
      }
      const bool right = r.color == f.color && r.at.x == f.at.x && r.at.y == f.at.y && same_feature;
      followers_right += right;
      follower_confidence.Add(r.confidence, right);
      if (r.color != f.color)
        f_colour += " " + f.color + "->" + r.color;
      else if (r.at.x != f.at.x || r.at.y != f.at.y || !same_feature) {
        ++f_place;
        // "standing N2->N1 [V, read V, 0.8 mm]": the true and the read point, the true tile and
        // what was read there, how far the footprint is off.
        std::string true_id, read_id = "nothing";
        for (const auto& t : truth.tiles)
          if (t.at.x == f.at.x && t.at.y == f.at.y) true_id = t.id;
        if (auto it = got.find({f.at.x, f.at.y}); it != got.end()) read_id = it->second->id;
        char off[32];
        std::snprintf(off, sizeof off, "%.1f mm", best_d);
        f_misplaced += " " + f.pose + " " + f.on + "->" +
                       (r.at.x != f.at.x || r.at.y != f.at.y ? "another tile's " : "") + r.on +
                       " [" + true_id + ", read " + read_id + ", " + off + "]";
      }
    }
    // A follower at the picture's edge or hidden is not counted; one read there is not false.
    for (const auto& f : truth.followers) {
      double d;
      if (!InView(look.camera, f.center_mm) || f.occluded)
        MatchNearest(read->followers, used, f.center_mm, 12, d);
    }
    for (size_t i = 0; i < used.size(); ++i)
      if (!used[i])
        ++false_followers, follower_confidence.Add(read->followers[i].confidence, false);
    // "green/lying by target token, 2 mm": what lies nearest a false follower, if within
    // 25 mm.
    std::string f_false;
    for (size_t i = 0; i < used.size(); ++i) {
      if (used[i]) continue;
      const auto& r = read->followers[i];
      double nearest = 25;
      std::string what = "on art";
      auto consider = [&](const double* at, const std::string& name) {
        const double d = std::hypot(at[0] - r.center_mm[0], at[1] - r.center_mm[1]);
        if (d < nearest)
          nearest = d, what = "by " + name + ", " + std::to_string(std::lround(d)) + " mm";
      };
      for (const auto& f : truth.followers)
        consider(f.center_mm, f.color + " " + f.pose + " follower");
      for (const auto& t : truth.tokens) consider(t.center_mm, t.kind + " token");
      f_false += " " + r.color + "/" + r.pose + " " + what + ";";
    }
    std::vector<bool> tused(read->tokens.size(), false);
    for (const auto& t : truth.tokens) {
      if (!InView(look.camera, t.center_mm) || t.occluded) continue;
      ++tokens_total;
      double best_d;
      int best = MatchNearest(read->tokens, tused, t.center_mm, 15, best_d);
      if (best < 0) {
        ++t_missed;
        t_lost += " " + t.kind;
        continue;
      }
      if (read->tokens[best].kind != t.kind)
        t_kind += " " + t.kind + "->" + read->tokens[best].kind;
      token_err.push_back(best_d);
      tokens_right += read->tokens[best].kind == t.kind;
      token_confidence.Add(read->tokens[best].confidence, read->tokens[best].kind == t.kind);
      if (read->tokens[best].on_board == t.on_board)
        ++tokens_placed;
      else
        t_kind += std::string(" ") + t.kind + (t.on_board ? " on->off" : " off->on");
    }
    for (const auto& t : truth.tokens) {
      double d;
      if (!InView(look.camera, t.center_mm) || t.occluded)
        MatchNearest(read->tokens, tused, t.center_mm, 15, d);
    }
    for (size_t i = 0; i < tused.size(); ++i)
      if (!tused[i]) ++false_tokens, token_confidence.Add(read->tokens[i].confidence, false);
    if (vm->count("per-scene")) {
      std::printf(
          "seed %llu: followers missed %d (%s), wrong place %d (%s), false %d (%s), colours%s; "
          "tokens missed %d (%s), false %d, kinds%s\n",
          static_cast<unsigned long long>(seed), f_missed, f_lost.c_str(), f_place,
          f_misplaced.c_str(), static_cast<int>(std::count(used.begin(), used.end(), false)),
          f_false.c_str(), f_colour.c_str(), t_missed, t_lost.c_str(),
          static_cast<int>(std::count(tused.begin(), tused.end(), false)), t_kind.c_str());
      std::printf(
          "seed %llu: tiles %d/%d (missing %d, wrong id %d, wrong turn %d, invented %d; under a "
          "hand %d right, %d misread, %d not read), tilt %.0f deg, %.2f px/mm, light falloff "
          "%.2f;%s\n",
          static_cast<unsigned long long>(seed), scene_right, scene_tiles, missing, wrong_id,
          wrong_turn, invented, scene_hand_right, scene_hand_misread, scene_hand_unread,
          CameraTiltDeg(look.camera), TableMiddlePxPerMm(look.camera), look.light_falloff,
          confusions.c_str());
    }
  }
  close_scene();
  std::printf("catapult-fair bench vision: %d rendered scenes (seeds from %llu, %s, %s)\n", n,
              static_cast<unsigned long long>((*vm)["seed"].as<uint64_t>()),
              (*vm)["camera"].as<std::string>().c_str(),
              vm->count("uncalibrated")
                  ? "no calibration, the reading's frame matched to the truth's"
              : vm->count("from-tiles")
                  ? "calibrated from each scene's tiles, the frame matched to the truth's"
                  : "true camera as calibration");
  std::printf("  refused as 'no board': %d scenes\n", refused);
  // "98.50% of 200", or, with nothing of the kind in the scenes (an empty table), "none to find".
  auto share_of = [](int right, int total) {
    char text[64];
    if (total == 0) return std::string("none to find");
    std::snprintf(text, sizeof text, "%.2f%% of %d", Pct(right, total), total);
    return std::string(text);
  };
  std::printf("  tiles (id and rotation right, in view): %s; %d read where none lies\n",
              share_of(tiles_right, tiles_total).c_str(), invented_tiles);
  const int under_hand = hand_right + hand_misread + hand_unread;
  if (under_hand > 0)
    std::printf(
        "  tiles with a hand over their centre (not counted above, as followers and tokens a hand "
        "covers): %d; %d read right, %d read as another face, %d not read; counting them, tiles "
        "%s\n",
        under_hand, hand_right, hand_misread, hand_unread,
        share_of(tiles_right + hand_right, tiles_total + under_hand).c_str());
  tile_confidence.Print("tiles");
  if (vm->count("lookalikes"))
    std::printf(
        "  tiles that another face fitting their neighbours matches wherever they show (pieces or "
        "hands hide %.0f%% or more of the difference): %d (%.2f%% of the tiles), %d of them read "
        "right, %d with all of the difference hidden; taking the one the catalog holds most of, "
        "a reader blind to the difference would misread %.0f (%.2f%% of the tiles)\n",
        100 * kMostlyHidden, twin_tiles, Pct(twin_tiles, tiles_total), twins_right,
        wholly_hidden_tiles, commoner_misreads, 100 * commoner_misreads / std::max(1, tiles_total));
  if (vm->count("hidden"))
    std::printf(
        "  tiles read as another face: %d; for %d of them (%.2f%% of the tiles) pieces or hands "
        "hide "
        "%.0f%% or more of what tells the two apart\n",
        misread_tiles, hidden_misreads, Pct(hidden_misreads, tiles_total), 100 * kMostlyHidden);
  std::printf("  followers (found, colour, cell and feature right): %s; %d false followers\n",
              share_of(followers_right, followers_total).c_str(), false_followers);
  follower_confidence.Print("followers");
  std::printf("  tokens (found, kind right): %s; %d false tokens\n",
              share_of(tokens_right, tokens_total).c_str(), false_tokens);
  token_confidence.Print("tokens");
  if (!token_err.empty())
    std::printf("  tokens on the board or off it as they lie: %.2f%% of %zu found\n",
                Pct(tokens_placed, static_cast<int>(token_err.size())), token_err.size());
  auto print_errors = [](const char* what, const std::vector<double>& errors, const char* of) {
    if (errors.empty()) return;
    std::printf("  %s: median %.2f mm, 95th percentile %.2f mm (%s)\n", what,
                Percentile(errors, 0.5), Percentile(errors, 0.95), of);
  };
  print_errors("follower footprint centre error", follower_err, "found ones");
  print_errors("token centre error", token_err, "found ones");
  print_errors("tile centre error", tile_err, "tiles read right");
  if (vm->count("from-tiles"))
    std::printf(
        "  calibration from the tiles: a 400 mm stretch off by median %.2f mm, 95th percentile "
        "%.2f mm; focal length off by median %.1f%% (%zu of %zu views tilted enough to tell)\n",
        Percentile(stretch_err, 0.5), Percentile(stretch_err, 0.95), Percentile(focal_err, 0.5),
        focal_err.size(), stretch_err.size());
  std::printf("  analyze time: median %.0f ms, max %.0f ms", Percentile(ms, 0.5),
              Percentile(ms, 1.0));
  if ((*vm)["repeat"].as<int>() > 1)
    std::printf(
        " (the fastest of %d; the first look, before the tile templates of this pitch are "
        "kept: median %.0f ms)",
        (*vm)["repeat"].as<int>(), Percentile(first_ms, 0.5));
  std::printf("\n");
  if (!phase_ms.empty()) {  // scenes read, not refused
    std::printf("  median per phase:");
    for (const auto& [phase, values] : phase_ms)
      std::printf(" %s %.1f ms", phase.c_str(), Percentile(values, 0.5));
    std::printf("\n");
  }
  if (vm->count("by-condition")) PrintByCondition(outcomes);
  return kExitOk;
}

}  // namespace cf::cli
