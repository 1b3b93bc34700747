#include "ui/main_window.h"

#include <gtest/gtest.h>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGraphicsItem>
#include <cmath>
#include <opencv2/imgcodecs.hpp>

#include "tests/ui/ui_test_support.h"
#include "tests/vision/vision_test_support.h"
#include "vision/table_renderer.h"

namespace cf::ui {
namespace {

using testing::SampleGameAfter;
using testing::SamplePath;
using testing::UiCatalog;
using testing::UiTileset;
using testing::WriteRecord;

QString Sample(const std::string& relative) { return QString::fromStdString(SamplePath(relative)); }

// The sample game's last turn, read from its photo, accepted, scores as the record does.
TEST(MainWindow, ReadsATurnFromAPhotoIntoTheRecord) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  const GameState full = SampleGameAfter("sequence/game.json", 12);
  ASSERT_TRUE(window.OpenGame(
      QString::fromStdString(WriteRecord(SampleGameAfter("sequence/game.json", 11), "w11.json"))));
  window.session().GoTo(2);
  ASSERT_TRUE(window.ReadTurn(Sample("sequence/023.jpg")));
  ASSERT_TRUE(window.turn_panel().proposed().has_value());
  EXPECT_TRUE(window.turn_panel().text().contains("green: V at [-3,1]"))
      << window.turn_panel().text().toStdString();
  EXPECT_EQ(window.session().move_count(), 11);  // nothing recorded before the table accepts
  window.session().GoTo(5);                      // looking back keeps the turn read
  EXPECT_TRUE(window.turn_panel().proposed().has_value());
  emit window.turn_panel().accepted(*window.turn_panel().proposed());
  EXPECT_EQ(window.session().move_count(), 12);
  EXPECT_EQ(window.session().game().scores(), full.scores());
  EXPECT_EQ(window.session().game().followers().size(), full.followers().size());
  EXPECT_EQ(window.board().ItemsOf(ItemKind::kTile).size(),
            static_cast<size_t>(full.board().tile_count()));

  // The record on disk has the turn too.
  GameSession reopened(UiCatalog());
  ASSERT_TRUE(reopened.Load(window.session().path()));
  EXPECT_EQ(reopened.move_count(), 12);
  EXPECT_EQ(reopened.game().scores(), full.scores());

  // The same photo again shows no new turn: refused, the record unchanged.
  auto again = window.ReadTurn(Sample("sequence/023.jpg"));
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("no new tile"), std::string::npos);
  EXPECT_FALSE(window.turn_panel().proposed().has_value());
  EXPECT_EQ(window.session().move_count(), 12);
}

// The turn read is drawn over the board, where the reader puts it, until the table decides; it is
// drawn over the last position only.
TEST(MainWindow, DrawsTheTurnReadOverTheBoardUntilTheTableDecides) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(
      QString::fromStdString(WriteRecord(SampleGameAfter("sequence/game.json", 11), "p11.json"))));
  auto proposal = [&] { return window.board().ItemsOf(ItemKind::kProposal); };
  EXPECT_TRUE(proposal().empty());
  ASSERT_TRUE(window.ReadTurn(Sample("sequence/023.jpg")));
  const auto drawn = proposal();
  ASSERT_EQ(drawn.size(), 3u);  // the tile, its outline, the follower on W2
  const QPointF cell(-3 * kTilePitchMm * kPixelsPerMm, 1 * kTilePitchMm * kPixelsPerMm);
  EXPECT_LT(QLineF(drawn.front()->pos(), cell).length(), 1.0);
  window.session().GoTo(5);
  EXPECT_TRUE(proposal().empty());
  window.session().GoTo(11);
  EXPECT_EQ(proposal().size(), 3u);
  window.turn_panel().Clear();  // what Reject does
  EXPECT_TRUE(proposal().empty());
  EXPECT_EQ(window.board().ItemsOf(ItemKind::kTile).size(),
            static_cast<size_t>(window.session().game().board().tile_count()));
}

// A turn read for the record as it was is dropped when the record changes under it.
TEST(MainWindow, DropsATurnReadWhenTheRecordChanges) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(
      QString::fromStdString(WriteRecord(SampleGameAfter("sequence/game.json", 11), "d11.json"))));
  ASSERT_TRUE(window.ReadTurn(Sample("sequence/023.jpg")));
  ASSERT_TRUE(window.turn_panel().proposed().has_value());
  ASSERT_TRUE(window.session().TakeBackLast());
  EXPECT_FALSE(window.turn_panel().proposed().has_value());
}

