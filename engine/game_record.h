#pragma once
// The game record (interface.md 3): reading, replaying, writing, and the score report.

#include <string>
#include <string_view>
#include <vector>

#include "engine/game_state.h"
#include "engine/json.h"

namespace cf {

inline constexpr const char* kGameFormat = "catapult-fair/game@1";
inline constexpr const char* kScoreFormat = "catapult-fair/score@1";

// A parsed record: the setup, its moves, and whether the final scoring applies.
struct GameRecord {
  GameSetup setup;
  std::vector<Move> moves;
  bool final = false;
};

// Errors name the move ("move 3: ...") or the part of the record that is wrong.
Result<GameRecord> ParseGameRecord(std::string_view text, const TileCatalog& catalog);
Result<GameRecord> GameRecordFromJson(const json::Value& doc, const TileCatalog& catalog);
// A record file: refuses an unreadable file ("cannot read PATH") and a malformed record
// ("PATH: why").
Result<GameRecord> LoadGameRecord(const std::string& path, const TileCatalog& catalog);
// Writes `game`'s record, pretty-printed; refuses a file it cannot write ("cannot write PATH").
Status SaveGameRecord(const GameState& game, const std::string& path);
// Plays every move; the error names the move number and why it is illegal.
Result<GameState> Replay(const GameRecord& record, const TileCatalog& catalog);

json::Value GameRecordToJson(const GameState& game);
json::Value MoveToJson(const GameState& game, const Move& m);
json::Value ScoreReport(const GameState& game);
// The same as a table for people: totals per player, then every scoring with its reason.
std::string ScoreTable(const GameState& game);

json::Value FollowerRefToJson(const GameSetup& setup, const FollowerRef& f);

}  // namespace cf
