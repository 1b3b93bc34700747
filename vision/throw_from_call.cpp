#include "vision/throw_from_call.h"

#include <algorithm>

#include "engine/tile_points.h"
#include "vision/turn_from_reading.h"

namespace cf {

namespace {

// A follower the referee named, in the game's frame, as the game names it; none when the game
// has no such follower.
std::optional<FollowerRef> InGame(const GameState& game, const RefereeFollower& f) {
  const auto& colours = game.setup().players;
  const auto player = std::find_if(colours.begin(), colours.end(),
                                   [&](const PlayerInfo& p) { return p.color == f.color; });
  const auto point = ParsePoint(f.on);
  if (player == colours.end() || !point) return std::nullopt;
  const FollowerRef ref{static_cast<PlayerId>(player - colours.begin()), f.at, *point};
  if (game.FindFollower(ref) < 0) return std::nullopt;
  return ref;
}

std::string Named(const RefereeFollower& f) { return f.color + " " + CellText(f.at) + " " + f.on; }

}  // namespace

Result<GameState> DuringRound(const GameState& game, const CatapultRound& earlier) {
  if (earlier.throws.empty()) return game;
  if (earlier.token == TokenKind::kCatch) return game;  // a catch moves no follower
  Move probe;
  probe.type = MoveType::kCatapult;
  probe.player = earlier.thrower;
  probe.catapult = earlier;
  for (int i = static_cast<int>(earlier.throws.size()); i < game.player_count(); ++i) {
    CatapultThrow none;
    none.player = (earlier.thrower + i) % game.player_count();
    probe.catapult.throws.push_back(none);
  }
  GameState during = game;
  if (auto s = during.Apply(probe); !s) return s.error();
  return during;
}

Result<ThrowReading> ThrowFromCall(const GameState& game, const Scene& before,
                                   const RefereeCall& call_as_read, TokenKind token,
                                   PlayerId player) {
  if (token == TokenKind::kCatch) return Fail("a catch is the table's call: choose its case A-D");
  auto match = MatchFrames(BoardAsScene(game), before, kTurnAgreeingTiles);
  if (!match) return Fail("the photo does not show this game's board: " + match.error().message);
  const RefereeCall call = MoveToFrame(call_as_read, *match);
  ThrowReading out;
  out.outcome.player = player;
  if (call.too_close_to_call) out.doubts.push_back("too close to call: the table decides");
  out.doubts.insert(out.doubts.end(), call.doubts.begin(), call.doubts.end());
  switch (token) {
    case TokenKind::kTarget:
      if (!call.fair_distance_mm) return Fail("the call has no distance to the fair tile");
      out.outcome.distance_mm = *call.fair_distance_mm;
      break;
    case TokenKind::kKnockout:
      for (const RefereeFollower& hit : call.hit) {
        if (auto ref = InGame(game, hit))
          out.outcome.hit.push_back(*ref);
        else
          out.doubts.push_back("a " + Named(hit) +
                               " follower is called hit but the game has none "
                               "there: left out");
      }
      break;
    case TokenKind::kSeduction: {
      out.outcome.on_board = call.token.on_board;
      if (!call.token.on_board) break;
      const std::string& own = game.setup().players[player].color;
      for (const RefereeFollower& f : call.followers_by_distance) {
        if (f.color == own) continue;
        if (auto ref = InGame(game, f))
          out.outcome.seduced = *ref;
        else
          out.doubts.push_back("the nearest follower, " + Named(f) +
                               ", is not one the game has: nobody seduced");
        break;
      }
      break;
    }
    case TokenKind::kCatch:
      break;
  }
  return out;
}

}  // namespace cf
