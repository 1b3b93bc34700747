// The Beggars: beggar points, replacing, evicting and taking back beggars, the final penalty,
// the mendicant monks variant, and the two worked examples of the rules.

#include <gtest/gtest.h>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

const std::vector<std::string> kBeggars = {"beggars", "inns_cathedrals"};

int EventsOf(Scenario& s, const std::string& reason) {
  int n = 0;
  for (const auto& e : s.game().events()) n += e.reason == reason;
  return n;
}

TEST(Beggars, WorkedExampleRoadPastAnInn) {
  Scenario s({"yellow", "red"}, kBeggars);
  s.Place("IC-01", 1, 0, 0, "W2");  // yellow robber on the inn's road
  s.Place("BEG-01", 2, 0, 0, "C");  // red beggar at the road
  s.Place("A", -1, 0, 270);         // yellow closes the west end
  s.Place("B", 0, 1, 0);            // red elsewhere
  s.Place("A", 3, 0, 90);           // yellow closes the road: 5 tiles past an inn
  EXPECT_EQ(s.score("yellow"), 10);
  EXPECT_EQ(s.score("red"), 5) << "beggar points: 5 tiles, no inn multiplier";
  EXPECT_EQ(s.supply("red"), 6) << "the beggar stays on his hut";
}

TEST(Beggars, WorkedExampleCathedralCity) {
  Scenario s({"yellow", "red"}, kBeggars);
  s.Place("IC-04", 0, -1, 0, "N2");    // yellow knight in the cathedral
  s.Place("BEG-03", 1, -1, 270, "C");  // red beggar at the city gate
  s.Place("F", 0, -2, 90);
  s.Place("N", -1, -1, 90);
  s.Place("E", -1, -2, 180);
  s.Place("M", 0, -3, 180);
  s.Place("G", 1, -3, 0);
  s.Place("B", 0, 1, 0);
  s.Place("E", 2, -3, 270);  // yellow closes: 9 tiles, 2 shields, cathedral
  EXPECT_EQ(s.score("yellow"), 33);
  EXPECT_EQ(s.score("red"), 9) << "beggar points: 9 tiles, no shield, no multiplier";
}

TEST(Beggars, BeggarLiesOnHisHut) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");
  const Follower& f = s.game().followers().at(0);
  EXPECT_TRUE(s.game().IsBeggar(f));
  EXPECT_TRUE(s.game().IsLying(f));
}

TEST(Beggars, SeveralFeaturesCompletedInOneTurnEachPay) {
  Scenario s(2, kBeggars);
  s.Place("BEG-04", 1, 0, 0, "C");  // red beggar tied to a city and a road
  s.Place("A", -1, 0, 270, "E2");   // blue robber, road closed in the west
  s.Place("N", 1, -1, 180, "S2");   // red knight
  s.Place("V", 2, 0, 90);           // blue: the road turns north
  s.Place("BEG-12", 2, -1, 270);    // red closes city (3 tiles) and road (5 tiles) at once
  EXPECT_EQ(s.score("blue"), 5);
  EXPECT_EQ(s.score("red"), 6 + 3 + 5) << "knight 6, beggar 3 for the city and 5 for the road";
}

TEST(Beggars, TiedByTwoRoadPartsTheBeggarBegsOnce) {
  Scenario s(2, kBeggars);
  s.Place("BEG-05", 1, 0, 0, "C");  // red beggar on a crossing: tied to its east and south roads
  s.Place("V", 2, 0, 0, "W2");      // blue robber, the east road bends south
  s.Place("V", 2, 1, 90);           // red
  s.Place("V", 1, 1, 180);  // blue closes a loop from the east road back into the south road
  EXPECT_EQ(s.score("blue"), 4);
  EXPECT_EQ(s.score("red"), 4) << "one road, paid once although both road parts lead to the hut";
}

TEST(Beggars, EveryTiedBeggarScoresAlsoSeveralOfOneColour) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");  // red beggar
  s.Place("U", -1, 0, 0, "E2");     // blue robber
  s.Place("BEG-08", 2, 0, 0, "C");  // red beggar on the same road
  s.Place("A", -2, 0, 270);         // blue
  s.Place("A", 3, 0, 90);           // red closes: 6 tiles
  EXPECT_EQ(s.score("blue"), 6);
  EXPECT_EQ(s.score("red"), 12);
}

TEST(Beggars, ATieOfMajoritiesPaysTheBeggarOnceAndOwnColourCounts) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "W2");  // red robber
  s.Place("V", 0, 1, 0, "W2");       // blue robber on a road of its own
  s.Place("BEG-08", 2, 0, 0, "C");   // red beggar
  s.Place("A", 3, 0, 90);            // blue
  s.Place("V", -1, 0, 270);          // red
  s.Place("A", 0, 2, 180);           // blue
  s.Place("V", -1, 1, 180);          // red joins both roads into one closed road of 8 tiles
  EXPECT_EQ(s.score("blue"), 8);
  EXPECT_EQ(s.score("red"), 8 + 8) << "robber and beggar of one colour both score";
  EXPECT_EQ(EventsOf(s, "beggar"), 1) << "two majorities, one payment";
}

