#include "vision/referee.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/vision/vision_test_support.h"
#include "vision/analyze.h"
#include "vision/sequence_renderer.h"
#include "vision/thrown_token.h"
#include "vision/tileset.h"

namespace cf {
namespace {

using testing::PlayedGame;
using testing::RequestFor;
using testing::Throw;
using testing::Throws;
using testing::VisionCatalog;

// The game record's name of a follower (colour, cell, point) for one the referee called.
std::string NameOf(const json::Value& ref) {
  const auto& at = ref.find("at")->as_array();
  return ref.find("color")->as_string() +
         CellText({static_cast<int>(at[0].as_int()), static_cast<int>(at[1].as_int())}) +
         ref.find("on")->as_string();
}
std::string NameOf(const RefereeFollower& f) { return f.color + CellText(f.at) + f.on; }

TEST(Referee, CallsOnExactTablesAgreeWithTheGame) {
  int calls = 0, flagged = 0, hits = 0, seductions = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    for (Throw& t : Throws(PlayedGame(seed))) {
      const RefereeRequest request = RequestFor(t);
      auto call = RefereeThrow(t.before, t.after, request);
      ASSERT_TRUE(call) << call.error().message;
      ++calls;
      flagged += call->too_close_to_call;
      const SceneToken& thrown = t.after.tokens.back();
      EXPECT_NEAR(call->token.center_mm[0], thrown.center_mm[0], 1e-9);
      EXPECT_EQ(call->token.on_board, thrown.on_board);
      if (request.token == TokenKind::kTarget) {
        ASSERT_TRUE(call->fair_distance_mm);
        if (const json::Value* d = t.event.find("distance_mm"); d && d->is_number()) {
          EXPECT_NEAR(*call->fair_distance_mm, d->as_number(), 0.051);
        }
      }
      if (call->too_close_to_call) continue;
      if (request.token == TokenKind::kKnockout) {
        std::vector<std::string> want, got;
        for (const auto& h : t.event["hit"].as_array()) want.push_back(NameOf(h));
        for (const auto& h : call->hit) got.push_back(NameOf(h));
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, want) << "game " << seed;
        hits += static_cast<int>(want.size());
      }
      if (const json::Value* seduced = t.event.find("seduced")) {
        ASSERT_FALSE(call->followers_by_distance.empty());
        EXPECT_EQ(NameOf(call->followers_by_distance[0]), NameOf(*seduced)) << "game " << seed;
        ++seductions;
      }
    }
  }
  // Enough throws of every kind were called for the comparison to mean something.
  EXPECT_GT(calls, 60);
  EXPECT_GT(hits, 5);
  EXPECT_GT(seductions, 5);
  EXPECT_LT(flagged * 4, calls);
}

TEST(Referee, SeductionLeavesOutTheThrowersOwnFollowers) {
  for (Throw& t : Throws(PlayedGame(2))) {
    RefereeRequest request = RequestFor(t);
    if (request.token != TokenKind::kSeduction) continue;
    auto call = RefereeThrow(t.before, t.after, request);
    ASSERT_TRUE(call);
    for (const auto& f : call->followers_by_distance) EXPECT_NE(f.color, request.thrower);
    request.thrower.clear();
    auto anyone = RefereeThrow(t.before, t.after, request);
    EXPECT_EQ(anyone->followers_by_distance.size(), t.before.followers.size());
  }
}

