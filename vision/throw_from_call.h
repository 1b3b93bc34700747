#pragma once
// A referee's call as one throw of the game record's catapult round, in the game's own terms.

#include <string>
#include <vector>

#include "engine/game_state.h"
#include "vision/referee.h"

namespace cf {

// One throw's outcome for the record, with what the table should check before recording it.
struct ThrowReading {
  CatapultThrow outcome;
  std::vector<std::string> doubts;  // the call's own, and followers the game does not have
};

// The followers as the round's earlier throws left them (the later throws taken as having no
// effect): the game to name a call's followers in. Refuses throws the game refuses.
Result<GameState> DuringRound(const GameState& game, const CatapultRound& earlier);

// `call` was made on photos whose before reading is `before`; `player` threw `token`; `game` is
// the game as it stands at this throw (DuringRound). Refuses a
// catch (the table calls its case), a target throw with no fair distance, and a reading of
// another board.
Result<ThrowReading> ThrowFromCall(const GameState& game, const Scene& before,
                                   const RefereeCall& call, TokenKind token, PlayerId player);

}  // namespace cf