TEST(MainWindow, RefusesBadInputInOneLineAndKeepsTheGame) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(Sample("sequence/game.json")));
  for (const Status& s :
       {window.OpenGame("/no/such/game.json"), window.ReadTurn("/no/such/photo.jpg"),
        window.ShowPhoto(Sample("games/base_game.json")),
        window.RefereeThrow(Sample("sequence/016.jpg"), "/no/such/after.jpg", TokenKind::kTarget,
                            ""),
        window.LoadCalibrationFile(Sample("sequence/game.json")),
        window.CalibrateFromPhoto(Sample("calibration/charuco-0.jpg")),
        window.SaveCalibrationFile(QString::fromStdString(::testing::TempDir() + "c.yaml"))}) {
    ASSERT_FALSE(s);
    EXPECT_FALSE(s.error().message.empty());
    EXPECT_EQ(s.error().message.find('\n'), std::string::npos) << s.error().message;
  }
  EXPECT_EQ(window.session().move_count(), 12);
  EXPECT_FALSE(window.showing_reading());
}

TEST(MainWindow, RefereesATargetThrowAgainstTheFairWhoseRoundIsDue) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(Sample("sequence/game.json")));
  window.session().GoTo(10);  // FAIR-02 placed, its target round due
  ASSERT_TRUE(window.CalibrateFromPhoto(Sample("sequence/022.jpg")));
  ASSERT_TRUE(window.calibrated());
  ASSERT_TRUE(window.RefereeThrow(Sample("sequence/016.jpg"), Sample("sequence/017.jpg"),
                                  TokenKind::kTarget, "blue"));
  // The record measured blue's token 32.2 mm from the fair on the rendered table.
  const QString verdict = window.referee_panel().verdict();
  ASSERT_TRUE(verdict.endsWith("mm from the fair")) << verdict.toStdString();
  EXPECT_NEAR(verdict.split(' ').front().toDouble(), 32.2, 1.5) << verdict.toStdString();
  EXPECT_GT(window.referee_panel().follower_rows(), 0);
  // On the board, in the game's frame: the token by the fair tile at [-2,0], a line to the
  // nearest followers.
  const auto tokens = window.board().ItemsOf(ItemKind::kToken);
  ASSERT_EQ(tokens.size(), 1u);
  const QPointF fair(-2 * kTilePixels, 0);
  EXPECT_NEAR(QLineF(tokens[0]->pos(), fair).length() / kPixelsPerMm, 32.2, 1.5);
  EXPECT_FALSE(window.board().ItemsOf(ItemKind::kCall).empty());
  // The panel names followers as the game does: blue's on the fair tile is the nearest.
  EXPECT_EQ(window.referee_panel().follower(0), "blue [-2,0]");
}

// The sample game's target round: blue's throw refereed from its photos, the two tokens that
// left the table set by the table, the round recorded and scored as the record scores it.
TEST(MainWindow, RecordsACatapultRoundFromCallsAndTheTablesWord) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(
      QString::fromStdString(WriteRecord(SampleGameAfter("sequence/game.json", 10), "w10.json"))));
  CatapultRoundPanel& round = window.round_panel();
  ASSERT_TRUE(round.active());
  EXPECT_EQ(window.session().game().setup().players[round.player(0)].color, "blue");
  ASSERT_EQ(round.token(), TokenKind::kKnockout);  // the first kind until the table chooses
  EXPECT_FALSE(window.RefereeRoundThrow(3, Sample("sequence/016.jpg"), Sample("sequence/017.jpg")));
  EXPECT_FALSE(window.RefereeRoundThrow(0, Sample("sequence/016.jpg"), Sample("sequence/017.jpg")));
  // Knock-out is refused: the photos show a target token thrown, none of the round's kind.
  round.findChild<QComboBox*>()->setCurrentIndex(2);
  ASSERT_EQ(round.token(), TokenKind::kTarget);

  ASSERT_TRUE(window.CalibrateFromPhoto(Sample("sequence/022.jpg")));
  ASSERT_TRUE(window.RefereeRoundThrow(0, Sample("sequence/016.jpg"), Sample("sequence/017.jpg")));
  EXPECT_EQ(round.next_throw(), 1);
  EXPECT_FALSE(window.RecordRound());  // green and red have not thrown
  EXPECT_EQ(window.session().move_count(), 10);
  CatapultThrow off_table;
  round.SetOutcome(1, off_table, {"set by the table"});
  round.SetOutcome(2, off_table, {"set by the table"});
  ASSERT_TRUE(window.RecordRound());
  EXPECT_FALSE(round.active());
  const GameState full = SampleGameAfter("sequence/game.json", 11);
  EXPECT_EQ(window.session().move_count(), 11);
  EXPECT_EQ(window.session().game().scores(), full.scores());  // blue +5
  const Move& recorded = window.session().game().moves().back();
  ASSERT_TRUE(recorded.catapult.throws[0].distance_mm);
  EXPECT_NEAR(*recorded.catapult.throws[0].distance_mm, 32.2, 1.5);
}