TEST(Referee, FollowersGoneFromUnderTheTokenAreHitAndFarOnesAreDoubted) {
  for (Throw& t : Throws(PlayedGame(1))) {
    const RefereeRequest request = RequestFor(t);
    if (request.token != TokenKind::kKnockout || t.before.followers.size() < 2) continue;
    const SceneToken& thrown = t.after.tokens.back();
    auto distance = [&](const SceneFollower& f) {
      return std::hypot(f.center_mm[0] - thrown.center_mm[0], f.center_mm[1] - thrown.center_mm[1]);
    };
    auto [nearest, farthest] = std::minmax_element(
        t.before.followers.begin(), t.before.followers.end(),
        [&](const auto& a, const auto& b) { return distance(a) < distance(b); });
    if (distance(*nearest) > 18 || distance(*farthest) < 150) continue;
    Scene after = t.before;
    after.tokens = t.after.tokens;
    const auto near_at = nearest - t.before.followers.begin(),
               far_at = farthest - t.before.followers.begin();
    after.followers.erase(after.followers.begin() + std::max(near_at, far_at));
    after.followers.erase(after.followers.begin() + std::min(near_at, far_at));
    auto call = RefereeThrow(t.before, after, request);
    ASSERT_TRUE(call);
    auto gone = std::find_if(call->hit.begin(), call->hit.end(), [&](const RefereeFollower& f) {
      return f.at == nearest->at && f.on == nearest->on && f.color == nearest->color;
    });
    ASSERT_NE(gone, call->hit.end());
    EXPECT_EQ(gone->why, "vanished");
    EXPECT_TRUE(call->too_close_to_call);  // the far one may have been missed by the reader
    EXPECT_TRUE(std::none_of(call->hit.begin(), call->hit.end(), [&](const RefereeFollower& f) {
      return f.at == farthest->at && f.color == farthest->color;
    }));
    return;
  }
  FAIL() << "no knock-out throw with a follower under the token and one far from it";
}

TEST(Referee, ReadingsInAnotherFrameAreMatchedToTheFirst) {
  const Throw t = Throws(PlayedGame(3))[0];
  FrameMatch turn;
  turn.quarter_turns = 3;
  turn.cell_offset = {2, -1};
  turn.mm_offset[0] = 90.4, turn.mm_offset[1] = -44.1;
  const Scene moved = MoveToFrame(t.after, turn);
  auto match = MatchFrames(t.before, moved);
  ASSERT_TRUE(match) << match.error().message;
  EXPECT_EQ(match->quarter_turns, 1);
  const Scene back = MoveToFrame(moved, *match);
  ASSERT_EQ(back.followers.size(), t.after.followers.size());
  for (size_t i = 0; i < back.followers.size(); ++i) {
    EXPECT_NEAR(back.followers[i].center_mm[0], t.after.followers[i].center_mm[0], 1e-6);
    EXPECT_NEAR(back.followers[i].center_mm[1], t.after.followers[i].center_mm[1], 1e-6);
    EXPECT_EQ(back.followers[i].at, t.after.followers[i].at);
    EXPECT_EQ(back.followers[i].on, t.after.followers[i].on);
  }
  for (size_t i = 0; i < back.tiles.size(); ++i) {
    EXPECT_EQ(back.tiles[i].at, t.after.tiles[i].at);
    EXPECT_EQ(back.tiles[i].rotation, t.after.tiles[i].rotation);
  }
}

SceneTile TileAt(const std::string& id, Cell at, int rotation) {
  SceneTile t;
  t.id = id;
  t.at = at;
  t.rotation = rotation;
  t.center_mm[0] = kTilePitchMm * at.x;
  t.center_mm[1] = kTilePitchMm * at.y;
  return t;
}

TEST(MatchFrames, RefusesPicturesThatMatchTwoWays) {
  Scene base, other;
  base.tiles = {TileAt("D", {0, 0}, 0), TileAt("D", {2, 0}, 0)};
  other.tiles = {TileAt("D", {5, 5}, 0)};
  auto match = MatchFrames(base, other);
  ASSERT_FALSE(match);
  EXPECT_NE(match.error().message.find("match two ways"), std::string::npos);
  other.tiles.push_back(TileAt("E", {5, 4}, 180));
  base.tiles.push_back(TileAt("E", {0, -1}, 180));
  match = MatchFrames(base, other);
  ASSERT_TRUE(match) << match.error().message;
  EXPECT_EQ(match->cell_offset, (Cell{-5, -5}));
}

