// catapult-fair selfplay: a random legal game written as a game record.

#include <iostream>
#include <random>

#include "engine/game_record.h"
#include "engine/random_game.h"
#include "tools/cli/cli_common.h"

namespace cf::cli {

Result<GameSetup> SetupFromOptions(int players, const std::vector<std::string>& expansions,
                                   const std::vector<std::string>& rules) {
  GameSetup setup;
  if (players < 2 || players > 6) return Fail("--players must be 2 to 6");
  for (int i = 0; i < players; ++i) setup.players.push_back({kColors[i], ""});
  for (const auto& e : expansions) {
    if (e == "all") {
      setup.expansions = KnownExpansions();
      break;
    }
    setup.expansions.push_back(e);
  }
  json::Value r{json::Object{}};
  for (const auto& kv : rules) {
    auto eq = kv.find('=');
    if (eq == std::string::npos) return Fail("--rule takes KEY=VALUE");
    std::string key = kv.substr(0, eq), val = kv.substr(eq + 1);
    r[key] = key == "followers" ? json::Value(std::atoi(val.c_str())) : json::Value(val);
  }
  auto parsed = ParseRules(r);
  if (!parsed) return parsed.error();
  setup.rules = *parsed;
  return setup;
}

int RunSelfplay(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("seed", po::value<uint64_t>()->default_value(1), "random seed")(
      "players", po::value<int>()->default_value(3), "2 to 6 players")(
      "expansions", po::value<std::vector<std::string>>()->multitoken(),
      "catapult fortune_teller beggars inns_cathedrals, or all")(
      "rule", po::value<std::vector<std::string>>(), "a rule switch KEY=VALUE (repeatable)")(
      "out", po::value<std::string>(), "write the record here instead of stdout");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair selfplay [--seed N] [--players N] [--expansions ...] [--out FILE]",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto setup =
      SetupFromOptions((*vm)["players"].as<int>(),
                       vm->count("expansions") ? (*vm)["expansions"].as<std::vector<std::string>>()
                                               : std::vector<std::string>{},
                       vm->count("rule") ? (*vm)["rule"].as<std::vector<std::string>>()
                                         : std::vector<std::string>{});
  if (!setup) return BadInput(setup.error().message);
  auto game = GameState::Create(*catalog, *setup);
  if (!game) return BadInput(game.error().message);
  std::mt19937_64 rng((*vm)["seed"].as<uint64_t>());
  PlayRandomGame(*game, rng);
  if (!vm->count("out")) {
    std::cout << GameRecordToJson(*game).dump(2) << "\n";
    return kExitOk;
  }
  if (auto s = SaveGameRecord(*game, (*vm)["out"].as<std::string>()); !s)
    return BadInput(s.error().message);
  return kExitOk;
}

}  // namespace cf::cli