// A fair tile laid on the first turn: its round's first throw refereed from rendered photos of a
// board of two tiles (which `analyze` and `referee` refuse), read as a turn's photo is and placed
// on the game's board.
TEST(MainWindow, RefereesAThrowOnTheFirstTurnsBoard) {
  const Sequence s = testing::PlayedGame(1, 2, 12, {0});
  std::vector<testing::Throw> throws = testing::Throws(s);
  ASSERT_FALSE(throws.empty());
  testing::Throw& t = throws.front();
  ASSERT_EQ(t.before.tiles.size(), 2u) << "the game is not the one this test was written for";
  auto record = GameRecordFromJson(s.game, UiCatalog());
  ASSERT_TRUE(record);
  auto game = GameState::Create(UiCatalog(), record->setup);
  ASSERT_TRUE(game);
  for (size_t i = 0; i < t.fair_move; ++i) ASSERT_TRUE(game->Apply(record->moves[i]));
  Calibration camera;
  camera.camera = s.look.camera;
  camera.has_table_pose = true;
  MainWindow window(UiCatalog(), UiTileset(), camera);
  ASSERT_TRUE(window.OpenGame(QString::fromStdString(WriteRecord(*game, "early.json"))));
  CatapultRoundPanel& round = window.round_panel();
  ASSERT_TRUE(round.active());
  const TokenKind kind = *ParseTokenKind(t.event["token"].as_string());
  auto* tokens = round.findChild<QComboBox*>();
  for (int i = 0; i < tokens->count() && round.token() != kind; ++i) tokens->setCurrentIndex(i);
  ASSERT_EQ(round.token(), kind);
  auto photo = [&](Scene scene, const std::string& name) {
    const std::string path = ::testing::TempDir() + name;
    cv::imwrite(path, RenderTable(UiCatalog(), scene, s.look));
    return QString::fromStdString(path);
  };
  const Status refereed = window.RefereeRoundThrow(t.index, photo(t.before, "early_before.png"),
                                                   photo(t.after, "early_after.png"));
  ASSERT_TRUE(refereed) << refereed.error().message;
  EXPECT_EQ(round.next_throw(), 1);
}

// The camera over the table (numbered pictures stand in for it) after the sample's last turn.
TEST(MainWindow, ReadsATurnFromTheCamera) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(
      QString::fromStdString(WriteRecord(SampleGameAfter("sequence/game.json", 11), "c11.json"))));
  EXPECT_FALSE(window.ReadTurnFromCamera());  // none open yet
  const QString dir = QString::fromStdString(::testing::TempDir() + "camera-test");
  QDir(dir).removeRecursively();
  ASSERT_TRUE(QDir().mkpath(dir));
  ASSERT_TRUE(QFile::copy(Sample("sequence/023.jpg"), dir + "/000.jpg"));
  EXPECT_FALSE(window.OpenCamera(dir + "/no-such-%03d.jpg"));
  ASSERT_TRUE(window.OpenCamera(dir + "/%03d.jpg"));
  ASSERT_TRUE(window.ReadTurnFromCamera());
  ASSERT_TRUE(window.turn_panel().proposed().has_value());
  EXPECT_TRUE(window.turn_panel().text().contains("green: V at [-3,1]"))
      << window.turn_panel().text().toStdString();
  auto none = window.ReadTurnFromCamera();  // the pictures ran out
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("gives no picture"), std::string::npos);
}

