// The worked examples of the base rulebook (page 4 and the summary), with the rulebook's numbers.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

TEST(RulebookExamples, CityOfThreePartsWithOneShieldScoresEight) {
  Scenario s;
  s.Place("F", 0, -1, 90, "N2");  // red: city N-S with a shield above the start tile's city
  EXPECT_EQ(s.supply("red"), 6);
  s.Place("E", 0, -2, 180);  // blue closes it
  EXPECT_EQ(s.score("red"), 8);
  EXPECT_EQ(s.score("blue"), 0);
  EXPECT_EQ(s.supply("red"), 7) << "the knight goes home after scoring";
  ASSERT_EQ(s.game().events().size(), 1u);
  EXPECT_EQ(s.game().events()[0].reason, "city");
  EXPECT_EQ(s.game().events()[0].move, 2);
}

TEST(RulebookExamples, TwoKnightsTiedInACityBothScoreInFull) {
  Scenario s;
  s.Place("G", 0, -1, 90, "S2");  // red knight in the city above the start tile
  s.Place("E", 1, -1, 0, "N2");   // blue knight in a separate city
  s.Place("N", 0, -2, 180);       // red extends its city east
  EXPECT_EQ(s.TryPlace("N", 1, -2, 270, "W2"),
            "occupied feature: the city at W2 already has a follower");
  s.Place("N", 1, -2, 270);  // blue joins both parts and closes the city of 5 tiles
  EXPECT_EQ(s.score("red"), 10);
  EXPECT_EQ(s.score("blue"), 10);
  EXPECT_EQ(s.supply("red"), 7);
  EXPECT_EQ(s.supply("blue"), 7);
}

TEST(RulebookExamples, TwoPartsOfOneTileInOneCityCountOnce) {
  Scenario s(2, {}, {}, "I");      // start tile with two separate cities, north and west
  s.Place("N", 0, -1, 270, "S2");  // red
  s.Place("N", -1, 0, 90);         // blue
  s.Place("N", -1, -1, 180);       // red closes a city of 4 tiles, one of them twice in it
  EXPECT_EQ(s.score("red"), 8);
}

TEST(RulebookExamples, CompletedCloisterScoresNine) {
  Scenario s;
  s.Place("B", 0, 1, 0, "C");  // red monk south of the start tile
  s.Place("U", -1, 0, 0);
  s.Place("U", 1, 0, 0);
  s.Place("B", -1, 1, 0);
  s.Place("B", 1, 1, 0);
  s.Place("B", -1, 2, 0);
  s.Place("E", 0, 2, 180);
  EXPECT_EQ(s.score("red"), 0);
  EXPECT_EQ(s.supply("red"), 6);
  s.Place("E", 1, 2, 180);  // the eighth neighbour
  EXPECT_EQ(s.score("red"), 9);
  EXPECT_EQ(s.supply("red"), 7);
}

TEST(RulebookExamples, CompletePlaceScoreReturnInOneTurn) {
  Scenario s;
  s.Place("E", 0, -1, 180, "S2");  // completes the start city and places a knight in it
  EXPECT_EQ(s.score("red"), 4) << "a two-tile city scores 4";
  EXPECT_EQ(s.supply("red"), 7) << "the knight came back the same turn";
  s.Place("U", 1, 0, 0, "W2");  // blue: a road knight on an open road keeps standing
  EXPECT_EQ(s.supply("blue"), 6);
}

TEST(RulebookExamples, FarmersSeparatedByRoadsThenJoined) {
  Scenario s(3, {}, {}, "X");
  s.Place("U", 1, 0, 0, "N1");   // red farmer, north-east field
  s.Place("U", 0, 1, 90, "E1");  // blue farmer, south-east field
  s.Place("U", -1, 0, 0, "S1");  // green farmer, south-west field
  auto farmers = s.game().followers();
  ASSERT_EQ(farmers.size(), 3u);
  auto root = [&](const Follower& f) {
    return s.game().board().find(s.game().board().node(f.tile, f.feature));
  };
  EXPECT_NE(root(farmers[0]), root(farmers[1]));
  EXPECT_NE(root(farmers[1]), root(farmers[2]));
  // Red ends the eastern road at a cloister: its field wraps round and joins red's and blue's
  // fields.
  EXPECT_EQ(s.TryPlace("A", 2, 0, 90, "N1"),
            "occupied feature: the field at N1 already has a follower");
  auto points = s.game().LegalFollowerPoints(s.type("A"), {{2, 0}, 1});
  EXPECT_EQ(points, (std::vector<int>{kCentrePoint, *ParsePoint("W2")}))
      << "cloister and road only";
  s.Place("A", 2, 0, 90);
  farmers = s.game().followers();
  EXPECT_EQ(root(farmers[0]), root(farmers[1]));
  EXPECT_NE(root(farmers[0]), root(farmers[2]));
}

