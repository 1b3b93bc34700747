#include "engine/random_game.h"

#include <algorithm>
#include <cassert>

namespace cf {

namespace {

double Uniform(std::mt19937_64& rng) { return std::uniform_real_distribution<double>(0, 1)(rng); }

template <typename T>
const T& Pick(const std::vector<T>& v, std::mt19937_64& rng) {
  return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
}

}  // namespace

int DrawTile(const GameState& game, std::mt19937_64& rng) {
  int total = game.deck_size();
  if (total == 0) return -1;
  int k = std::uniform_int_distribution<int>(0, total - 1)(rng);
  const auto& deck = game.deck();
  for (size_t t = 0; t < deck.size(); ++t) {
    if (k < deck[t]) return static_cast<int>(t);
    k -= deck[t];
  }
  return -1;
}

Move RandomCatapultRound(const GameState& game, std::mt19937_64& rng) {
  Move m;
  m.type = MoveType::kCatapult;
  m.player = game.current_player();
  m.catapult.thrower = game.current_player();
  m.catapult.token = static_cast<TokenKind>(std::uniform_int_distribution<int>(0, 3)(rng));
  const int n = game.player_count();
  std::vector<int> gone;  // followers already knocked out this round
  std::vector<int> seduced_tiles;
  for (int i = 0; i < n; ++i) {
    CatapultThrow t;
    t.player = (m.catapult.thrower + i) % n;
    switch (m.catapult.token) {
      case TokenKind::kTarget:
        if (Uniform(rng) < 0.85) t.distance_mm = std::round(Uniform(rng) * 2000) / 10.0;
        break;
      case TokenKind::kKnockout: {
        // A token lands near a random tile and takes out the followers within reach.
        const auto& fs = game.followers();
        if (fs.empty() || Uniform(rng) < 0.3) break;
        Cell aim =
            game.board()
                .tile(std::uniform_int_distribution<int>(0, game.board().tile_count() - 1)(rng))
                .at;
        for (size_t k = 0; k < fs.size(); ++k) {
          Cell at = game.board().tile(fs[k].tile).at;
          if (std::abs(at.x - aim.x) + std::abs(at.y - aim.y) <= 1 &&
              std::find(gone.begin(), gone.end(), static_cast<int>(k)) == gone.end() &&
              Uniform(rng) < 0.6) {
            gone.push_back(static_cast<int>(k));
            t.hit.push_back(game.RefOf(fs[k]));
          }
        }
        break;
      }
      case TokenKind::kSeduction: {
        t.on_board = Uniform(rng) < 0.7;
        if (!t.on_board) break;
        std::vector<int> victims;
        for (size_t k = 0; k < game.followers().size(); ++k) {
          const auto& f = game.followers()[k];
          if (f.player != t.player &&
              std::find(seduced_tiles.begin(), seduced_tiles.end(), f.tile) == seduced_tiles.end())
            victims.push_back(static_cast<int>(k));
        }
        if (victims.empty() || Uniform(rng) < 0.2) break;
        const Follower& v = game.followers()[Pick(victims, rng)];
        if (game.board().type_of(v.tile).features[v.feature].kind == FeatureKind::kTent) break;
        seduced_tiles.push_back(v.tile);
        t.seduced = game.RefOf(v);
        if (game.supply(t.player) == 0 || Uniform(rng) < 0.3) {
          std::vector<int> own;
          for (size_t k = 0; k < game.followers().size(); ++k) {
            const auto& f = game.followers()[k];
            if (f.player == t.player && std::find(seduced_tiles.begin(), seduced_tiles.end(),
                                                  f.tile) == seduced_tiles.end())
              own.push_back(static_cast<int>(k));
          }
          if (own.empty()) {
            t.seduced.reset();
            break;
          }
          const Follower& o = game.followers()[Pick(own, rng)];
          seduced_tiles.push_back(o.tile);
          t.replacement = game.RefOf(o);
        }
        break;
      }
      case TokenKind::kCatch:
        t.catcher = (t.player + 1) % n;
        t.catch_case = static_cast<char>('A' + std::uniform_int_distribution<int>(0, 3)(rng));
        break;
    }
    m.catapult.throws.push_back(t);
  }
  return m;
}

void PlayRandomGame(GameState& game, std::mt19937_64& rng, const RandomGameOptions& options,
                    const std::function<void(const GameState&)>& after_move) {
  auto apply = [&](const Move& m) {
    Status s = game.Apply(m);
    assert(s.ok());
    (void)s;
    if (after_move) after_move(game);
  };
  while (game.phase() != Phase::kGameOver) {
    if (game.phase() == Phase::kCatapultRound) {
      Move round = RandomCatapultRound(game, rng);
      if (!game.Apply(round)) {  // a seduction swap the rules forbid here: throw again, no swaps
        for (auto& t : round.catapult.throws) t.seduced.reset(), t.replacement.reset();
        apply(round);
      } else if (after_move) {
        after_move(game);
      }
      continue;
    }
    if (options.max_tiles > 0 && game.board().tile_count() >= options.max_tiles) return;
    int tile = DrawTile(game, rng);
    if (tile < 0) {
      if (!options.finish) return;
      Move finish;
      finish.type = MoveType::kFinish;
      finish.player = game.current_player();
      apply(finish);
      continue;
    }
    Move m;
    m.player = game.current_player();
    // With fortune tellers, draw the extra tiles and keep the one that fits best (most spots).
    int extra = game.setup().has("fortune_teller") ? game.tiles_to_draw(m.player) - 1 : 0;
    if (extra > 0) {
      std::vector<int> drawn{tile};
      std::vector<int> left = game.deck();
      --left[tile];
      for (int i = 0; i < extra; ++i) {
        int total = 0;
        for (int c : left) total += c;
        if (total == 0) break;
        int k = std::uniform_int_distribution<int>(0, total - 1)(rng);
        for (size_t t = 0; t < left.size(); ++t) {
          if (k < left[t]) {
            drawn.push_back(static_cast<int>(t));
            --left[t];
            break;
          }
          k -= left[t];
        }
      }
      if (drawn.size() > 1) {
        m.drawn = drawn;
        tile = *std::max_element(drawn.begin(), drawn.end(), [&](int a, int b) {
          return game.LegalPlacements(a).size() < game.LegalPlacements(b).size();
        });
      }
    }
    m.tile = tile;
    auto placements = game.LegalPlacements(tile);
    if (placements.empty()) {
      m.type = MoveType::kDiscard;
      apply(m);
      continue;
    }
    m.placement = Pick(placements, rng);
    auto points = game.LegalFollowerPoints(tile, m.placement);
    if (!points.empty() && Uniform(rng) < options.follower_chance)
      m.follower_point = Pick(points, rng);
    if (game.setup().has("beggars") && !m.follower_point &&
        Uniform(rng) < options.beggar_action_chance) {
      // Try a beggar action at a hut; the engine refuses it, unchanged, when the rules do not allow
      // it.
      bool done = false;
      for (size_t k = 0; k < game.followers().size() && !done; ++k) {
        const Follower& f = game.followers()[k];
        if (!game.IsBeggar(f)) continue;
        Move b = m;
        b.beggar = BeggarAction{
            static_cast<BeggarActionKind>(std::uniform_int_distribution<int>(0, 2)(rng)),
            game.board().tile(f.tile).at};
        if (game.Apply(b)) {
          done = true;
          if (after_move) after_move(game);
        }
      }
      if (done) continue;
    }
    apply(m);
  }
}

}  // namespace cf