// The sample's target round from the camera: the table before blue's throw, then after it.
TEST(MainWindow, RefereesARoundThrowFromTheCamera) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(
      QString::fromStdString(WriteRecord(SampleGameAfter("sequence/game.json", 10), "r10.json"))));
  window.round_panel().findChild<QComboBox*>()->setCurrentIndex(2);  // target
  ASSERT_TRUE(window.CalibrateFromPhoto(Sample("sequence/022.jpg")));
  const QString dir = QString::fromStdString(::testing::TempDir() + "camera-round");
  QDir(dir).removeRecursively();
  ASSERT_TRUE(QDir().mkpath(dir));
  ASSERT_TRUE(QFile::copy(Sample("sequence/016.jpg"), dir + "/000.jpg"));
  ASSERT_TRUE(QFile::copy(Sample("sequence/017.jpg"), dir + "/001.jpg"));
  ASSERT_TRUE(window.OpenCamera(dir + "/%03d.jpg"));
  EXPECT_FALSE(window.RefereeRoundThrowFromCamera(0));  // no picture before the throw yet
  ASSERT_TRUE(window.SnapBeforeThrow());
  ASSERT_TRUE(window.RefereeRoundThrowFromCamera(0));
  EXPECT_EQ(window.round_panel().next_throw(), 1);
  auto round = window.round_panel().RoundMove();
  EXPECT_FALSE(round);  // green and red still to throw
  CatapultThrow off_table;
  window.round_panel().SetOutcome(1, off_table, {});
  window.round_panel().SetOutcome(2, off_table, {});
  round = window.round_panel().RoundMove();
  ASSERT_TRUE(round);
  ASSERT_TRUE(round->catapult.throws[0].distance_mm);
  EXPECT_NEAR(*round->catapult.throws[0].distance_mm, 32.2, 1.5);
}

// A new game's turns are kept in a file of their own from the first one on.
TEST(MainWindow, KeepsANewGameOnDiskFromItsFirstTurn) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  const QString dir = QString::fromStdString(::testing::TempDir() + "autosave-test");
  QDir(dir).removeRecursively();
  window.set_autosave_dir(dir);
  GameSetup setup;
  setup.players = {{"yellow", ""}, {"black", ""}};
  setup.expansions = {"catapult"};
  ASSERT_TRUE(window.session().NewGame(setup));
  EXPECT_TRUE(window.session().path().empty());
  const GameState& game = window.session().game();
  const int e = UiCatalog().find("E");
  Move first;
  first.player = 0;
  first.tile = e;
  first.placement = game.LegalPlacements(e).front();
  Move illegal = first;
  illegal.placement.at = {5, 5};
  EXPECT_FALSE(window.AddToRecord(illegal));
  EXPECT_TRUE(window.session().path().empty());  // nothing to keep yet
  ASSERT_TRUE(window.AddToRecord(first));
  const QString path = QString::fromStdString(window.session().path());
  EXPECT_TRUE(path.startsWith(dir)) << path.toStdString();
  GameSession reopened(UiCatalog());
  ASSERT_TRUE(reopened.Load(path.toStdString()));
  EXPECT_EQ(reopened.move_count(), 1);
  EXPECT_EQ(reopened.game().setup().players[0].color, "yellow");
  // The final scoring is kept too.
  ASSERT_TRUE(window.FinishGame());
  GameSession finished(UiCatalog());
  ASSERT_TRUE(finished.Load(path.toStdString()));
  EXPECT_EQ(finished.game().phase(), Phase::kGameOver);
}

TEST(MainWindow, ShowsAPhotosReadingInTheGamesFrame) {
  MainWindow window(UiCatalog(), UiTileset(), std::nullopt);
  ASSERT_TRUE(window.OpenGame(Sample("sequence/game.json")));
  ASSERT_TRUE(window.ShowPhoto(Sample("sequence/023.jpg")));
  EXPECT_TRUE(window.showing_reading());
  const GameState& game = window.session().game();
  ASSERT_EQ(window.board().ItemsOf(ItemKind::kTile).size(),
            static_cast<size_t>(game.board().tile_count()));
  for (QGraphicsItem* item : window.board().ItemsOf(ItemKind::kTile)) {
    const Cell at{static_cast<int>(std::lround(item->pos().x() / kTilePixels)),
                  static_cast<int>(std::lround(item->pos().y() / kTilePixels))};
    EXPECT_GE(game.board().tile_at(at), 0) << "a tile drawn at " << CellText(at);
  }
  window.ShowGame();
  EXPECT_FALSE(window.showing_reading());
}

}  // namespace
}  // namespace cf::ui
