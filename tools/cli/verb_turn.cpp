// catapult-fair turn GAME.json PHOTO: the turn a photo of the table shows after a game record.

#include "engine/game_record.h"
#include "tools/cli/cli_vision.h"
#include "vision/photo_reading.h"
#include "vision/turn_from_reading.h"

namespace cf::cli {

int RunTurn(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  AddCalibrationOption(options);
  options.add_options()("game", po::value<std::string>()->required(), "the game record so far")(
      "photo", po::value<std::string>()->required(), "photo of the table after the turn")(
      "after-move", po::value<int>(),
      "read the turn after the record's first N moves (to check a record against its photos)")(
      "record", po::value<std::string>(),
      "write the game record with the turn added here (may be GAME.json itself)")(
      "out", po::value<std::string>(), "write the turn JSON here instead of stdout");
  po::positional_options_description pos;
  pos.add("game", 1).add("photo", 1);
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair turn GAME.json PHOTO [--record FILE | --after-move N] [--tileset DIR]\n"
      "       [--calibration FILE] [--out FILE]\n"
      "Prints the turn the photo shows after the record's last move (catapult-fair/turn@1): the\n"
      "place move as the record writes it, and what the table should check. Not one new tile\n"
      "next to the board, another board, or a catapult round due: exit status 2 and one line.",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  const std::string game_path = (*vm)["game"].as<std::string>();
  auto record = LoadGameRecord(game_path, *catalog);
  if (!record) return BadInput(record.error().message);
  if (vm->count("after-move")) {
    const int n = (*vm)["after-move"].as<int>();
    if (n < 0 || n > static_cast<int>(record->moves.size()))
      return BadInput("--after-move must be 0 to " + std::to_string(record->moves.size()) +
                      ", the record's moves");
    if (vm->count("record") && n < static_cast<int>(record->moves.size()))
      return BadInput("--record adds the turn at the record's end: leave out --after-move");
    if (n < static_cast<int>(record->moves.size())) record->final = false;
    record->moves.resize(n);
  }
  auto game = Replay(*record, *catalog);
  if (!game) return BadInput(game_path + ": " + game.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  auto calibration = LoadCalibrationOption(*vm);
  if (!calibration) return BadInput(calibration.error().message);
  const std::vector<TileReference> in_play = TilesInPlay(*tileset, *game);
  AnalyzeInput input{&*catalog, &in_play, *calibration ? &**calibration : nullptr, ""};
  input.min_joined_tiles = kTurnBoardTiles;
  const std::string photo = (*vm)["photo"].as<std::string>();
  auto read = ReadPhotoFile(photo, input);
  if (!read) return BadInput(read.error().message);
  auto turn = TurnFromReading(*game, read->scene);
  if (!turn) return BadInput(photo + ": " + turn.error().message);
  json::Value out;
  out["format"] = "catapult-fair/turn@1";
  out["move"] = MoveToJson(*game, turn->move);
  json::Array doubts;
  for (const std::string& d : turn->doubts) doubts.push_back(d);
  out["doubts"] = doubts;
  out["tiles_matched"] = turn->tiles_matched;
  if (vm->count("record")) {
    if (auto s = game->Apply(turn->move); !s) return BadInput(photo + ": " + s.error().message);
    if (auto s = SaveGameRecord(*game, (*vm)["record"].as<std::string>()); !s)
      return BadInput(s.error().message);
  }
  return WriteOutput(*vm, out.dump(2) + "\n");
}

}  // namespace cf::cli
