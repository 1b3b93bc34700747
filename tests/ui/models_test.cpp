#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QFont>

#include "tests/ui/ui_test_support.h"
#include "ui/move_list_model.h"
#include "ui/score_model.h"

namespace cf::ui {
namespace {

using testing::SamplePath;
using testing::UiCatalog;

TEST(ScoreModel, ShowsEachPlayersScoreAndFollowersAtThePositionShown) {
  GameSession session(UiCatalog());
  ASSERT_TRUE(session.Load(SamplePath("sequence/game.json")));
  ScoreModel model(session);
  ASSERT_EQ(model.rowCount(), 3);
  ASSERT_EQ(model.columnCount(), ScoreModel::kColumnCount);
  auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
    return model.data(model.index(row, column), role);
  };
  EXPECT_EQ(cell(0, ScoreModel::kPlayer).toString(), "red");
  EXPECT_EQ(cell(1, ScoreModel::kScore).toInt(), 5);  // blue's city and target
  EXPECT_EQ(cell(0, ScoreModel::kScore).toInt(), 4);
  EXPECT_EQ(cell(2, ScoreModel::kFollowers).toInt(), session.game().supply(2));
  EXPECT_TRUE(cell(0, ScoreModel::kScore, Qt::FontRole).value<QFont>().bold());  // red to play

  session.GoTo(10);  // before the target round
  EXPECT_EQ(cell(1, ScoreModel::kScore).toInt(), 0);
  EXPECT_EQ(cell(0, ScoreModel::kScore).toInt(), 4);
  EXPECT_FALSE(cell(0, ScoreModel::kScore, Qt::FontRole).value<QFont>().bold());  // round due
}

TEST(MoveListModel, ListsTheStartAndEveryMoveWithItsPoints) {
  GameSession session(UiCatalog());
  ASSERT_TRUE(session.Load(SamplePath("sequence/game.json")));
  MoveListModel model(session);
  ASSERT_EQ(model.rowCount(), 13);
  auto text = [&](int row) { return model.data(model.index(row)).toString(); };
  EXPECT_TRUE(text(0).startsWith("start: D at [0,0]")) << text(0).toStdString();
  EXPECT_TRUE(text(1).startsWith("1. red: V at [-1,0] turned 270, follower on E3"))
      << text(1).toStdString();
  EXPECT_TRUE(text(10).contains("red +4 city")) << text(10).toStdString();
  EXPECT_TRUE(text(11).contains("catapult, target")) << text(11).toStdString();
  EXPECT_TRUE(text(11).contains("blue 32.2 mm")) << text(11).toStdString();
  EXPECT_TRUE(text(11).contains("blue +5 target")) << text(11).toStdString();
  EXPECT_TRUE(model.data(model.index(12), Qt::FontRole).value<QFont>().bold());
  session.GoTo(4);
  EXPECT_TRUE(model.data(model.index(4), Qt::FontRole).value<QFont>().bold());
  EXPECT_FALSE(model.data(model.index(12), Qt::FontRole).value<QFont>().bold());
  ASSERT_TRUE(session.Finish());
  EXPECT_EQ(model.rowCount(), 14);
  EXPECT_TRUE(text(13).startsWith("13. final scoring")) << text(13).toStdString();
}

// Qt's own checks of a model's consistency, while the position shown and the record change.
TEST(Models, PassQtsModelTester) {
  GameSession session(UiCatalog());
  ScoreModel scores(session);
  MoveListModel moves(session);
  QAbstractItemModelTester score_tester(&scores,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
  QAbstractItemModelTester move_tester(&moves,
                                       QAbstractItemModelTester::FailureReportingMode::Fatal);
  ASSERT_TRUE(session.Load(SamplePath("games/catapult_game.json")));
  for (int n : {0, 10, 60, session.move_count()}) session.GoTo(n);
  ASSERT_TRUE(session.TakeBackLast());
  GameSetup setup;
  setup.players = {{"green", ""}, {"black", ""}, {"gray", ""}, {"red", ""}};
  ASSERT_TRUE(session.NewGame(setup));
  EXPECT_EQ(scores.rowCount(), 4);
  EXPECT_EQ(moves.rowCount(), 1);
}

}  // namespace
}  // namespace cf::ui