TEST(RulebookExamples, OneCityScoresInEveryFieldItBorders) {
  Scenario s;
  s.Place("E", 0, -1, 180, "N2");  // red: closes the start city, farmer in the field north of it
  s.Place("U", 1, 0, 0, "N1");     // blue: farmer in the start tile's field, south of the same city
  s.Finish();
  EXPECT_EQ(s.score("red"), 3);
  EXPECT_EQ(s.score("blue"), 3) << "the same city scores again in another field";
}

TEST(RulebookExamples, ACityCountsOncePerFieldAndTiedFarmersBothScore) {
  Scenario s;
  s.Place("E", 0, -1, 180, "N2");  // red farmer north of the closed city
  s.Place("U", 1, 0, 0, "N1");     // blue farmer south of it
  s.Place("U", -1, 0, 0);          // red
  s.Place("B", -1, -1, 0);         // blue joins both fields round the west side
  s.Finish();
  EXPECT_EQ(s.score("red"), 3) << "one field now, touching the city twice, counts it once";
  EXPECT_EQ(s.score("blue"), 3);
}

TEST(RulebookExamples, MajorityOfFarmersTakesTheJoinedField) {
  Scenario s(2, {}, {}, "X");
  s.Place("U", 1, 0, 0, "N1");   // red farmer, north-east
  s.Place("U", 0, 1, 90, "E1");  // blue farmer, south-east
  s.Place("U", -1, 0, 0, "S1");  // red farmer, south-west
  s.Place("A", 2, 0, 90);        // blue joins north-east and south-east
  s.Place("A", 0, 2, 180);       // red joins south-east and south-west
  s.Place("E", 1, -1, 0);        // blue: a city bordering the field
  s.Place("E", 1, -2, 180);      // red closes it
  s.Finish();
  EXPECT_EQ(s.score("red"), 3) << "two farmers against one";
  EXPECT_EQ(s.score("blue"), 0);
}

TEST(RulebookExamples, FarmersOfTheFirstEditionScoreEachCityOnce) {
  Rules first;
  first.farmers = FarmerScoring::kPerCity;
  Scenario s(2, {}, first);
  s.Place("E", 0, -1, 180, "N2");
  s.Place("U", 1, 0, 0, "N1");
  s.Finish();
  EXPECT_EQ(s.score("red"), 4) << "tied over all fields supplying the city: both get 4";
  EXPECT_EQ(s.score("blue"), 4);
}

TEST(RulebookExamples, EndOfGameScoresIncompleteFeatures) {
  Scenario s;
  s.Place("U", 1, 0, 0, "E2");  // red robber on a road of 2 tiles (start tile + this)
  s.Place("M", 0, -1, 270,
          "S2");  // blue knight: M turned so its city (with shield) faces south and east
  s.Place("B", 0, 1, 0, "C");  // red monk with 2 neighbours... (start tile and none else diagonal)
  s.Finish();
  EXPECT_EQ(s.score("red"), 2 + 1 + 2) << "road 2 tiles, cloister 1 + 2 neighbours";
  EXPECT_EQ(s.score("blue"), 2 + 1)
      << "incomplete city of 2 tiles with a shield: 1 per tile + 1 per shield";
}

TEST(RulebookExamples, RoadScoresOnePerTileWhenComplete) {
  Scenario s;
  s.Place("A", 1, 0, 90, "W2");  // red robber; the road ends at this cloister
  s.Place("A", -1, 0, 270);      // blue ends the other side: 3 tiles
  EXPECT_EQ(s.score("red"), 3);
  EXPECT_EQ(s.supply("red"), 7);
}

TEST(RulebookExamples, TileThatFitsNowhereIsDiscarded) {
  Scenario s;
  s.Place("E", 0, -1, 180);  // closes the only open city edge
  int c = s.type("C");
  EXPECT_TRUE(s.game().LegalPlacements(c).empty());
  auto moves = s.game().LegalMoves(c);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].type, MoveType::kDiscard);
  PlayerId before = s.game().current_player();
  ASSERT_TRUE(s.game().Apply(moves[0]).ok());
  EXPECT_EQ(s.game().current_player(), before) << "the same player draws again";
  Move bad = moves[0];
  bad.tile = s.type("U");
  EXPECT_THAT(s.game().Apply(bad).error().message, ::testing::StartsWith("tile U fits at ["));
}

}  // namespace
}  // namespace cf::testing