TEST(MatchFrames, AsksThreeTilesToAgreeUnlessToldFewer) {
  Scene base, other;
  base.tiles = {TileAt("D", {0, 0}, 0), TileAt("E", {0, -1}, 180), TileAt("V", {1, 0}, 90)};
  other = base;
  other.tiles[2].id = "U";  // misread
  other.tiles.push_back(TileAt("K", {-1, 0}, 0));
  auto match = MatchFrames(base, other);
  ASSERT_FALSE(match);
  EXPECT_NE(match.error().message.find("2 of 3 tiles agree"), std::string::npos);
  match = MatchFrames(base, other, 2);
  ASSERT_TRUE(match) << match.error().message;
  EXPECT_EQ(match->tiles_matched, 2);
  other.tiles[1].id = "I";  // one agrees: too few even so
  EXPECT_FALSE(MatchFrames(base, other, 2));
}

// A fair tile laid on the first turns: the before and after readings of a board of four tiles,
// two misread after the throw, agree on two. A caller that has checked the readings against the
// game's board may take that; by default it is refused.
TEST(Referee, ASmallBoardIsRefereedByTwoTilesWhenTheCallerAsks) {
  std::vector<Throw> throws = Throws(PlayedGame(7, 2, 12, {2}));
  ASSERT_FALSE(throws.empty());
  Throw& t = throws.front();
  ASSERT_EQ(t.before.tiles.size(), 4u) << "the game is not the one this test was written for";
  Scene after = t.after;
  int misread = 0;
  for (SceneTile& tile : after.tiles)
    if (tile.id != t.fair_id && misread < 2) tile.id = tile.id == "B" ? "A" : "B", ++misread;
  ASSERT_EQ(misread, 2);
  RefereeRequest request = RequestFor(t);
  auto strict = RefereeThrow(t.before, after, request);
  ASSERT_FALSE(strict);
  EXPECT_NE(strict.error().message.find("2 of 4 tiles agree"), std::string::npos)
      << strict.error().message;
  request.least_agreeing_tiles = 2;
  auto call = RefereeThrow(t.before, after, request);
  ASSERT_TRUE(call) << call.error().message;
  EXPECT_EQ(call->token.kind, t.event["token"].as_string());
}

TEST(Referee, RefusesWhatThePicturesCannotSettle) {
  std::vector<Throw> game = Throws(PlayedGame(4));
  Throw& t = game.front();
  RefereeRequest request = RequestFor(t);
  auto unchanged = RefereeThrow(t.before, t.before, request);
  ASSERT_FALSE(unchanged);
  EXPECT_NE(unchanged.error().message.find("no new " + TokenKindName(request.token) + " token"),
            std::string::npos);

  auto other_board = RefereeThrow(t.before, Throws(PlayedGame(5)).front().after, request);
  ASSERT_FALSE(other_board);
  EXPECT_NE(other_board.error().message.find("same board"), std::string::npos)
      << other_board.error().message;

  Throw& last = game.back();  // the third round: the board holds three fair tiles
  request = RequestFor(last);
  request.token = TokenKind::kTarget;
  request.fair_id.clear();
  last.after.tokens.back().kind = "target";
  auto which_fair = RefereeThrow(last.before, last.after, request);
  ASSERT_FALSE(which_fair);
  EXPECT_NE(which_fair.error().message.find("--fair-at"), std::string::npos);
}

// A throw read from rendered pictures, calibrated: the call is the game's.
TEST(Referee, ASeductionIsCalledFromPictures) {
  const Sequence game = PlayedGame(1);
  std::vector<Throw> throws = Throws(game);
  auto it = std::find_if(throws.begin(), throws.end(), [](Throw& t) {
    return t.event["token"].as_string() == "seduction" && t.event.find("seduced");
  });
  ASSERT_NE(it, throws.end());
  const std::vector<TileReference> tileset = PaintedTileset(VisionCatalog());
  Calibration cal;
  cal.camera = game.look.camera;
  cal.has_table_pose = true;
  const AnalyzeInput input{&VisionCatalog(), &tileset, &cal, ""};
  auto before = AnalyzeTable(RenderTable(VisionCatalog(), it->before, game.look), input);
  auto after = AnalyzeTable(RenderTable(VisionCatalog(), it->after, game.look), input);
  ASSERT_TRUE(before && after);
  auto call = RefereeThrow(*before, *after, RequestFor(*it));
  ASSERT_TRUE(call) << call.error().message;
  EXPECT_TRUE(call->token.on_board);
  ASSERT_FALSE(call->followers_by_distance.empty());
  EXPECT_EQ(NameOf(call->followers_by_distance[0]), NameOf(*it->event.find("seduced")));
}