TEST(Beggars, TiedToACloisterInRangeThroughARoad) {
  Scenario s(2, kBeggars);
  s.Place("A", 0, 1, 0, "C");         // red monk
  s.Place("BEG-07", 0, 2, 180, "C");  // blue beggar: the cloister's road ends at his hut
  s.Place("U", -1, 0, 0);
  s.Place("U", 1, 0, 0);
  s.Place("B", -1, 1, 0);
  s.Place("B", 1, 1, 0);
  s.Place("B", -1, 2, 0);
  s.Place("E", 1, 2, 180);  // blue completes the cloister
  EXPECT_EQ(s.score("red"), 9);
  EXPECT_EQ(s.score("blue"), 9) << "beggar points for a cloister: 9";
}

TEST(Beggars, CompletedButUnscoredPaysNothingAndAllowsReplacingAForeignBeggar) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");  // red beggar
  s.Place("A", -1, 0, 270);         // blue
  s.Place("B", 0, 1, 0);            // red
  Move close = s.PlaceMove("A", 2, 0, 90);
  close.beggar = BeggarAction{BeggarActionKind::kReplace, {1, 0}};
  ASSERT_TRUE(s.game().Apply(close).ok());
  EXPECT_EQ(EventsOf(s, "beggar"), 0) << "nobody scored the road: no beggar points";
  EXPECT_EQ(s.supply("red"), 7) << "red's beggar went home";
  EXPECT_EQ(s.supply("blue"), 6);
  EXPECT_TRUE(s.game().IsBeggar(s.game().followers().at(0)));
  EXPECT_EQ(s.game().followers().at(0).player, s.player("blue"));
}

TEST(Beggars, ReplacingNeedsAnUnscoredTiedCompletionAndNoFollowerPlaced) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");
  s.Place("A", -1, 0, 270);
  s.Place("B", 0, 1, 0);
  Move m = s.PlaceMove("A", 2, 0, 90, "C");
  m.beggar = BeggarAction{BeggarActionKind::kReplace, {1, 0}};
  EXPECT_EQ(s.game().Apply(m).error().message,
            "a beggar can only be replaced, evicted or taken back by a player who placed no "
            "follower this turn");
  Move early = s.PlaceMove("U", 0, 2, 0);
  early = s.PlaceMove("B", 1, 1, 0);
  early.beggar = BeggarAction{BeggarActionKind::kReplace, {1, 0}};
  EXPECT_EQ(s.game().Apply(early).error().message,
            "replace needs a feature tied to the hut completed this turn and not scored");
}

TEST(Beggars, EvictionComesAfterScoringAndTheNewBeggarIsNotPaid) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");  // red beggar
  s.Place("A", -1, 0, 270, "E2");   // blue robber
  s.Place("B", 0, 1, 0);            // red
  Move close = s.PlaceMove("A", 2, 0, 90);
  close.beggar = BeggarAction{BeggarActionKind::kEvict, {1, 0}};
  ASSERT_TRUE(s.game().Apply(close).ok()) << "the robber just returned may be the new beggar";
  EXPECT_EQ(s.score("blue"), 4);
  EXPECT_EQ(s.score("red"), 4) << "red's beggar was paid before he was driven out";
  EXPECT_EQ(EventsOf(s, "beggar"), 1);
  EXPECT_EQ(s.supply("red"), 7);
  EXPECT_EQ(s.supply("blue"), 6);
}

TEST(Beggars, AnEmptyHutCannotBeTaken) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0);
  s.Place("A", -1, 0, 270, "E2");
  s.Place("B", 0, 1, 0);
  Move close = s.PlaceMove("A", 2, 0, 90);
  close.beggar = BeggarAction{BeggarActionKind::kEvict, {1, 0}};
  EXPECT_EQ(s.game().Apply(close).error().message,
            "the hut is empty: an empty hut cannot be taken this way");
}

TEST(Beggars, OwnerTakesHisBeggarBackAfterCompletingATiedFeature) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");  // red beggar
  s.Place("A", -1, 0, 270);         // blue
  Move close = s.PlaceMove("A", 2, 0, 90);
  close.beggar = BeggarAction{BeggarActionKind::kTakeBack, {1, 0}};
  ASSERT_TRUE(s.game().Apply(close).ok());
  EXPECT_EQ(s.supply("red"), 7);
  EXPECT_TRUE(s.game().followers().empty());
}

