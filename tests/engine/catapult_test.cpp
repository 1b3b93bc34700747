// The Catapult: fair tiles, the catapult round and its four tokens, and the house rule.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

const std::vector<std::string> kCatapult = {"catapult"};

CatapultThrow Target(PlayerId p, std::optional<double> mm) {
  CatapultThrow t;
  t.player = p;
  t.distance_mm = mm;
  return t;
}

CatapultThrow Knock(PlayerId p, std::vector<FollowerRef> hit = {}) {
  CatapultThrow t;
  t.player = p;
  t.hit = std::move(hit);
  return t;
}

CatapultThrow Seduce(PlayerId p, bool on_board, std::optional<FollowerRef> seduced = {},
                     std::optional<FollowerRef> replacement = {}) {
  CatapultThrow t;
  t.player = p;
  t.on_board = on_board;
  t.seduced = seduced;
  t.replacement = replacement;
  return t;
}

CatapultThrow Catch(PlayerId p, PlayerId catcher, char c) {
  CatapultThrow t;
  t.player = p;
  t.catcher = catcher;
  t.catch_case = c;
  return t;
}

TEST(Catapult, AFairTileFinishesTheTurnThenStartsACatapultRound) {
  Scenario s(2, kCatapult);
  s.Place("FAIR-01", 0, -1, 180, "S2");  // red closes the start city with the fair tile
  EXPECT_EQ(s.score("red"), 4) << "the turn is finished first, scoring included";
  EXPECT_EQ(s.supply("red"), 7);
  EXPECT_EQ(s.game().phase(), Phase::kCatapultRound);
  EXPECT_EQ(s.TryPlace("U", 1, 0, 0), "the catapult round for the fair tile comes first");
  EXPECT_EQ(s.Round(TokenKind::kTarget, {Target(0, 20.0), Target(1, 25.0)}), "");
  EXPECT_EQ(s.score("red"), 9);
  EXPECT_EQ(s.game().phase(), Phase::kPlaceTile);
  EXPECT_EQ(s.game().current_player(), 1) << "play goes on with the player after the thrower";
}

TEST(Catapult, TheFairEndsEveryRoadThatReachesIt) {
  Scenario s(2, kCatapult);
  s.Place("FAIR-08", 1, 0, 90, "W2");  // red robber on the stub that meets the start road
  ASSERT_EQ(s.Round(TokenKind::kTarget, {Target(0, std::nullopt), Target(1, std::nullopt)}), "");
  EXPECT_EQ(s.score("red"), 0) << "no token on the playing area: nobody scores";
  s.Place("A", -1, 0, 270);  // blue closes the west end
  EXPECT_EQ(s.score("red"), 3) << "cloister tile, start tile, fair tile";
  const Board& b = s.game().board();
  int fair = b.tile_at({1, 0});
  EXPECT_NE(b.find(b.node(fair, 0)), b.find(b.node(fair, 1))) << "the two stubs stay two roads";
}

TEST(Catapult, TheFairSplitsFields) {
  Scenario s(2, kCatapult);
  s.Place("FAIR-07", 0, 1, 0, "W3");  // red farmer in the field north of the fair
  ASSERT_EQ(s.Round(TokenKind::kTarget, {Target(0, 1.0), Target(1, 2.0)}), "");
  EXPECT_EQ(s.TryPlace("U", 0, 2, 0, "N1"), "") << "the field south of the fair is another field";
  const Board& b = s.game().board();
  int fair = b.tile_at({0, 1});
  const TileType& t = b.type_of(fair);
  EXPECT_NE(b.find(b.node(fair, t.feature_at_point[*ParsePoint("W3")])),
            b.find(b.node(fair, t.feature_at_point[*ParsePoint("W1")])));
}

