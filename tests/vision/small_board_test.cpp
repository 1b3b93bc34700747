// Boards of one to three tiles, the start of a game, read with a calibration and without one; an
// empty table, or one with arms over it, is still no board.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "tests/vision/vision_test_support.h"
#include "vision/analyze.h"

namespace cf::testing {
namespace {

// The tile of `truth` within 10 mm of `read`, if any.
const SceneTile* LaidAt(const Scene& truth, const SceneTile& read) {
  for (const SceneTile& t : truth.tiles)
    if (std::hypot(t.center_mm[0] - read.center_mm[0], t.center_mm[1] - read.center_mm[1]) < 10)
      return &t;
  return nullptr;
}

// Of the boards of `tiles` tiles rendered for seeds `first`..`first + count - 1` (seeds the few
// tiles' reading was not written against), how many are read whole and right; every tile read
// lies where one was laid.
int ReadRight(uint64_t first, int count, int tiles) {
  int right = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    const RenderedScene s = SmallBoard(seed, tiles);
    auto r = ReadWithItsCamera(s.image, s.look);
    if (!r) continue;
    int tiles_right = 0;
    for (const SceneTile& t : r->tiles) {
      const SceneTile* laid = LaidAt(s.truth, t);
      EXPECT_NE(laid, nullptr) << "seed " << seed << ": " << t.id << " read where none lies";
      tiles_right += laid && laid->id == t.id && laid->rotation == t.rotation;
    }
    right += tiles_right == tiles && r->tiles.size() == s.truth.tiles.size();
  }
  return right;
}

TEST(SmallBoard, TheStartTileAloneIsRead) { EXPECT_GE(ReadRight(51200, 8, 1), 7); }

TEST(SmallBoard, TheFirstTurnsAreRead) {
  EXPECT_GE(ReadRight(51300, 6, 2), 5);
  EXPECT_GE(ReadRight(51400, 6, 3), 5);
}

// Whether `read`, in its own frame (an uncalibrated reading's: the grid's axes, a tile's cell as
// the origin), lays the tiles of `truth` as they lie: the same ids, cells and turns under one
// quarter turn and shift of the frame.
bool SameBoardInItsOwnFrame(const Scene& read, const Scene& truth) {
  if (read.tiles.size() != truth.tiles.size() || read.tiles.empty()) return false;
  auto turned = [](Cell c, int q) {
    for (int i = 0; i < q; ++i) c = {-c.y, c.x};
    return c;
  };
  for (int q = 0; q < 4; ++q)
    for (int sign : {1, -1})
      for (const SceneTile& anchor : truth.tiles) {
        const Cell first = turned(read.tiles[0].at, q);
        const Cell shift{anchor.at.x - first.x, anchor.at.y - first.y};
        auto laid = [&](const SceneTile& r) {
          const Cell c = turned(r.at, q);
          return std::any_of(truth.tiles.begin(), truth.tiles.end(), [&](const SceneTile& t) {
            return t.at.x == c.x + shift.x && t.at.y == c.y + shift.y && t.id == r.id &&
                   t.rotation == (r.rotation + sign * 90 * q + 720) % 360;
          });
        };
        if (std::all_of(read.tiles.begin(), read.tiles.end(), laid)) return true;
      }
  return false;
}

// Without a calibration the plane comes from the tile edges; three tiles fill most of the view
// they frame, and their period lies beyond a third of it, where it had not been looked for; where
// the periods still leave the tiles stretched, the board's outline squares them. Of bench
// vision's boards of three tiles 55000-55019 (those the changes were written on), one had been
// read whole and right, eight with the periods looked for further, ten with the outline too, and
// thirteen since a row of three is also squared by its corners (SmallBoardOutlines).
TEST(SmallBoard, ABoardOfThreeIsReadWithoutACalibration) {
  int right = 0;
  for (uint64_t seed = 55000; seed < 55020; ++seed) {
    const RenderedScene s = SmallBoard(seed, 3);
    auto r = ReadWithoutCalibration(s.image);
    right += r && SameBoardInItsOwnFrame(*r, s.truth);
  }
  EXPECT_GE(right, 12) << right << " of 20 read whole and right";
}

// How many of the boards of `tiles` tiles rendered for seeds `first`..`first + count - 1`, read
// without a calibration, are read whole and right, each read from its outline.
int ReadRightByOutline(uint64_t first, int count, int tiles) {
  int right = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    const RenderedScene s = SmallBoard(seed, tiles);
    auto r = ReadWithoutCalibration(s.image);
    if (!r || !SameBoardInItsOwnFrame(*r, s.truth)) continue;
    ++right;
    EXPECT_EQ(r->grid.find("plane")->as_string(), "from the board's outline") << seed;
  }
  return right;
}

