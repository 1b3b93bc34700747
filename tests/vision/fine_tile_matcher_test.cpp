#include "vision/fine_tile_matcher.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/vision/vision_test_support.h"

namespace cf::testing {
namespace {

// One tile laid in the middle of a 3 x 3 cell board of `pitch` pixels, on a plain table.
cv::Mat BoardWithOneTile(const TileReference& tile, double pitch, cv::Rect& cell) {
  int side = static_cast<int>(std::lround(pitch));
  cv::Mat board(3 * side, 3 * side, CV_8UC3, cv::Scalar(40, 90, 140)), art;
  cv::resize(tile.art, art, {side, side}, 0, 0, cv::INTER_AREA);
  cell = cv::Rect(side, side, side, side);
  art.copyTo(board(cell));
  return board;
}

TEST(FineTileMatcher, ATileIsFoundAtEveryPitchEvenWithTemplatesKeptFromOthers) {
  auto tileset = PaintedTileset(VisionCatalog());
  const TileReference& first = tileset[0];
  const TileReference& second = tileset[1];
  // Pitches that round to one tile size but not to one rim: the first tile's templates are made
  // at one, then compared with a place found at the other.
  {
    FineTileMatcher fine(tileset, 41.6);
    cv::Rect cell;
    cv::Mat board = BoardWithOneTile(first, 41.6, cell);
    EXPECT_GT(fine.Score(fine.Locate(board, cell, first.type, 0), first.type, 0), 0.9);
  }
  for (double pitch : {42.4, 64.0}) {
    FineTileMatcher fine(tileset, pitch);
    cv::Rect cell;
    cv::Mat board = BoardWithOneTile(second, pitch, cell);
    FineTileMatcher::Place place = fine.Locate(board, cell, second.type, 0);
    EXPECT_GT(place.fit, 0.9) << pitch;
    EXPECT_NEAR(place.centre.x, cell.x + cell.width / 2.0, 1.5) << pitch;
    EXPECT_GT(fine.Score(place, second.type, 0), 0.9) << pitch;
    EXPECT_LT(fine.Score(place, first.type, 0), 0.9) << pitch << ": another tile";
  }
}

// Places are remembered by the board's pixels: a board made after another one is gone, likely at
// the same address, is still located afresh (grids were once judged by the first cell's place).
TEST(FineTileMatcher, ABoardMadeWhereAnotherWasIsLocatedAfresh) {
  auto tileset = PaintedTileset(VisionCatalog());
  const TileReference& tile = tileset[0];
  FineTileMatcher fine(tileset, 64.0);
  cv::Rect cell;
  {
    cv::Mat board = BoardWithOneTile(tile, 64.0, cell);
    fine.Locate(board, cell, tile.type, 0);
  }
  cv::Mat moved = BoardWithOneTile(tile, 64.0, cell);  // the tile then moved by (3, 2) pixels
  const cv::Mat art = moved(cell).clone();
  moved(cell).setTo(cv::Scalar(40, 90, 140));
  art.copyTo(moved(cell + cv::Point(3, 2)));
  FineTileMatcher::Place place = fine.Locate(moved, cell, tile.type, 0);
  EXPECT_NEAR(place.centre.x, cell.x + cell.width / 2.0 + 3, 0.75);
  EXPECT_NEAR(place.centre.y, cell.y + cell.height / 2.0 + 2, 0.75);
}

}  // namespace
}  // namespace cf::testing
