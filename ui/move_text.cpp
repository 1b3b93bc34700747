#include "ui/move_text.h"

#include <cstdio>

#include "engine/tile_points.h"

namespace cf::ui {

std::string FollowerText(const GameSetup& setup, const FollowerRef& f) {
  return setup.players[f.player].color + " " + CellText(f.at) + " " +
         std::string(PointName(f.point));
}

std::string ThrowOutcomeText(const GameSetup& setup, TokenKind token, const CatapultThrow& t) {
  switch (token) {
    case TokenKind::kTarget: {
      if (!t.distance_mm) return "off the table";
      char mm[48];
      std::snprintf(mm, sizeof mm, "%.1f mm from the fair", *t.distance_mm);
      return mm;
    }
    case TokenKind::kKnockout: {
      if (t.hit.empty()) return "hit nothing";
      std::string hits;
      for (const FollowerRef& f : t.hit)
        hits += (hits.empty() ? "" : ", ") + FollowerText(setup, f);
      return "knocked out " + hits;
    }
    case TokenKind::kSeduction:
      if (!t.on_board) return "off the board: no effect";
      if (!t.seduced) return "seduced nobody";
      return "seduced " + FollowerText(setup, *t.seduced);
    case TokenKind::kCatch: {
      const std::string catcher = t.catcher >= 0 ? setup.players[t.catcher].color : "";
      const std::string which = " (case " + std::string(1, t.catch_case) + ")";
      switch (t.catch_case) {
        case 'A':
          return "caught by " + catcher + which;
        case 'B':
          return "not caught, far enough" + which;
        case 'C':
          return "not caught, too short" + which;
        case 'D':
          return "touched by " + catcher + ", not caught" + which;
      }
      return "no case given";
    }
  }
  return {};
}

std::string MoveText(const GameState& game, const Move& m) {
  const GameSetup& setup = game.setup();
  switch (m.type) {
    case MoveType::kPlace: {
      std::string out = setup.players[m.player].color + ": " + game.catalog().type(m.tile).id +
                        " at " + CellText(m.placement.at) + " turned " +
                        std::to_string(90 * m.placement.rotation);
      if (m.follower_point) out += ", follower on " + std::string(PointName(*m.follower_point));
      if (m.beggar) out += ", beggar at " + CellText(m.beggar->hut);
      return out;
    }
    case MoveType::kDiscard:
      return setup.players[m.player].color + " discards " + game.catalog().type(m.tile).id;
    case MoveType::kCatapult: {
      std::string out = "catapult, " + TokenKindName(m.catapult.token) + ":";
      for (size_t i = 0; i < m.catapult.throws.size(); ++i)
        out += (i ? "; " : " ") + setup.players[m.catapult.throws[i].player].color + " " +
               ThrowOutcomeText(setup, m.catapult.token, m.catapult.throws[i]);
      return out;
    }
    case MoveType::kFinish:
      return "final scoring";
  }
  return {};
}

std::string PointsText(const GameState& game, int number) {
  const bool final = number >= 1 && number <= static_cast<int>(game.moves().size()) &&
                     game.moves()[number - 1].type == MoveType::kFinish;
  std::string out;
  for (const ScoreEvent& e : game.events()) {
    if (e.move != (final ? 0 : number)) continue;
    out += (out.empty() ? "" : ", ") + game.setup().players[e.player].color + " +" +
           std::to_string(e.points) + " " + e.reason;
  }
  return out;
}

}  // namespace cf::ui