// A board of one or two tiles has too few edges to show the plane without a calibration, and was
// refused; its outline, four corners of a row of tiles, squares it (bench vision --uncalibrated
// --tokens 0, the outline's tuning scenes: of 91000-91019 none read before and 17 now, 7 of the
// first 10; of 91100-91119 none and 17, all of the first 10).
TEST(SmallBoard, TheStartTileAloneIsReadWithoutACalibration) {
  EXPECT_GE(ReadRightByOutline(91000, 10, 1), 6);
}

TEST(SmallBoard, TwoTilesAreReadWithoutACalibration) {
  EXPECT_GE(ReadRightByOutline(91100, 10, 2), 9);
}

// A row of four tiles was squeezed into the views of rows of one to three its outline made, and
// refused (bench vision --uncalibrated --tiles 4 --tokens 0, seed 97105); rows of up to five are
// offered now.
TEST(SmallBoard, ARowOfFourTilesIsReadWithoutACalibration) {
  const RenderedScene s = SmallBoard(97105, 4);
  auto r = ReadWithoutCalibration(s.image);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(SameBoardInItsOwnFrame(*r, s.truth)) << r->tiles.size() << " tiles";
}

// A block of two by two fills its outline's quadrilateral as a row does, and was offered only as
// one tile, and refused (bench vision --uncalibrated --tiles 4 --tokens 0, seed 97131); it is
// offered as a block now, its reading guarded against a single tile read so (no tile under 0.5).
TEST(SmallBoard, ABlockOfFourTilesIsReadWithoutACalibration) {
  const RenderedScene s = SmallBoard(97131, 4);
  auto r = ReadWithoutCalibration(s.image);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(SameBoardInItsOwnFrame(*r, s.truth)) << r->tiles.size() << " tiles";
}

// Read from its tile edges, a small board may be read unsurely at a grid finer than its tiles' or
// stretched: 89030's three tiles as four (0.51 on the mean), 91118's two as six (0.53). Their
// outlines read them surely, and whole and right.
TEST(SmallBoard, AnUnsureReadingOfASmallBoardGivesWayToItsOutlines) {
  for (auto [seed, tiles] : {std::pair{89030, 3}, {91118, 2}}) {
    const RenderedScene s = SmallBoard(seed, tiles);
    auto r = ReadWithoutCalibration(s.image);
    ASSERT_TRUE(r) << seed << ": " << r.error().message;
    EXPECT_TRUE(SameBoardInItsOwnFrame(*r, s.truth)) << seed << ": " << r->tiles.size() << " tiles";
    EXPECT_EQ(r->grid.find("plane")->as_string(), "from the board's outline") << seed;
  }
}

