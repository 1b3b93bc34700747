#include "ui/board_scene.h"

#include <gtest/gtest.h>

#include <QGraphicsItem>
#include <cmath>

#include "tests/ui/ui_test_support.h"

namespace cf::ui {
namespace {

using testing::SampleGameAfter;
using testing::UiCatalog;
using testing::UiTileset;

TEST(BoardScene, MirrorsTheGameTileByTileAndFollowerByFollower) {
  const TileArt art(UiTileset());
  BoardScene scene(art);
  for (size_t moves : {0, 5, 40, 122}) {
    const GameState game = SampleGameAfter("games/catapult_game.json", moves);
    scene.ShowGame(game);
    ASSERT_EQ(scene.ItemsOf(ItemKind::kTile).size(),
              static_cast<size_t>(game.board().tile_count()));
    EXPECT_EQ(scene.ItemsOf(ItemKind::kFollower).size(), game.followers().size());
    // Every tile's picture is centred on its cell, 45 mm apart.
    for (int i = 0; i < game.board().tile_count(); ++i) {
      const Cell at = game.board().tile(i).at;
      const QPointF centre(kTilePixels * at.x, kTilePixels * at.y);
      EXPECT_EQ(scene.items(centre).size() > 0, true);
      bool found = false;
      for (QGraphicsItem* item : scene.ItemsOf(ItemKind::kTile))
        found |= QLineF(item->pos(), centre).length() < 0.01;
      EXPECT_TRUE(found) << "no tile drawn at " << CellText(at);
    }
    // Each follower is drawn on its own tile; farmers and beggars lie.
    const auto drawn = scene.ItemsOf(ItemKind::kFollower);
    for (size_t k = 0; k < game.followers().size(); ++k) {
      const Follower& f = game.followers()[k];
      const Cell at = game.board().tile(f.tile).at;
      const QPointF p = drawn[k]->pos() / kTilePixels;
      EXPECT_LE(std::abs(p.x() - at.x), 0.5) << CellText(at);
      EXPECT_LE(std::abs(p.y() - at.y), 0.5) << CellText(at);
      EXPECT_EQ(drawn[k]->rotation() != 0, game.IsLying(f));
    }
  }
}

TEST(BoardScene, MarksTheFairWhoseRoundIsDue) {
  const TileArt art(UiTileset());
  BoardScene scene(art);
  const GameState before_round = SampleGameAfter("sequence/game.json", 10);
  ASSERT_EQ(before_round.phase(), Phase::kCatapultRound);
  scene.ShowGame(before_round);
  int fair_marks = 0;
  for (QGraphicsItem* mark : scene.ItemsOf(ItemKind::kMark))
    fair_marks += mark->toolTip().contains("fair");
  EXPECT_EQ(fair_marks, 1);
  scene.ShowGame(SampleGameAfter("sequence/game.json", 11));
  for (QGraphicsItem* mark : scene.ItemsOf(ItemKind::kMark))
    EXPECT_FALSE(mark->toolTip().contains("fair"));
}

TEST(BoardScene, MirrorsAReadingAndOutlinesWhatIsInDoubt) {
  const TileArt art(UiTileset());
  BoardScene scene(art);
  Scene reading;
  reading.tiles.resize(2);
  reading.tiles[0].id = "D";
  reading.tiles[0].center_mm[0] = 0.4;
  reading.tiles[0].center_mm[1] = -0.3;
  reading.tiles[1].id = "E";
  reading.tiles[1].at = {0, -1};
  reading.tiles[1].rotation = 180;
  reading.tiles[1].center_mm[0] = 1.0;
  reading.tiles[1].center_mm[1] = -45.5;
  reading.tiles[1].confidence = 0.4;
  SceneFollower follower;
  follower.color = "blue";
  follower.pose = "lying";
  follower.center_mm[0] = 10;
  follower.confidence = 0.5;
  reading.followers = {follower};
  SceneToken token;
  token.kind = "target";
  token.center_mm[0] = 80;
  token.center_mm[1] = 20;
  reading.tokens = {token};
  scene.ShowReading(reading, UiCatalog());
  ASSERT_EQ(scene.ItemsOf(ItemKind::kTile).size(), 2u);
  ASSERT_EQ(scene.ItemsOf(ItemKind::kFollower).size(), 1u);
  ASSERT_EQ(scene.ItemsOf(ItemKind::kToken).size(), 1u);
  EXPECT_EQ(scene.ItemsOf(ItemKind::kMark).size(), 2u);  // the doubtful tile and follower
  EXPECT_NEAR(scene.ItemsOf(ItemKind::kToken)[0]->pos().x(), 80 * kPixelsPerMm, 1e-9);
  EXPECT_NEAR(scene.ItemsOf(ItemKind::kTile)[1]->pos().y(), -45.5 * kPixelsPerMm, 1e-9);
  EXPECT_NE(scene.ItemsOf(ItemKind::kFollower)[0]->rotation(), 0);
}

}  // namespace
}  // namespace cf::ui
