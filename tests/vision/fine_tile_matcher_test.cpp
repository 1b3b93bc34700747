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

// The tile set's art of `type`, if it has it.
const TileReference* ArtOf(const std::vector<TileReference>& tileset, int type) {
  for (const auto& ref : tileset)
    if (ref.type == type) return &ref;
  return nullptr;
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

// The place is searched coarsely, then uphill: a tile lying an odd number of pixels off its cell,
// either way, is found where it lies to within a fraction of a pixel.
TEST(FineTileMatcher, ATileOffItsCellByOddPixelsIsFoundWhereItLies) {
  auto tileset = PaintedTileset(VisionCatalog());
  const TileReference& tile = tileset[3];
  for (cv::Point shift : {cv::Point(-3, 1), cv::Point(1, -3), cv::Point(3, 3), cv::Point(-1, 0)}) {
    FineTileMatcher fine(tileset, 64.0);
    cv::Rect cell;
    cv::Mat board = BoardWithOneTile(tile, 64.0, cell);
    const cv::Mat art = board(cell).clone();
    board(cell).setTo(cv::Scalar(40, 90, 140));
    art.copyTo(board(cell + shift));
    const FineTileMatcher::Place place = fine.Locate(board, cell, tile.type, 0);
    EXPECT_NEAR(place.centre.x, cell.x + cell.width / 2.0 + shift.x, 0.5) << shift;
    EXPECT_NEAR(place.centre.y, cell.y + cell.height / 2.0 + shift.y, 0.5) << shift;
    EXPECT_GT(place.fit, 0.9) << shift;
  }
}

// A black meeple standing on a curve (V) at the tile's edge, half on the table: its dark shape
// pulls the grey correlation off the tile's place; with the meeple's pixels left out the tile is
// found where it lies.
TEST(FineTileMatcher, ATileIsFoundWhereItLiesBesideAPieceLeftOut) {
  auto tileset = PaintedTileset(VisionCatalog());
  const int curve = VisionCatalog().find("V");
  const TileReference* art = ArtOf(tileset, curve);
  ASSERT_NE(art, nullptr);
  for (cv::Point shift : {cv::Point(2, -1), cv::Point(-1, 2)}) {
    FineTileMatcher fine(tileset, 64.0);
    cv::Rect cell;
    cv::Mat board = BoardWithOneTile(*art, 64.0, cell);
    const cv::Mat laid = board(cell).clone();
    board(cell).setTo(cv::Scalar(40, 90, 140));
    laid.copyTo(board(cell + shift));
    cv::Mat hidden(board.size(), CV_8U, cv::Scalar(0));
    const cv::Rect meeple(cell.x - 8, cell.y + 6, 22, 26);
    cv::rectangle(board, meeple, cv::Scalar(30, 30, 30), cv::FILLED);
    cv::rectangle(hidden, meeple, cv::Scalar(255), cv::FILLED);
    const cv::Point2d lies(cell.x + cell.width / 2.0 + shift.x,
                           cell.y + cell.height / 2.0 + shift.y);
    const FineTileMatcher::Place beside = fine.Locate(board, cell, curve, 0, hidden);
    EXPECT_NEAR(beside.centre.x, lies.x, 0.75) << shift;
    EXPECT_NEAR(beside.centre.y, lies.y, 0.75) << shift;
    const FineTileMatcher::Place pulled = fine.Locate(board, cell, curve, 0);
    EXPECT_GT(cv::norm(pulled.centre - lies), 1.0) << shift << ": the meeple no longer pulls";
  }
}

// A red meeple on an inn (IC-01), whose pond and roof are players' colours too: the inn's reading
// leaves the meeple out at a small cost and scores about as on the bare tile, far better than with
// the meeple compared; the plain road (U) scores clearly lower.
TEST(FineTileMatcher, APieceIsLeftOutOnlyWhereTheReadingsArtDiffers) {
  auto tileset = PaintedTileset(VisionCatalog());
  const int inn = VisionCatalog().find("IC-01"), road = VisionCatalog().find("U");
  const TileReference* art = ArtOf(tileset, inn);
  ASSERT_NE(art, nullptr);
  FineTileMatcher fine(tileset, 64.0);
  cv::Rect cell;
  const cv::Mat bare = BoardWithOneTile(*art, 64.0, cell);
  const double on_bare = fine.Score(fine.Locate(bare, cell, inn, 0), inn, 0);
  cv::Mat board = bare.clone(), pond, roof, meeple;
  cv::inRange(bare(cell), cv::Scalar(150, 0, 0), cv::Scalar(255, 160, 110), pond);
  cv::inRange(bare(cell), cv::Scalar(0, 0, 150), cv::Scalar(110, 110, 255), roof);
  ASSERT_GT(cv::countNonZero(pond), 10) << "the inn has a blue pond";
  cv::rectangle(board, cv::Rect(cell.x + 10, cell.y + 40, 12, 14), cv::Scalar(40, 40, 210),
                cv::FILLED);
  cv::inRange(board(cell), cv::Scalar(30, 30, 200), cv::Scalar(50, 50, 220), meeple);
  const cv::Mat pieces = fine.TemplateMask(pond | roof | meeple);
  FineTileMatcher::Place place = fine.Locate(board, cell, inn, 0);
  const auto inn_reading = fine.ScoreBesidePieces(place, inn, 0, pieces);
  const auto road_reading = fine.ScoreBesidePieces(place, road, 0, pieces);
  const double inn_score = inn_reading.similarity - 0.5 * inn_reading.hidden;
  const double road_score = road_reading.similarity - 0.5 * road_reading.hidden;
  EXPECT_NEAR(inn_reading.hidden, 168.0 / (64 * 64), 0.04) << "the meeple, a pixel around";
  EXPECT_GT(inn_score, on_bare - 0.05);
  EXPECT_LT(fine.Score(place, inn, 0), inn_score - 0.05) << "the meeple unhidden";
  EXPECT_LT(road_score, inn_score - 0.03);
}

// An inn beside its road (IC-01) and the plain road (U) differ in a small house and half a pond:
// at 1.2 px/mm, blurred as a picture is, the inn's art adds that detail and the picture of an inn
// fits it clearly better there, the picture of a plain road clearly worse; the plain road adds
// no detail to the inn.
TEST(FineTileMatcher, TheDetailOneTileAddsToAnotherIsToldWhereItLies) {
  auto tileset = PaintedTileset(VisionCatalog());
  const int inn = VisionCatalog().find("IC-01"), road = VisionCatalog().find("U");
  const double pitch = 54;
  for (int shown : {inn, road}) {
    const TileReference* art = ArtOf(tileset, shown);
    ASSERT_NE(art, nullptr);
    FineTileMatcher fine(tileset, pitch);
    cv::Rect cell;
    cv::Mat board = BoardWithOneTile(*art, pitch, cell);
    cv::GaussianBlur(board, board, {0, 0}, 1.0);
    const FineTileMatcher::Place place = fine.Locate(board, cell, road, 0);
    const auto added = fine.WhereSecondAddsDetail(place, road, 0, inn, 0, {});
    ASSERT_TRUE(added.has_value());
    if (shown == inn)
      EXPECT_LT(added->misfit_with, 0.5 * added->misfit_without) << "an inn shown";
    else
      EXPECT_GT(added->misfit_with, 2 * added->misfit_without) << "a plain road shown";
    EXPECT_FALSE(fine.WhereSecondAddsDetail(place, inn, 0, road, 0, {}).has_value());
  }
}

// Where the rest of a tile leaves its place loose (a road's length), it may be found a few pixels
// off; a print may also draw a hut a little off the reference's place. A hut drawn 3 pixels right
// and 1 down of the reference's place by a plain road (BEG-01 against U) is told as clearly as in
// place (compared where it lies it fitted only half as well as the plain road: 0.54 of its
// misfit), and the plain road's picture still fits the road far better.
TEST(FineTileMatcher, ASmallDetailAFewPixelsOffItsPlaceIsStillTold) {
  auto tileset = PaintedTileset(VisionCatalog());
  const int hut = VisionCatalog().find("BEG-01"), road = VisionCatalog().find("U");
  const double pitch = 63;
  const TileReference *hut_art = ArtOf(tileset, hut), *road_art = ArtOf(tileset, road);
  ASSERT_NE(hut_art, nullptr);
  ASSERT_NE(road_art, nullptr);
  cv::Rect cell;
  const cv::Mat with_hut = BoardWithOneTile(*hut_art, pitch, cell);
  const cv::Mat plain = BoardWithOneTile(*road_art, pitch, cell);
  cv::Mat differs, hut_moved = plain.clone();
  cv::transform(cv::abs(with_hut - plain) + cv::abs(plain - with_hut), differs,
                cv::Matx13f(1, 1, 1));
  differs = differs > 40;
  ASSERT_GT(cv::countNonZero(differs), 6) << "the hut is drawn";
  const cv::Mat shift = (cv::Mat_<double>(2, 3) << 1, 0, 3, 0, 1, 1);
  cv::Mat moved_hut, moved_mask;
  cv::warpAffine(with_hut, moved_hut, shift, with_hut.size());
  cv::warpAffine(differs, moved_mask, shift, differs.size());
  moved_hut.copyTo(hut_moved, moved_mask);
  for (const cv::Mat& shown : {hut_moved, plain}) {
    FineTileMatcher fine(tileset, pitch);
    cv::Mat board;
    cv::GaussianBlur(shown, board, {0, 0}, 1.0);
    const auto added =
        fine.WhereSecondAddsDetail(fine.Locate(board, cell, road, 0), road, 0, hut, 0, {});
    ASSERT_TRUE(added.has_value());
    if (shown.data == hut_moved.data)
      EXPECT_LT(added->misfit_with, 0.25 * added->misfit_without) << "a hut shown";
    else
      EXPECT_GT(added->misfit_with, 4 * added->misfit_without) << "a plain road shown";
  }
}

// A large blue token on the far side of the road from a hut (BEG-01 against U): standardised over
// the whole window, the picture's grass reads far from the art's, so the hut was compared with a
// skewed picture. Matched to each art on what no piece hides, the hut shown fits the hut's art
// clearly better, and a plain road shown fits the plain road's.
TEST(FineTileMatcher, ALargePieceBesideADetailDoesNotSkewHowItIsTold) {
  auto tileset = PaintedTileset(VisionCatalog());
  const int hut = VisionCatalog().find("BEG-01"), road = VisionCatalog().find("U");
  const double pitch = 54;
  for (int shown : {hut, road}) {
    const TileReference* art = ArtOf(tileset, shown);
    ASSERT_NE(art, nullptr);
    FineTileMatcher fine(tileset, pitch);
    cv::Rect cell;
    cv::Mat board = BoardWithOneTile(*art, pitch, cell);
    const cv::Point token_at(cell.x + cell.width * 3 / 10, cell.y + cell.height * 4 / 5);
    const int radius = static_cast<int>(pitch * 0.2);
    cv::circle(board, token_at, radius, cv::Scalar(200, 60, 20), cv::FILLED);
    cv::GaussianBlur(board, board, {0, 0}, 1.0);
    cv::Mat token(cell.size(), CV_8U, cv::Scalar(0));
    cv::circle(token, token_at - cell.tl(), radius + 2, cv::Scalar(255), cv::FILLED);
    const FineTileMatcher::Place place = fine.Locate(board, cell, road, 0);
    const auto added = fine.WhereSecondAddsDetail(place, road, 0, hut, 0, fine.TemplateMask(token));
    ASSERT_TRUE(added.has_value());
    if (shown == hut)
      EXPECT_LT(added->misfit_with, 0.5 * added->misfit_without) << "a hut shown";
    else
      EXPECT_GT(added->misfit_with, 2 * added->misfit_without) << "a plain road shown";
  }
}

}  // namespace
}  // namespace cf::testing
