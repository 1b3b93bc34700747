// The Fortune Teller: tents, extra draws, completion, and what catapult tokens do to a teller.

#include <gtest/gtest.h>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

const std::vector<std::string> kTeller = {"fortune_teller"};

TEST(FortuneTeller, AtMostTwoFortuneTellersPerPlayer) {
  Scenario s(2, kTeller);
  s.Place("FT-01", 0, 1, 0, "C");  // red teller
  s.Place("U", -1, 0, 0);
  s.Place("FT-03", 1, 0, 0, "C");  // red teller
  s.Place("U", -2, 0, 0);
  EXPECT_EQ(s.game().tiles_to_draw(s.player("red")), 3);
  EXPECT_EQ(s.TryPlace("FT-04", 1, 1, 270, "C"), "a player may have at most 2 fortune tellers");
  auto points = s.game().LegalFollowerPoints(s.type("FT-04"), {{1, 1}, 3});
  EXPECT_EQ(std::count(points.begin(), points.end(), kCentrePoint), 0);
  EXPECT_EQ(s.TryPlace("FT-04", 1, 1, 270, "N1"), "")
      << "a normal follower on the same tile is fine";
}

TEST(FortuneTeller, ExtraTilesDrawnPerFortuneTeller) {
  Scenario s(2, kTeller);
  EXPECT_EQ(s.game().tiles_to_draw(0), 1);
  s.Place("FT-01", 0, 1, 0, "C");  // red teller
  s.Place("U", -1, 0, 0);
  EXPECT_EQ(s.game().tiles_to_draw(0), 2);
  int e_left = s.game().deck()[s.type("E")];
  Move m = s.PlaceMove("U", 1, 0, 0);
  m.drawn = {s.type("U"), s.type("E"), s.type("X")};
  EXPECT_EQ(s.game().Apply(m).error().message, "drew 3 tiles but may draw only 2");
  m.drawn = {s.type("E"), s.type("X")};
  EXPECT_EQ(s.game().Apply(m).error().message, "the placed tile U is not among the drawn tiles");
  m.drawn = {s.type("U"), s.type("E")};
  ASSERT_TRUE(s.game().Apply(m).ok());
  EXPECT_EQ(s.game().deck()[s.type("E")], e_left) << "the tile not chosen goes back into the bag";
}

TEST(FortuneTeller, TentCompletedByAnotherPlayerScoresThreeForHimAndTheTellerGoesHome) {
  Scenario s(2, kTeller);
  s.Place("FT-01", 0, 1, 0, "C");  // red teller south of the start tile
  s.Place("B", -1, 1, 0);
  s.Place("B", 1, 1, 0);
  EXPECT_EQ(s.game().tiles_to_draw(0), 2);
  s.Place("B", 0, 2, 0);  // blue lays the fourth neighbour
  EXPECT_EQ(s.score("blue"), 3);
  EXPECT_EQ(s.score("red"), 0);
  EXPECT_EQ(s.supply("red"), 7);
  EXPECT_EQ(s.game().tiles_to_draw(0), 1) << "the teller's power is gone";
}

TEST(FortuneTeller, TheOwnerMayCompleteHisOwnTent) {
  Scenario s(2, kTeller);
  s.Place("FT-01", 0, 1, 0, "C");  // red
  s.Place("B", -1, 1, 0);          // blue
  s.Place("B", 0, 2, 0);           // red
  s.Place("U", -1, 0, 0);          // blue
  s.Place("B", 1, 1, 0);           // red lays the fourth neighbour
  EXPECT_EQ(s.score("red"), 3);
}

TEST(FortuneTeller, NoPointsAtTheEndOfTheGame) {
  Scenario s(2, kTeller);
  s.Place("FT-01", 0, 1, 0, "C");
  s.Finish();
  EXPECT_EQ(s.score("red"), 0);
}

TEST(FortuneTeller, CatapultTokensKnockOutAndSeduceFortuneTellers) {
  Scenario s(2, {"fortune_teller", "catapult"});
  s.Place("FT-01", 0, 1, 0, "C");  // red teller
  s.Place("FAIR-06", 1, 1, 0);     // blue's fair: blue seduces red's teller
  CatapultThrow blue;
  blue.player = 1;
  blue.on_board = true;
  blue.seduced = s.Ref("red", 0, 1, "C");
  CatapultThrow red;
  red.player = 0;
  ASSERT_EQ(s.Round(TokenKind::kSeduction, {blue, red}), "");
  EXPECT_EQ(s.game().tiles_to_draw(1), 2) << "blue now has the teller";
  EXPECT_EQ(s.game().tiles_to_draw(0), 1);
  s.Place("U", 1, 0, 0);        // red
  s.Place("FAIR-07", 1, 2, 0);  // blue again: a knock-out round
  CatapultThrow k1, k2;
  k1.player = 1;
  k1.hit = {s.Ref("blue", 0, 1, "C")};
  k2.player = 0;
  ASSERT_EQ(s.Round(TokenKind::kKnockout, {k1, k2}), "");
  EXPECT_EQ(s.game().tiles_to_draw(1), 1);
  EXPECT_EQ(s.supply("blue"), 7);
}

}  // namespace
}  // namespace cf::testing
