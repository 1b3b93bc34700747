// catapult-fair rules: every rule switch and expansion, defaults first.

#include <iostream>

#include "engine/game_state.h"
#include "engine/rules.h"
#include "tools/cli/cli_common.h"

namespace cf::cli {

int RunRules(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(args, "usage: catapult-fair rules", options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  std::cout << "Rule switches (the game record's \"rules\"; the first value is the default):\n";
  for (const auto& s : RuleSwitches()) {
    std::cout << "  " << s.key << ": ";
    for (size_t i = 0; i < s.values.size(); ++i) std::cout << (i ? " | " : "") << s.values[i];
    std::cout << "\n      " << s.description << "\n";
  }
  std::cout << "\nExpansions (the game record's \"expansions\"; none by default):\n";
  for (const auto& e : KnownExpansions()) {
    int types = 0, tiles = 0;
    for (const auto& t : catalog->types())
      if (t.set == e) ++types, tiles += t.count;
    std::cout << "  " << e << ": " << tiles << " tiles in " << types << " types\n";
  }
  std::cout << "\nNot supported: beggar variants B and C, and rules that need the dragon, fairy, "
               "plague,\n"
               "festival, tower or magic portal.\n";
  return kExitOk;
}

}  // namespace cf::cli
