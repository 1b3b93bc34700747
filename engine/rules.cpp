#include "engine/rules.h"

namespace cf {

const std::vector<RuleSwitch>& RuleSwitches() {
  static const std::vector<RuleSwitch> kSwitches = {
      {"followers",
       {"7", "1..20"},
       "followers per player in the supply (the 8th marks the score and is not counted)"},
      {"farmers",
       {"per_field", "per_city"},
       "per_field: each field scores 3 per completed city it borders, to its farmer majority; a "
       "city "
       "counts once per field and may score in several fields (third edition). per_city: each "
       "completed city scores 4 once, to the player with most farmers in all fields bordering it "
       "(first edition)"},
      {"catapult",
       {"rounds", "house_rule"},
       "rounds: a fair tile starts a catapult round. house_rule: no catapult rounds; 5 points to a "
       "player who places a fair tile and puts a normal follower on it"},
      {"beggars",
       {"standard", "mendicant_monks"},
       "standard: beggar points for completed, scored features tied to the hut; minus points "
       "squared "
       "at the end. mendicant_monks (variant A): also cities and cloisters along an unbroken road, "
       "+2 "
       "to a cloister's monk per mendicant in its range, incomplete cathedral cities and tied "
       "cloisters score for the mendicant at the end, no minus points. Variants B and C need other "
       "expansions (festival, plague) and are not supported"},
  };
  return kSwitches;
}

const std::vector<std::string>& KnownExpansions() {
  static const std::vector<std::string> kExpansions = {"catapult", "fortune_teller", "beggars",
                                                       "inns_cathedrals"};
  return kExpansions;
}

Result<Rules> ParseRules(const json::Value& v) {
  Rules r;
  if (v.is_null()) return r;
  if (!v.is_object()) return Fail("\"rules\" must be an object");
  for (const auto& [key, val] : v.as_object()) {
    auto text = [&](const char* a, const char* b) -> Result<int> {
      if (val.is_string() && val.as_string() == a) return 0;
      if (val.is_string() && val.as_string() == b) return 1;
      return Fail("rule \"" + key + "\" must be \"" + a + "\" or \"" + b + "\"");
    };
    if (key == "followers") {
      if (!val.is_integer() || val.as_int() < 1 || val.as_int() > 20)
        return Fail("rule \"followers\" must be a whole number from 1 to 20");
      r.followers = static_cast<int>(val.as_int());
    } else if (key == "farmers") {
      auto c = text("per_field", "per_city");
      if (!c) return c.error();
      r.farmers = *c ? FarmerScoring::kPerCity : FarmerScoring::kPerField;
    } else if (key == "catapult") {
      auto c = text("rounds", "house_rule");
      if (!c) return c.error();
      r.catapult = *c ? CatapultMode::kHouseRule : CatapultMode::kRounds;
    } else if (key == "beggars") {
      auto c = text("standard", "mendicant_monks");
      if (!c) return c.error();
      r.beggars = *c ? BeggarVariant::kMendicantMonks : BeggarVariant::kStandard;
    } else {
      return Fail("unknown rule \"" + key + "\" (see 'catapult-fair rules')");
    }
  }
  return r;
}

json::Value RulesToJson(const Rules& r) {
  json::Value v{json::Object{}};
  if (r.followers != 7) v["followers"] = r.followers;
  if (r.farmers == FarmerScoring::kPerCity) v["farmers"] = "per_city";
  if (r.catapult == CatapultMode::kHouseRule) v["catapult"] = "house_rule";
  if (r.beggars == BeggarVariant::kMendicantMonks) v["beggars"] = "mendicant_monks";
  return v;
}

}  // namespace cf
