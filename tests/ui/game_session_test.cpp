#include "ui/game_session.h"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/ui/ui_test_support.h"

namespace cf::ui {
namespace {

using testing::SampleGameAfter;
using testing::SamplePath;
using testing::UiCatalog;
using testing::WriteRecord;

TEST(GameSession, ShowsEachPositionAsTheRecordPlayedThatFar) {
  GameSession session(UiCatalog());
  ASSERT_TRUE(session.Load(SamplePath("games/catapult_game.json")));
  const int moves = session.move_count();
  ASSERT_GT(moves, 100);
  EXPECT_TRUE(session.at_end());
  EXPECT_EQ(session.game().phase(), Phase::kGameOver);  // "final": true
  for (int n : {0, 1, 7, 40, 41, 90, moves - 1}) {
    session.GoTo(n);
    const GameState expected = SampleGameAfter("games/catapult_game.json", n);
    EXPECT_EQ(session.position(), n);
    EXPECT_EQ(session.shown().scores(), expected.scores()) << "after " << n << " moves";
    EXPECT_EQ(session.shown().board().tile_count(), expected.board().tile_count());
    EXPECT_EQ(session.shown().followers().size(), expected.followers().size());
    EXPECT_EQ(session.game().moves().size(), static_cast<size_t>(moves));  // the record stays
  }
  session.GoTo(moves + 5);
  EXPECT_EQ(session.position(), moves);
  session.GoTo(-3);
  EXPECT_EQ(session.position(), 0);
}

TEST(GameSession, RefusesBadRecordsAndKeepsTheGameShown) {
  GameSession session(UiCatalog());
  ASSERT_TRUE(session.Load(SamplePath("sequence/game.json")));
  const std::vector<int> scores = session.game().scores();
  const std::string path = session.path();

  const std::string broken = ::testing::TempDir() + "broken.json";
  std::ofstream(broken) << "{\"format\": \"catapult-fair/game@1\", \"players\": [";
  auto refused = session.Load(broken);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message.find('\n'), std::string::npos);

  // The record's last tile put on the start tile's cell.
  const GameState game = SampleGameAfter("sequence/game.json", 12);
  json::Value record = GameRecordToJson(game);
  json::Value& last = record["moves"].as_array().back();
  ASSERT_EQ(last["tile"].as_string(), "V");
  last["at"] = json::Array{0, 0};
  const std::string illegal = ::testing::TempDir() + "illegal.json";
  std::ofstream(illegal) << record.dump(2);
  refused = session.Load(illegal);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("move 12"), std::string::npos) << refused.error().message;

  EXPECT_FALSE(session.Load("/no/such/game.json"));
  EXPECT_EQ(session.game().scores(), scores);
  EXPECT_EQ(session.move_count(), 12);
  EXPECT_EQ(session.path(), path);
}

TEST(GameSession, AddsLegalMovesAtTheEndAndTakesThemBack) {
  const GameState full = SampleGameAfter("sequence/game.json", 12);
  GameSession session(UiCatalog());
  ASSERT_TRUE(session.Load(WriteRecord(SampleGameAfter("sequence/game.json", 11), "g11.json")));
  int changes = 0;
  QObject::connect(&session, &GameSession::changed, [&] { ++changes; });
  session.GoTo(3);

  Move illegal = full.moves()[11];
  illegal.placement.at = {0, 0};
  auto refused = session.AddMove(illegal);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("already taken"), std::string::npos);
  EXPECT_EQ(session.move_count(), 11);
  EXPECT_EQ(session.position(), 3);

  ASSERT_TRUE(session.AddMove(full.moves()[11]));
  EXPECT_EQ(session.move_count(), 12);
  EXPECT_TRUE(session.at_end());
  EXPECT_EQ(session.shown().scores(), full.scores());
  EXPECT_EQ(session.shown().followers().size(), full.followers().size());

  const std::string saved = ::testing::TempDir() + "saved.json";
  ASSERT_TRUE(session.Save(saved));
  GameSession reopened(UiCatalog());
  ASSERT_TRUE(reopened.Load(saved));
  EXPECT_EQ(reopened.game().scores(), full.scores());

  ASSERT_TRUE(session.TakeBackLast());
  EXPECT_EQ(session.move_count(), 11);
  EXPECT_EQ(session.shown().board().tile_count(), full.board().tile_count() - 1);
  EXPECT_GE(changes, 3);

  ASSERT_TRUE(session.Finish());
  EXPECT_EQ(session.game().phase(), Phase::kGameOver);
  EXPECT_FALSE(session.AddMove(full.moves()[11]));
}

TEST(GameSession, StartsNewGamesTheEngineAllows) {
  GameSession session(UiCatalog());
  GameSetup setup;
  setup.players = {{"green", ""}, {"black", ""}, {"gray", ""}};
  setup.expansions = {"catapult", "beggars"};
  ASSERT_TRUE(session.NewGame(setup));
  EXPECT_EQ(session.game().player_count(), 3);
  EXPECT_EQ(session.move_count(), 0);
  setup.players = {{"purple", ""}, {"red", ""}};
  EXPECT_FALSE(session.NewGame(setup));
  EXPECT_EQ(session.game().player_count(), 3);
}

}  // namespace
}  // namespace cf::ui