// How a thrown token lies among what was on the table before it.
enum class Lie { kInPlainView, kUnderAFollower, kOnAnEarlierToken };

Lie LieOf(const Throw& t) {
  const SceneToken& thrown = t.after.tokens.back();
  for (size_t k = 0; k + 1 < t.after.tokens.size(); ++k)
    if (t.after.tokens[k].kind == thrown.kind &&
        std::hypot(t.after.tokens[k].center_mm[0] - thrown.center_mm[0],
                   t.after.tokens[k].center_mm[1] - thrown.center_mm[1]) < 22)
      return Lie::kOnAnEarlierToken;
  for (const SceneFollower& f : t.before.followers)
    if (FootprintGap(TokenFootprint(thrown), FollowerFootprint(f)) == 0)
      return Lie::kUnderAFollower;
  return Lie::kInPlainView;
}

// The token each throw added is found where it lies from what changed between the pictures,
// whether in plain view, under a follower drawn over it, or half on an earlier token.
TEST(ThrownToken, IsFoundWhereItLiesFromWhatChanged) {
  int found[3] = {0, 0, 0}, tried[3] = {0, 0, 0};
  std::vector<double> errors;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Sequence game = PlayedGame(seed);
    for (Throw& t : Throws(game)) {
      const SceneToken& thrown = t.after.tokens.back();
      if (t.event["token"].as_string() == "knockout" || !thrown.on_board) continue;
      const int lie = static_cast<int>(LieOf(t));
      if (tried[lie] >= 3) continue;
      ++tried[lie];
      const cv::Mat before = RenderTable(VisionCatalog(), t.before, game.look);
      const cv::Mat after = RenderTable(VisionCatalog(), t.after, game.look);
      auto patch = FindThrownToken(before, after, game.look.camera, t.before, t.after,
                                   *ParseTokenKind(thrown.kind));
      ASSERT_TRUE(patch) << "game " << seed << ", lying " << lie;
      const double error = std::hypot(patch->token.center_mm[0] - thrown.center_mm[0],
                                      patch->token.center_mm[1] - thrown.center_mm[1]);
      EXPECT_LT(error, 3.0) << "game " << seed << ", lying " << lie;
      EXPECT_TRUE(patch->token.on_board);
      found[lie] += error < 3.0;
      errors.push_back(error);
    }
  }
  for (int lie = 0; lie < 3; ++lie) EXPECT_GE(tried[lie], 2) << "too few throws lying " << lie;
  std::sort(errors.begin(), errors.end());
  EXPECT_LT(errors[errors.size() / 2], 1.5);
}

TEST(ThrownToken, NothingThrownIsNothingFound) {
  const Sequence game = PlayedGame(2);
  for (Throw& t : Throws(game)) {
    if (t.before.followers.empty()) continue;
    const cv::Mat before = RenderTable(VisionCatalog(), t.before, game.look);
    EXPECT_FALSE(FindThrownToken(before, before.clone(), game.look.camera, t.before, t.before,
                                 TokenKind::kSeduction));
    // A follower knocked aside, lying, changes the picture as a token might: it is not taken for
    // one unless nothing else passes, and then as lying on a moved follower.
    Scene after = t.before;
    after.followers[0].center_mm[0] += 9;
    after.followers[0].pose = "lying";
    const cv::Mat knocked = RenderTable(VisionCatalog(), after, game.look);
    auto patch =
        FindThrownToken(before, knocked, game.look.camera, t.before, after, TokenKind::kKnockout);
    EXPECT_TRUE(!patch || patch->by_moved_follower);
    return;
  }
}

}  // namespace
}  // namespace cf