TEST(Beggars, OnlyTheOwnerTakesABeggarBack) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");  // red beggar
  s.Place("A", -1, 0, 270);         // blue
  s.Place("B", 0, 1, 0);
  Move close = s.PlaceMove("A", 2, 0, 90);
  close.beggar = BeggarAction{BeggarActionKind::kTakeBack, {1, 0}};
  EXPECT_EQ(s.game().Apply(close).error().message, "only the beggar's owner can take him back");
}

TEST(Beggars, AtTheEndEachColourLosesItsBeggarsSquared) {
  Scenario s(2, kBeggars);
  s.Place("BEG-01", 1, 0, 0, "C");     // red 1
  s.Place("BEG-08", 2, 0, 0, "C");     // blue 1
  s.Place("BEG-03", 0, -1, 180, "C");  // red 2
  s.Place("BEG-02", -1, 0, 180, "C");  // blue 2
  s.Place("BEG-11", 0, 1, 0, "C");     // red 3
  s.Finish();
  EXPECT_EQ(s.score("red"), -9);
  EXPECT_EQ(s.score("blue"), -4);
}

TEST(Beggars, MendicantMonksEarnCloisterBonusAndLoseNothingAtTheEnd) {
  Rules r;
  r.beggars = BeggarVariant::kMendicantMonks;
  Scenario s(2, kBeggars, r);
  s.Place("A", 0, 1, 0, "C");
  s.Place("BEG-07", 0, 2, 180, "C");
  s.Place("U", -1, 0, 0);
  s.Place("U", 1, 0, 0);
  s.Place("B", -1, 1, 0);
  s.Place("B", 1, 1, 0);
  s.Place("B", -1, 2, 0);
  s.Place("E", 1, 2, 180);
  EXPECT_EQ(s.score("red"), 9 + 2) << "+2 to the monk per mendicant in the cloister's range";
  EXPECT_EQ(s.score("blue"), 9);
  s.Finish();
  EXPECT_EQ(s.score("blue"), 9) << "no minus points for mendicants";
}

TEST(Beggars, MendicantReachesACityAlongAnUnbrokenRoad) {
  Rules r;
  r.beggars = BeggarVariant::kMendicantMonks;
  Scenario s(2, kBeggars, r,
             "T");  // start: city north, east and west; a road south ends at its gate
  s.Place("BEG-08", 0, 1, 90, "C");  // red mendicant on the road that leads to the gate
  s.Place("E", 0, -1, 180, "S2");    // blue knight
  s.Place("E", 1, 0, 270);           // red
  s.Place("E", -1, 0, 90);           // blue closes the city of 4 tiles
  EXPECT_EQ(s.score("blue"), 8);
  EXPECT_EQ(s.score("red"), 4) << "the mendicant begs at a city his road reaches";
}

TEST(Beggars, StandardBeggarIsNotTiedToACityAlongTheRoad) {
  Scenario s(2, kBeggars, {}, "T");
  s.Place("BEG-08", 0, 1, 90, "C");
  s.Place("E", 0, -1, 180, "S2");
  s.Place("E", 1, 0, 270);
  s.Place("E", -1, 0, 90);
  EXPECT_EQ(s.score("blue"), 8);
  EXPECT_EQ(s.score("red"), 0);
}

TEST(Beggars, MendicantScoresAnIncompleteCathedralCityAtTheEnd) {
  Rules r;
  r.beggars = BeggarVariant::kMendicantMonks;
  Scenario s(2, kBeggars, r);
  s.Place("IC-04", 0, -1, 0);          // red: cathedral city above the start tile, left open
  s.Place("BEG-03", 1, -1, 270, "C");  // blue mendicant at its gate
  s.Finish();
  EXPECT_EQ(s.score("blue"), 3) << "1 per tile of the incomplete cathedral city";
  Scenario standard(2, kBeggars);
  standard.Place("IC-04", 0, -1, 0);
  standard.Place("BEG-03", 1, -1, 270, "C");
  standard.Finish();
  EXPECT_EQ(standard.score("blue"), -1) << "a standard beggar gets nothing for it, and loses 1";
}

TEST(InnsAndCathedrals, IncompleteInnRoadsAndCathedralCitiesScoreNothingAtTheEnd) {
  Scenario s(2, {"inns_cathedrals"});
  s.Place("IC-01", 1, 0, 0, "E2");   // red robber on a road with an inn
  s.Place("IC-04", 0, -1, 0, "N2");  // blue knight in a cathedral city
  s.Place("U", -1, 0, 0, "N1");      // red farmer next to nothing completed
  s.Finish();
  EXPECT_EQ(s.score("red"), 0);
  EXPECT_EQ(s.score("blue"), 0);
}

}  // namespace
}  // namespace cf::testing