TEST(Catapult, TargetClosestScoresFiveAndTiesAllScore) {
  Scenario s(3, kCatapult);
  s.Place("FAIR-06", 0, 1, 0);
  ASSERT_EQ(s.Round(TokenKind::kTarget, {Target(0, 31.0), Target(1, 31.0), Target(2, 12.5)}), "");
  EXPECT_EQ(s.score("green"), 5);
  EXPECT_EQ(s.score("red") + s.score("blue"), 0);
  s.Place("FAIR-07", 0, 2, 0);  // blue
  ASSERT_EQ(
      s.Round(TokenKind::kTarget, {Target(1, 10.0), Target(2, std::nullopt), Target(0, 10.0)}), "");
  EXPECT_EQ(s.score("blue"), 5);
  EXPECT_EQ(s.score("red"), 5) << "a tie gives every tied player 5";
  EXPECT_EQ(s.score("green"), 5) << "a token off the playing area does not count";
}

TEST(Catapult, KnockoutSendsEveryFollowerHitHomeTheThrowersOwnAndChainsIncluded) {
  Scenario s(2, kCatapult);
  s.Place("U", 1, 0, 0, "E2");   // red robber
  s.Place("U", -1, 0, 0, "N1");  // blue farmer
  s.Place("B", 0, 1, 0, "C");    // red monk
  s.Place("FAIR-06", 1, 1, 0);   // blue: fair, then blue throws first
  EXPECT_EQ(s.supply("red"), 5);
  ASSERT_EQ(
      s.Round(TokenKind::kKnockout, {Knock(1, {s.Ref("red", 1, 0, "E2"),
                                               s.Ref("blue", -1, 0, "N1")}),  // a chain: both fall
                                     Knock(0, {s.Ref("red", 0, 1, "C")})}),
      "");
  EXPECT_EQ(s.supply("red"), 7);
  EXPECT_EQ(s.supply("blue"), 7);
  EXPECT_TRUE(s.game().followers().empty());
}

TEST(Catapult, KnockoutOfAFollowerThatIsNotThereIsRefused) {
  Scenario s(2, kCatapult);
  s.Place("FAIR-06", 0, 1, 0);
  EXPECT_EQ(s.Round(TokenKind::kKnockout, {Knock(0, {s.Ref("blue", 0, 0, "N2")}), Knock(1)}),
            "red's throw: no blue follower at [0,0] N2 to knock out");
  EXPECT_EQ(s.game().phase(), Phase::kCatapultRound) << "a refused round changes nothing";
}

TEST(Catapult, SeductionSwapsAnOpponentsFollowerForOneOfTheThrowers) {
  Scenario s(2, kCatapult);
  s.Place("U", 1, 0, 0, "E2");   // red robber
  s.Place("U", -1, 0, 0, "N1");  // blue farmer
  s.Place("FAIR-06", 0, 1, 0);   // red
  ASSERT_EQ(s.Round(TokenKind::kSeduction,
                    {Seduce(0, true, s.Ref("blue", -1, 0, "N1")),  // red swaps from the supply
                     Seduce(1, false)}),  // blue's token slid off: no effect
            "");
  EXPECT_EQ(s.supply("blue"), 7) << "the seduced follower went home";
  EXPECT_EQ(s.supply("red"), 5);
  EXPECT_GE(s.game().FindFollower(s.Ref("red", -1, 0, "N1")), 0)
      << "red's follower stands where blue's stood";
}

TEST(Catapult, SeductionCanTakeTheReplacementFromTheBoard) {
  Scenario s(2, kCatapult);
  s.Place("U", 1, 0, 0, "E2");   // red robber
  s.Place("U", -1, 0, 0, "N1");  // blue farmer
  s.Place("FAIR-06", 0, 1, 0);   // red
  ASSERT_EQ(s.Round(TokenKind::kSeduction,
                    {Seduce(0, true, s.Ref("blue", -1, 0, "N1"), s.Ref("red", 1, 0, "E2")),
                     Seduce(1, true)}),
            "");
  EXPECT_EQ(s.supply("red"), 6);
  EXPECT_LT(s.game().FindFollower(s.Ref("red", 1, 0, "E2")), 0);
  EXPECT_GE(s.game().FindFollower(s.Ref("red", -1, 0, "N1")), 0);
}

