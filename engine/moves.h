#pragma once
// What a player does on a turn, in the board frame, as the game record carries it.

#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"

namespace cf {

using PlayerId = int;  // index into the game's player list, in turn order

// A follower named the way a person at the table would: its colour, tile and the point it is on.
struct FollowerRef {
  PlayerId player = -1;
  Cell at;
  int point = kCentrePoint;  // board frame
  friend bool operator==(const FollowerRef&, const FollowerRef&) = default;
};

enum class TokenKind { kKnockout, kSeduction, kTarget, kCatch };

// One player's throw in a catapult round and its measured outcome.
struct CatapultThrow {
  PlayerId player = -1;
  // target: distance of the token's centre to the fair tile; none when it left the playing area.
  std::optional<double> distance_mm;
  // knock-out: every follower hit or touched, chain reactions included.
  std::vector<FollowerRef> hit;
  // seduction: whether the token rests on a tile, the opponent's follower swapped (if the thrower
  // swaps), and the thrower's own follower taken from the board for it (none: from the supply).
  bool on_board = false;
  std::optional<FollowerRef> seduced;
  std::optional<FollowerRef> replacement;
  // catch: who caught (the player to the left) and the case A-D.
  PlayerId catcher = -1;
  char catch_case = 0;
};

// A catapult round started by a fair tile.
struct CatapultRound {
  TokenKind token = TokenKind::kTarget;
  PlayerId thrower = -1;
  std::vector<CatapultThrow> throws;
};

enum class BeggarActionKind { kReplace, kEvict, kTakeBack };

// What a player does with a beggar after a completion this turn.
struct BeggarAction {
  BeggarActionKind kind = BeggarActionKind::kTakeBack;
  Cell hut;  // the cell of the hut's tile
};

enum class MoveType { kPlace, kDiscard, kCatapult, kFinish };

struct Move {
  MoveType type = MoveType::kPlace;
  PlayerId player = -1;
  int tile = -1;  // catalog index (place, discard)
  Placement placement;
  std::optional<int> follower_point;  // board frame (place)
  std::optional<BeggarAction> beggar;
  std::vector<int> drawn;  // fortune teller: all tiles drawn this turn, the placed one included
  CatapultRound catapult;
};

std::string TokenKindName(TokenKind k);
std::optional<TokenKind> ParseTokenKind(const std::string& s);

}  // namespace cf
