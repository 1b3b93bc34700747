#include "vision/sequence_renderer.h"

#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "engine/game_record.h"
#include "engine/random_game.h"
#include "vision/table_layout.h"

namespace cf {

Result<Sequence> PlaySequence(const TileCatalog& catalog, GameSetup setup,
                              const SequenceOptions& options) {
  auto created = GameState::Create(catalog, setup);
  if (!created) return created.error();
  GameState game = std::move(created).value();
  std::mt19937_64 rng(options.seed);
  std::uniform_real_distribution<double> u(0, 1);
  LayoutOptions lo;
  lo.seed = options.seed;
  std::vector<SequenceFrame> frames;
  auto color = [&](PlayerId p) { return setup.players[p].color; };
  frames.push_back({LayoutTable(game, lo), json::Value("start")});
  int rounds = 0;
  const TokenKind kinds[3] = {TokenKind::kKnockout, TokenKind::kTarget, TokenKind::kSeduction};

  for (int turn = 0; turn < options.turns; ++turn) {
    // Draw: a fair tile on the chosen turns when one fits, else at random.
    int tile = -1;
    if (std::find(options.fair_turns.begin(), options.fair_turns.end(), turn) !=
        options.fair_turns.end())
      for (int t = 0; t < catalog.size() && tile < 0; ++t)
        if (game.deck()[t] > 0 && catalog.type(t).has(FeatureKind::kFair) &&
            !game.LegalPlacements(t).empty())
          tile = t;
    if (tile < 0) tile = DrawTile(game, rng);
    if (tile < 0) break;
    Move m;
    m.player = game.current_player();
    m.tile = tile;
    auto placements = game.LegalPlacements(tile);
    if (placements.empty()) {
      m.type = MoveType::kDiscard;
      if (!game.Apply(m)) return Fail("sequence: discard refused");
      continue;
    }
    m.placement = placements[std::uniform_int_distribution<size_t>(0, placements.size() - 1)(rng)];
    auto points = game.LegalFollowerPoints(tile, m.placement);
    if (!points.empty() && u(rng) < 0.7)
      m.follower_point = points[std::uniform_int_distribution<size_t>(0, points.size() - 1)(rng)];
    if (auto s = game.Apply(m); !s) return Fail("sequence: " + s.error().message);
    json::Value ev;
    ev["type"] = "place";
    ev["move"] = static_cast<int>(game.moves().size());
    ev["record"] = MoveToJson(game, m);
    frames.push_back({LayoutTable(game, lo), ev});
    if (game.phase() != Phase::kCatapultRound) continue;

    // The catapult round: every player throws once; tokens stay on the table until it ends.
    Move round;
    round.type = MoveType::kCatapult;
    round.player = round.catapult.thrower = game.current_player();
    round.catapult.token = kinds[rounds++ % 3];
    const int fair = game.fair_tile();
    std::vector<SceneToken> landed;
    std::vector<int>
        gone;  // followers knocked out so far this round (indices into game.followers())
    std::vector<PlayerId> owner;  // whose each follower is now: seduction swaps them at once
    for (const auto& f : game.followers()) owner.push_back(f.player);
    std::vector<int> swapped_in(game.player_count(), 0);  // followers each thrower swapped in
    for (int i = 0; i < game.player_count(); ++i) {
      PlayerId thrower = (round.catapult.thrower + i) % game.player_count();
      Scene before = LayoutTable(game, lo);
      for (size_t k = 0; k < before.followers.size(); ++k)
        before.followers[k].color = color(owner[k]);
      std::vector<SceneFollower> standing;
      for (size_t k = 0; k < before.followers.size(); ++k)
        if (std::find(gone.begin(), gone.end(), static_cast<int>(k)) == gone.end())
          standing.push_back(before.followers[k]);
      before.followers = standing;
      before.tokens = landed;
      // Aim: the fair tile for target, else a follower; land with a spread.
      double aim[2] = {before.tiles[fair].center_mm[0], before.tiles[fair].center_mm[1]};
      if (round.catapult.token != TokenKind::kTarget && !standing.empty()) {
        const auto& f =
            standing[std::uniform_int_distribution<size_t>(0, standing.size() - 1)(rng)];
        aim[0] = f.center_mm[0], aim[1] = f.center_mm[1];
      }
      std::normal_distribution<double> spread(0,
                                              round.catapult.token == TokenKind::kTarget ? 35 : 14);
      SceneToken tok;
      tok.kind = TokenKindName(round.catapult.token);
      tok.center_mm[0] = aim[0] + spread(rng);
      tok.center_mm[1] = aim[1] + spread(rng);
      tok.angle_deg = u(rng) * 180;
      tok.on_board = TokenOnBoard(before, round.catapult.token, tok.center_mm, tok.angle_deg);
      CatapultThrow t;
      t.player = thrower;
      Scene after = before;
      after.tokens.push_back(tok);
      auto tok_fp = TokenFootprint(tok);
      json::Value ev2;
      ev2["type"] = "throw";
      ev2["token"] = tok.kind;
      ev2["thrower"] = color(thrower);
      if (round.catapult.token == TokenKind::kTarget) {
        if (tok.on_board)
          t.distance_mm =
              std::round(std::hypot(tok.center_mm[0] - before.tiles[fair].center_mm[0],
                                    tok.center_mm[1] - before.tiles[fair].center_mm[1]) *
                         10) /
              10;
        ev2["distance_mm"] = t.distance_mm ? json::Value(*t.distance_mm) : json::Value();
      } else if (round.catapult.token == TokenKind::kKnockout) {
        // Followers the token touches fall, and knock over those they touch in turn.
        std::vector<int> hit;
        for (size_t k = 0; k < game.followers().size(); ++k) {
          if (std::find(gone.begin(), gone.end(), static_cast<int>(k)) != gone.end()) continue;
          if (FootprintGap(tok_fp, FollowerFootprint(LayoutTable(game, lo).followers[k])) <= 0.5)
            hit.push_back(static_cast<int>(k));
        }
        Scene full = LayoutTable(game, lo);
        for (size_t h = 0; h < hit.size(); ++h)
          for (size_t k = 0; k < full.followers.size(); ++k)
            if (std::find(hit.begin(), hit.end(), static_cast<int>(k)) == hit.end() &&
                std::find(gone.begin(), gone.end(), static_cast<int>(k)) == gone.end() &&
                FootprintGap(FollowerFootprint(full.followers[hit[h]]),
                             FollowerFootprint(full.followers[k])) <= 1.0)
              hit.push_back(static_cast<int>(k));
        json::Array hits;
        for (int k : hit) {
          t.hit.push_back(game.RefOf(game.followers()[k]));
          hits.push_back(FollowerRefToJson(setup, t.hit.back()));
          for (auto& f : after.followers)  // the fallen follower lies pushed away from the token
            if (f.center_mm[0] == full.followers[k].center_mm[0] &&
                f.center_mm[1] == full.followers[k].center_mm[1]) {
              double dx = f.center_mm[0] - tok.center_mm[0], dy = f.center_mm[1] - tok.center_mm[1];
              double len = std::max(1e-6, std::hypot(dx, dy));
              f.center_mm[0] += dx / len * 9;
              f.center_mm[1] += dy / len * 9;
              f.pose = "lying";
            }
          gone.push_back(k);
        }
        ev2["hit"] = hits;
      } else {  // seduction: the nearest opponent follower, if the token rests on the board
        t.on_board = tok.on_board;
        ev2["on_board"] = tok.on_board;
        Scene full = LayoutTable(game, lo);
        int best = -1;
        double best_gap = 1e18;
        for (size_t k = 0; k < game.followers().size(); ++k) {
          if (owner[k] == thrower) continue;
          double gap = FootprintGap(tok_fp, FollowerFootprint(full.followers[k]));
          if (gap < best_gap) best_gap = gap, best = static_cast<int>(k);
        }
        if (tok.on_board && best >= 0 && game.supply(thrower) > swapped_in[thrower] &&
            catalog.type(game.board().tile(game.followers()[best].tile).type)
                    .features[game.followers()[best].feature]
                    .kind != FeatureKind::kTent) {
          t.seduced = game.RefOf(game.followers()[best]);
          t.seduced->player = owner[best];
          ev2["seduced"] = FollowerRefToJson(setup, *t.seduced);
          ev2["distance_mm"] = std::round(best_gap * 10) / 10;
          owner[best] = thrower;
          ++swapped_in[thrower];
        }
      }
      round.catapult.throws.push_back(t);
      landed = after.tokens;
      frames.push_back({before, json::Value("before throw by " + color(thrower))});
      frames.push_back({after, ev2});
    }
    if (auto s = game.Apply(round); !s)
      return Fail("sequence: catapult round refused: " + s.error().message);
    json::Value done;
    done["type"] = "round_end";
    done["record"] = MoveToJson(game, round);
    frames.push_back({LayoutTable(game, lo), done});
  }

  // One camera and light for the whole sequence, framed on the final board.
  Look look = RandomLook(frames.back().scene, options.look, options.seed);
  look.hands = 0;
  return Sequence{std::move(frames), look, GameRecordToJson(game)};
}

Result<int> RenderSequence(const TileCatalog& catalog, GameSetup setup,
                           const SequenceOptions& options, const std::filesystem::path& dir,
                           const std::string& ext) {
  auto played = PlaySequence(catalog, std::move(setup), options);
  if (!played) return played.error();
  std::vector<SequenceFrame>& frames = played->frames;
  Look look = played->look;
  if (ext == ".png") look.jpeg_quality = 0;
  json::Array index;
  for (size_t i = 0; i < frames.size(); ++i) {
    char stem[24];
    std::snprintf(stem, sizeof stem, "%03zu", i);
    Scene& s = frames[i].scene;
    cv::Mat img = RenderTable(catalog, s, look);
    s.image = std::string(stem) + ext;
    if (!cv::imwrite((dir / s.image).string(), img)) return Fail("cannot write " + s.image);
    std::ofstream((dir / (std::string(stem) + ".json")).string()) << s.ToJson().dump(2) << "\n";
    json::Value entry;
    entry["image"] = s.image;
    entry["event"] = frames[i].event;
    index.push_back(entry);
  }
  json::Value seq;
  seq["format"] = "catapult-fair/sequence@1";
  seq["frames"] = index;
  std::ofstream((dir / "sequence.json").string()) << seq.dump(2) << "\n";
  std::ofstream((dir / "game.json").string()) << played->game.dump(2) << "\n";
  return static_cast<int>(frames.size());
}

}  // namespace cf