TEST(Catapult, SeductionRefusesWhatTheRulesForbid) {
  Scenario s(2, kCatapult);
  s.Place("U", 1, 0, 0, "E2");
  s.Place("U", -1, 0, 0, "N1");
  s.Place("FAIR-06", 0, 1, 0);
  EXPECT_EQ(s.Round(TokenKind::kSeduction,
                    {Seduce(0, false, s.Ref("blue", -1, 0, "N1")), Seduce(1, true)}),
            "red's token did not rest on the board: it has no effect");
  EXPECT_EQ(
      s.Round(TokenKind::kSeduction, {Seduce(0, true, s.Ref("red", 1, 0, "E2")), Seduce(1, true)}),
      "red cannot seduce an own follower");
  EXPECT_EQ(s.Round(TokenKind::kSeduction,
                    {Seduce(0, true, s.Ref("blue", -1, 0, "N1"), s.Ref("blue", -1, 0, "N1")),
                     Seduce(1, true)}),
            "red's throw: the replacement must be the thrower's own follower");
}

TEST(Catapult, CatchCasesAToDAroundTheTable) {
  Scenario s(3, kCatapult);
  s.Place("FAIR-06", 0, 1, 0);  // red
  ASSERT_EQ(s.Round(TokenKind::kCatch, {Catch(0, 1, 'A'), Catch(1, 2, 'B'), Catch(2, 0, 'C')}), "");
  EXPECT_EQ(s.score("blue"), 10) << "A: blue caught red's token; B: blue threw far enough";
  EXPECT_EQ(s.score("red"), 5) << "C: green's throw fell short of red";
  EXPECT_EQ(s.score("green"), 0);
  s.Place("FAIR-07", 0, 2, 0);  // blue
  ASSERT_EQ(s.Round(TokenKind::kCatch, {Catch(1, 2, 'D'), Catch(2, 0, 'D'), Catch(0, 1, 'B')}), "");
  EXPECT_EQ(s.score("blue"), 15);
  EXPECT_EQ(s.score("green"), 5);
  EXPECT_EQ(s.score("red"), 10);
}

TEST(Catapult, RoundsFollowTheTableOrder) {
  Scenario s(3, kCatapult);
  Move none;
  none.type = MoveType::kCatapult;
  none.player = 0;
  none.catapult.thrower = 0;
  EXPECT_EQ(s.game().Apply(none).error().message,
            "no catapult round is due: no fair tile was just placed");
  s.Place("FAIR-06", 0, 1, 0);  // red
  EXPECT_EQ(s.Round(TokenKind::kTarget, {Target(0, 1.0), Target(2, 2.0), Target(1, 3.0)}),
            "throw 2 should be blue's (clockwise from the thrower)");
  EXPECT_EQ(s.Round(TokenKind::kTarget, {Target(0, 1.0), Target(1, 2.0)}),
            "every player throws once: expected 3 throws");
  EXPECT_EQ(s.Round(TokenKind::kCatch, {Catch(0, 2, 'A'), Catch(1, 2, 'A'), Catch(2, 0, 'A')}),
            "red throws to blue, who must be the catcher");
  EXPECT_EQ(s.Round(TokenKind::kTarget, {Target(0, -1.0), Target(1, 2.0), Target(2, 2.0)}),
            "red's distance must be a non-negative number or null");
}

TEST(Catapult, HouseRuleGivesFivePointsForAFollowerOnAFairTileAndNoRounds) {
  Rules house;
  house.catapult = CatapultMode::kHouseRule;
  Scenario s(2, kCatapult, house);
  s.Place("FAIR-06", 0, 1, 0, "N1");  // red: farmer on the fair tile
  EXPECT_EQ(s.score("red"), 5);
  EXPECT_EQ(s.game().phase(), Phase::kPlaceTile);
  EXPECT_EQ(s.game().current_player(), 1);
  s.Place("FAIR-07", 0, 2, 0);  // blue: no follower, no points
  EXPECT_EQ(s.score("blue"), 0);
  EXPECT_EQ(s.Round(TokenKind::kTarget, {Target(0, 1.0), Target(1, 2.0)}),
            "the house rule plays without catapult rounds");
}

}  // namespace
}  // namespace cf::testing
