// catapult-fair score GAME.json

#include <iostream>

#include "engine/game_record.h"
#include "tools/cli/cli_common.h"

namespace cf::cli {

int RunScore(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("game", po::value<std::string>()->required(),
                        "game record (catapult-fair/game@1)")(
      "board", "also print the final board and followers as text on stderr")(
      "table", "print a table for people instead of the score JSON");
  po::positional_options_description pos;
  pos.add("game", 1);
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair score GAME.json [--table] [--board] [--catalog FILE]\n"
      "Replays a game record (catapult-fair/game@1) and prints the scores "
      "(catapult-fair/score@1).\n"
      "An illegal or malformed record: exit status 2 and one line naming the move and why.",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  const std::string path = (*vm)["game"].as<std::string>();
  auto record = LoadGameRecord(path, *catalog);
  if (!record) return BadInput(record.error().message);
  auto game = Replay(*record, *catalog);
  if (!game) return BadInput(path + ": " + game.error().message);
  if (vm->count("board")) std::cerr << game->ToString();
  if (vm->count("table"))
    std::cout << ScoreTable(*game);
  else
    std::cout << ScoreReport(*game).dump(2) << "\n";
  return kExitOk;
}

}  // namespace cf::cli
