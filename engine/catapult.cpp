// The Catapult: applying a catapult round with the outcomes measured at the table.

#include <algorithm>
#include <cmath>

#include "engine/game_state.h"

namespace cf {

std::string TokenKindName(TokenKind k) {
  switch (k) {
    case TokenKind::kKnockout:
      return "knockout";
    case TokenKind::kSeduction:
      return "seduction";
    case TokenKind::kTarget:
      return "target";
    case TokenKind::kCatch:
      return "catch";
  }
  return "?";
}

std::optional<TokenKind> ParseTokenKind(const std::string& s) {
  for (TokenKind k :
       {TokenKind::kKnockout, TokenKind::kSeduction, TokenKind::kTarget, TokenKind::kCatch})
    if (TokenKindName(k) == s) return k;
  return std::nullopt;
}

Status GameState::ApplyCatapult(const Move& m) {
  if (!setup_.has("catapult")) return Fail("catapult rounds need the catapult expansion");
  if (setup_.rules.catapult == CatapultMode::kHouseRule)
    return Fail("the house rule plays without catapult rounds");
  if (dyn_.phase != Phase::kCatapultRound)
    return Fail("no catapult round is due: no fair tile was just placed");
  const CatapultRound& r = m.catapult;
  const int n = player_count();
  if (r.thrower != dyn_.current)
    return Fail("the round is " + setup_.players[dyn_.current].color +
                "'s to start, who placed the fair tile");
  if (static_cast<int>(r.throws.size()) != n)
    return Fail("every player throws once: expected " + std::to_string(n) + " throws");
  for (int i = 0; i < n; ++i)
    if (r.throws[i].player != (r.thrower + i) % n)
      return Fail("throw " + std::to_string(i + 1) + " should be " +
                  setup_.players[(r.thrower + i) % n].color + "'s (clockwise from the thrower)");
  auto name = [&](PlayerId p) { return setup_.players[p].color; };
  auto describe = [&](const FollowerRef& f) {
    return name(f.player) + " follower at " + CellText(f.at) + " " +
           std::string(PointName(f.point));
  };
  Cell fair_at = board_.tile(dyn_.fair_tile).at;
  std::string fair_text = "fair " + CellText(fair_at);

  switch (r.token) {
    case TokenKind::kTarget: {
      std::optional<double> best;
      for (const auto& t : r.throws) {
        if (!t.distance_mm) continue;
        if (!std::isfinite(*t.distance_mm) || *t.distance_mm < 0)
          return Fail(name(t.player) + "'s distance must be a non-negative number or null");
        if (!best || *t.distance_mm < *best) best = t.distance_mm;
      }
      if (best)
        for (const auto& t : r.throws)
          if (t.distance_mm && *t.distance_mm == *best) Award(t.player, 5, "target", fair_text);
      break;
    }
    case TokenKind::kKnockout:
      for (const auto& t : r.throws)
        for (const auto& h : t.hit) {
          int i = FindFollower(h);
          if (i < 0) return Fail(name(t.player) + "'s throw: no " + describe(h) + " to knock out");
          ReturnFollower(i);
        }
      break;
    case TokenKind::kSeduction:
      for (const auto& t : r.throws) {
        if (!t.seduced) {
          if (t.replacement)
            return Fail(name(t.player) + "'s throw: a replacement needs a seduced follower");
          continue;
        }
        if (!t.on_board)
          return Fail(name(t.player) + "'s token did not rest on the board: it has no effect");
        int victim = FindFollower(*t.seduced);
        if (victim < 0)
          return Fail(name(t.player) + "'s throw: no " + describe(*t.seduced) + " to seduce");
        if (t.seduced->player == t.player)
          return Fail(name(t.player) + " cannot seduce an own follower");
        Follower target = dyn_.followers[victim];
        if (t.replacement) {
          if (t.replacement->player != t.player)
            return Fail(name(t.player) +
                        "'s throw: the replacement must be the thrower's own follower");
          int own = FindFollower(*t.replacement);
          if (own < 0)
            return Fail(name(t.player) + "'s throw: no " + describe(*t.replacement) + " to move");
          ReturnFollower(own);
          victim = FindFollower(*t.seduced);
        } else if (dyn_.supply[t.player] <= 0) {
          return Fail(name(t.player) + " has no follower in the supply to swap in");
        }
        ReturnFollower(victim);
        if (board_.type_of(target.tile).features[target.feature].kind == FeatureKind::kTent &&
            tiles_to_draw(t.player) >= 3)
          return Fail(name(t.player) + " would have more than 2 fortune tellers");
        dyn_.followers.push_back({t.player, target.tile, target.feature, target.point});
        --dyn_.supply[t.player];
      }
      break;
    case TokenKind::kCatch:
      for (const auto& t : r.throws) {
        PlayerId left = (t.player + 1) % n;
        if (t.catcher != left)
          return Fail(name(t.player) + " throws to " + name(left) + ", who must be the catcher");
        switch (t.catch_case) {
          case 'A':
            Award(t.catcher, 5, "catch", "case A: caught");
            break;
          case 'B':
            Award(t.player, 5, "catch", "case B: not caught, far enough");
            break;
          case 'C':
            Award(t.catcher, 5, "catch", "case C: not caught, too short");
            break;
          case 'D':
            Award(t.player, 5, "catch", "case D: touched, not caught");
            break;
          default:
            return Fail(name(t.player) + "'s catch needs a case A, B, C or D");
        }
      }
      break;
  }
  dyn_.phase = Phase::kPlaceTile;
  dyn_.fair_tile = -1;
  dyn_.current = (r.thrower + 1) % n;
  return Status::Ok();
}

}  // namespace cf