// Without a calibration the tiles alone show the table. A grid found in a glare or in wood grain
// was read as a board its cells matched at 0.3-0.8 (bench vision --uncalibrated --tiles 0: 57239,
// 57260, 57283 and 95410 as 8, 56, 10 and 7 tiles; 95443, with no tile edges, as 40): too few of
// its tiles are read surely, and it is no board.
TEST(SmallBoard, ATableWhoseGrainMakesAGridIsNoBoardWithoutACalibration) {
  for (uint64_t seed : {57239, 57260, 57283, 95410, 95443}) {
    SceneRecipe recipe = BenchRecipe(seed);
    recipe.tiles = 0;
    const RenderedScene s = RenderRecipe(VisionCatalog(), recipe);
    auto r = ReadWithoutCalibration(s.image);
    ASSERT_FALSE(r.ok()) << "seed " << seed << ": a board of " << r->tiles.size() << " tiles";
    EXPECT_EQ(r.error().message.rfind("no board in view", 0), 0u) << r.error().message;
  }
}

// A board of few tiles read from its edges at a grid finer than its tiles', the table about it
// read as tiles too: 91002's one tile as 18, none right; 87209's five as 19 and 87226's as 13, one
// right; 87217's five as three, one right. Those readings hold too few sure tiles (of three, none
// at 0.8; of more, fewer than two at 0.7); given up, the boards are read by the table's other guess
// or by their outline, no tile where none lies, and the first and last whole and right.
TEST(SmallBoard, ABoardReadWithoutSureTilesGivesWayToTheTilesThatLie) {
  for (auto [seed, tiles] : {std::pair{91002, 1}, {87209, 5}, {87226, 5}, {87217, 5}}) {
    const RenderedScene s = SmallBoard(seed, tiles);
    auto r = ReadWithoutCalibration(s.image);
    ASSERT_TRUE(r) << seed << ": " << r.error().message;
    EXPECT_EQ(r->tiles.size(), static_cast<size_t>(tiles)) << seed;
    if (seed == 91002 || seed == 87217) EXPECT_TRUE(SameBoardInItsOwnFrame(*r, s.truth)) << seed;
  }
}

// Read without a calibration, where a hand or an arm might pass for a board's outline.
TEST(SmallBoard, ATableWithArmsAndNoTilesIsNoBoardWithoutACalibration) {
  for (uint64_t seed : {3, 4, 5, 6}) {
    auto [table, look] = EmptyTable(seed);
    look.hands = 2;
    const cv::Mat image = RenderTable(VisionCatalog(), table, look);
    auto r = ReadWithoutCalibration(image);
    ASSERT_FALSE(r.ok()) << "seed " << seed << ": a board of " << r->tiles.size() << " tiles";
    EXPECT_EQ(r.error().message.rfind("no board in view", 0), 0u) << r.error().message;
  }
}

// A glare beside the start tile (bench vision --seed 55083 --tiles 1 --tokens 0): five cells of it
// match art at 0.43-0.48 and joined the tile into a board of eight, judged by its share of good
// matches; with the glare's cells dropped as bare table, the tile alone is read.
TEST(SmallBoard, AGlareBesideTheStartTileIsNoTile) {
  const RenderedScene s = SmallBoard(55083, 1);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_EQ(r->tiles.size(), 1u);
  EXPECT_EQ(r->tiles[0].id, s.truth.tiles[0].id);
  EXPECT_EQ(r->tiles[0].rotation, s.truth.tiles[0].rotation);
}

// The reading of few tiles looks harder for a board than the first reading: a table with no tiles
// and arms over it gives it parts as large as a tile or two, and the table's grain to match art.
TEST(SmallBoard, ATableWithArmsAndNoTilesIsNoBoard) {
  for (uint64_t seed : {3, 4, 5, 6}) {
    auto [table, look] = EmptyTable(seed);
    look.hands = 2;
    const cv::Mat image = RenderTable(VisionCatalog(), table, look);
    auto r = ReadWithItsCamera(image, look);
    ASSERT_FALSE(r.ok()) << "seed " << seed << ": a board of " << r->tiles.size() << " tiles";
    EXPECT_EQ(r.error().message.rfind("no board in view", 0), 0u) << r.error().message;
  }
}

}  // namespace
}  // namespace cf::testing
