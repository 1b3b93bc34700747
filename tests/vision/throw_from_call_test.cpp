#include "vision/throw_from_call.h"

#include <gtest/gtest.h>

#include "engine/game_record.h"
#include "tests/vision/vision_test_support.h"

namespace cf {
namespace {

using testing::PlayedGame;
using testing::RequestFor;
using testing::Throw;
using testing::Throws;
using testing::VisionCatalog;

// `scene` with [0,0] elsewhere and turned, as a photo may read it.
Scene Elsewhere(const Scene& scene) {
  FrameMatch m;
  m.quarter_turns = 3;
  m.cell_offset = {-2, 5};
  m.mm_offset[0] = -2 * kTilePitchMm;
  m.mm_offset[1] = 5 * kTilePitchMm;
  return MoveToFrame(scene, m);
}

// The same followers, as the game finds them.
std::vector<int> Found(const GameState& game, const std::vector<FollowerRef>& refs) {
  std::vector<int> out;
  for (const FollowerRef& r : refs) out.push_back(game.FindFollower(r));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ThrowFromCall, CallsOnExactTablesGiveTheRecordsThrows) {
  int compared = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Sequence s = PlayedGame(seed);
    auto record = GameRecordFromJson(s.game, VisionCatalog());
    ASSERT_TRUE(record) << record.error().message;
    for (Throw& t : Throws(s)) {
      auto game = GameState::Create(VisionCatalog(), record->setup);
      ASSERT_TRUE(game);
      for (size_t i = 0; i < t.fair_move; ++i) ASSERT_TRUE(game->Apply(record->moves[i]));
      ASSERT_EQ(game->phase(), Phase::kCatapultRound);
      const Move& round = record->moves[t.fair_move];
      const CatapultThrow& want = round.catapult.throws[t.index];
      const RefereeRequest request = RequestFor(t);
      const Scene before = Elsewhere(t.before);
      auto call = RefereeThrow(before, Elsewhere(t.after), request);
      ASSERT_TRUE(call) << call.error().message;
      CatapultRound earlier = round.catapult;
      earlier.throws.resize(t.index);
      auto during = DuringRound(*game, earlier);
      ASSERT_TRUE(during) << during.error().message;
      auto got = ThrowFromCall(*during, before, *call, request.token, want.player);
      if (request.token == TokenKind::kCatch) {
        EXPECT_FALSE(got);
        continue;
      }
      ASSERT_TRUE(got) << got.error().message;
      EXPECT_EQ(got->outcome.player, want.player);
      EXPECT_EQ(got->doubts.empty(), !call->too_close_to_call && call->doubts.empty());
      if (call->too_close_to_call) continue;
      switch (request.token) {
        case TokenKind::kTarget:
          ASSERT_TRUE(got->outcome.distance_mm);
          if (want.distance_mm) {
            EXPECT_NEAR(*got->outcome.distance_mm, *want.distance_mm, 0.051);
          }
          break;
        case TokenKind::kKnockout:
          EXPECT_EQ(Found(*during, got->outcome.hit), Found(*during, want.hit)) << "game " << seed;
          break;
        case TokenKind::kSeduction:
          EXPECT_EQ(got->outcome.on_board, want.on_board);
          ASSERT_EQ(got->outcome.seduced.has_value(), want.seduced.has_value());
          if (want.seduced) {
            EXPECT_EQ(during->FindFollower(*got->outcome.seduced),
                      during->FindFollower(*want.seduced));
          }
          break;
        case TokenKind::kCatch:
          break;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 30);
}

TEST(ThrowFromCall, RefusesAReadingOfAnotherBoard) {
  const Sequence s = PlayedGame(1);
  auto record = GameRecordFromJson(s.game, VisionCatalog());
  ASSERT_TRUE(record);
  std::vector<Throw> throws = Throws(s);
  ASSERT_FALSE(throws.empty());
  Throw& t = throws.front();
  auto game = GameState::Create(VisionCatalog(), record->setup);
  ASSERT_TRUE(game);
  for (size_t i = 0; i < t.fair_move; ++i) ASSERT_TRUE(game->Apply(record->moves[i]));
  const RefereeRequest request = RequestFor(t);
  auto call = RefereeThrow(t.before, t.after, request);
  ASSERT_TRUE(call);
  const Sequence other = PlayedGame(9);
  auto got = ThrowFromCall(*game, other.frames.back().scene, *call, request.token, 0);
  ASSERT_FALSE(got);
  EXPECT_NE(got.error().message.find("does not show this game's board"), std::string::npos);
}

}  // namespace
}  // namespace cf
