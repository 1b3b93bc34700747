#pragma once
// Which expansions are in play and the variant switches of the game record's "rules".

#include <set>
#include <string>
#include <vector>

#include "engine/json.h"
#include "engine/result.h"

namespace cf {

enum class FarmerScoring { kPerField, kPerCity };  // third edition (default) / first edition
enum class CatapultMode { kRounds, kHouseRule };
enum class BeggarVariant { kStandard, kMendicantMonks };

struct Rules {
  int followers = 7;
  FarmerScoring farmers = FarmerScoring::kPerField;
  CatapultMode catapult = CatapultMode::kRounds;
  BeggarVariant beggars = BeggarVariant::kStandard;
};

// One documented switch: its record key, the values it takes (default first), and what they do.
struct RuleSwitch {
  std::string key;
  std::vector<std::string> values;
  std::string description;
};
const std::vector<RuleSwitch>& RuleSwitches();

// Expansion names of the game record, each with the catalog set it brings.
const std::vector<std::string>& KnownExpansions();

Result<Rules> ParseRules(const json::Value& v);
json::Value RulesToJson(const Rules& r);  // only the switches that differ from the default

}  // namespace cf
