// Tile sheets: tiles laid apart on paper are found where they lie, and each is read on its own.

#include "vision/tile_sheet.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <random>

#include "tests/vision/vision_test_support.h"
#include "vision/tile_painter.h"

namespace cf::testing {
namespace {

struct LaidTile {
  std::string id;
  int quarter;
  cv::Point2f centre;
  float turn_deg;  // clockwise
};

const cv::Scalar kPaper(236, 240, 242);

// Paper (or a table of another colour) with a little grain, the tiles painted onto it at `side`
// pixels.
cv::Mat LaySheet(const std::vector<LaidTile>& tiles, cv::Size size, int side,
                 cv::Scalar under = kPaper) {
  cv::Mat sheet(size, CV_8UC3, under);
  cv::Mat grain(size, CV_8UC3);
  cv::randn(grain, cv::Scalar::all(0), cv::Scalar::all(4));
  sheet += grain;
  for (const LaidTile& t : tiles) {
    const TileCatalog& cat = VisionCatalog();
    cv::Mat art = TurnedArt(PaintTile(cat.type(cat.find(t.id)), side), t.quarter);
    const cv::Point2f middle((side - 1) / 2.0f, (side - 1) / 2.0f);
    cv::Mat place = cv::getRotationMatrix2D(middle, -t.turn_deg, 1.0);
    place.at<double>(0, 2) += t.centre.x - middle.x;
    place.at<double>(1, 2) += t.centre.y - middle.y;
    cv::Mat laid, where;
    cv::warpAffine(art, laid, place, size);
    cv::warpAffine(cv::Mat(art.size(), CV_8U, cv::Scalar(255)), where, place, size);
    laid.copyTo(sheet, where > 128);
  }
  return sheet;
}

const std::vector<std::pair<std::string, int>> kTwelve = {{"A", 1}, {"D", 2}, {"E", 3}, {"H", 0},
                                                          {"I", 1}, {"K", 2}, {"L", 3}, {"N", 0},
                                                          {"P", 1}, {"R", 2}, {"V", 3}, {"W", 0}};

// `n` of kTwelve from `first` on, laid by hand `cols` to a row, `pitch` apart from `corner`, each
// off its place by up to `most_off` pixels and off square by up to `most_turn` degrees.
std::vector<LaidTile> LayByHand(size_t first, size_t n, size_t cols, int side, int pitch,
                                cv::Point2f corner, float most_off, float most_turn,
                                unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> off(-most_off, most_off), turn(-most_turn, most_turn);
  std::vector<LaidTile> laid;
  for (size_t i = 0; i < n; ++i) {
    const float x = corner.x + side / 2 + (i % cols) * pitch + off(rng);
    const float y = corner.y + side / 2 + (i / cols) * pitch + off(rng);
    laid.push_back({kTwelve[first + i].first, kTwelve[first + i].second, {x, y}, turn(rng)});
  }
  return laid;
}

// Each tile of `laid` found on `sheet` (`cols` x `rows`) within `within_px` of where it lies, its
// side and turn as laid, and read as the tile it is, turned as it is.
void ExpectFoundWhereLaidAndReadRight(const cv::Mat& sheet, const std::vector<LaidTile>& laid,
                                      int cols, int rows, int side, double within_px) {
  auto found = FindSheetTiles(sheet, cols, rows);
  ASSERT_TRUE(found) << found.error().message;
  ASSERT_EQ(found->size(), laid.size());
  const auto tileset = PaintedTileset(VisionCatalog());
  FineTileMatcher fine(tileset, 72);
  const TileCatalog& cat = VisionCatalog();
  for (size_t i = 0; i < laid.size(); ++i) {
    const cv::RotatedRect& f = (*found)[i];
    EXPECT_LT(cv::norm(f.center - laid[i].centre), within_px) << laid[i].id;
    EXPECT_NEAR(f.size.width, side, 3) << laid[i].id;
    EXPECT_NEAR(f.angle, laid[i].turn_deg, 0.8) << laid[i].id;
    const auto read = ReadLoneTile(sheet, f, tileset, fine, 72);
    ASSERT_FALSE(read.empty());
    const int truth = cat.find(laid[i].id);
    EXPECT_TRUE(SameFace(cat.type(read[0].type), read[0].quarter, cat.type(truth), laid[i].quarter))
        << laid[i].id << "/" << laid[i].quarter << " read as " << cat.type(read[0].type).id << "/"
        << read[0].quarter;
  }
}

// Twelve tiles laid by hand on a sheet, three by four, each a little off its place and off
// square: each is found where it lies and read as the tile it is, turned as it is.
TEST(TileSheet, TilesLaidApartAreFoundWhereTheyLieAndReadRight) {
  const int side = 200;
  const auto laid = LayByHand(0, 12, 3, side, 236, {70, 50}, 6, 2.5f, 7);
  ExpectFoundWhereLaidAndReadRight(LaySheet(laid, {850, 1050}, side), laid, 3, 4, side, 2.0);
}

// Tiles laid on a dark wooden table rather than paper, its light falling off to one side: found
// where they lie and read right all the same.
TEST(TileSheet, TilesLaidOnATableAreFoundWhereTheyLie) {
  const int side = 150;
  const auto laid = LayByHand(6, 6, 3, side, 190, {60, 50}, 5, 2, 11);
  cv::Mat sheet = LaySheet(laid, {720, 480}, side, cv::Scalar(40, 62, 92));
  for (int x = 0; x < sheet.cols; ++x) {  // a tenth darker at the right
    cv::Mat column = sheet.col(x);
    column.convertTo(column, -1, 1.0 - 0.1 * x / sheet.cols);
  }
  ExpectFoundWhereLaidAndReadRight(sheet, laid, 3, 2, side, 2.5);
}

// A tile laid turned a little is cut out straight: its art, as painted, to within the blur of
// turning it twice (1.5-1.8 levels; 6-10 turned the wrong way); on a sheet cut to its tiles, the
// very pixels.
TEST(TileSheet, ATileIsCutOutStraight) {
  const int side = 160;
  const std::vector<LaidTile> laid = {{"K", 1, {130.3f, 140.6f}, 2.2f},
                                      {"E", 0, {400, 140}, -1.7f}};
  const cv::Mat sheet = LaySheet(laid, {540, 290}, side);
  auto found = FindSheetTiles(sheet, 2, 1);
  ASSERT_TRUE(found) << found.error().message;
  const TileCatalog& cat = VisionCatalog();
  for (size_t i = 0; i < laid.size(); ++i) {
    const cv::Mat art = TurnedArt(PaintTile(cat.type(cat.find(laid[i].id)), side), laid[i].quarter);
    const cv::Mat cut = CutOutTile(sheet, (*found)[i]);
    ASSERT_NEAR(cut.cols, side, 2);
    cv::Mat sized, difference;
    cv::resize(cut, sized, art.size(), 0, 0, cv::INTER_AREA);
    cv::absdiff(sized, art, difference);
    const cv::Rect inner(8, 8, side - 16, side - 16);  // the rim takes in paper
    EXPECT_LT(cv::mean(difference(inner))[0], 4) << laid[i].id;
  }
  cv::Mat edge_to_edge;
  cv::hconcat(PaintTile(cat.type(cat.find("D")), 100), PaintTile(cat.type(cat.find("L")), 100),
              edge_to_edge);
  auto halves = FindSheetTiles(edge_to_edge, 2, 1);
  ASSERT_TRUE(halves) << halves.error().message;
  const cv::Mat right = CutOutTile(edge_to_edge, (*halves)[1]);
  ASSERT_EQ(right.size(), cv::Size(100, 100));
  EXPECT_EQ(cv::norm(right, edge_to_edge(cv::Rect(100, 0, 100, 100)), cv::NORM_INF), 0);
}

// A sheet cut to its tiles, no paper between them: split evenly.
TEST(TileSheet, ASheetCutToItsTilesIsSplitEvenly) {
  const int side = 120;
  std::vector<LaidTile> laid;
  for (int i = 0; i < 4; ++i)
    laid.push_back(
        {kTwelve[i].first, kTwelve[i].second,
         cv::Point2f((side - 1) / 2.0f + (i % 2) * side, (side - 1) / 2.0f + (i / 2) * side), 0});
  auto found = FindSheetTiles(LaySheet(laid, {2 * side, 2 * side}, side), 2, 2);
  ASSERT_TRUE(found) << found.error().message;
  for (int i = 0; i < 4; ++i) {
    EXPECT_LT(cv::norm((*found)[i].center - laid[i].centre), 1.5) << i;
    EXPECT_NEAR((*found)[i].size.width, side, 2) << i;
  }
}

// Blank paper, or fewer tiles than asked for, is no sheet of tiles.
TEST(TileSheet, PaperWithoutTheTilesAskedForIsRefused) {
  const auto blank = FindSheetTiles(LaySheet({}, {600, 800}, 100), 3, 4);
  ASSERT_FALSE(blank);
  EXPECT_NE(blank.error().message.find("not there"), std::string::npos) << blank.error().message;
  const std::vector<LaidTile> two = {{"A", 0, {150, 150}, 0}, {"B", 0, {420, 150}, 0}};
  EXPECT_FALSE(FindSheetTiles(LaySheet(two, {600, 800}, 200), 2, 2));
}

}  // namespace
}  // namespace cf::testing
