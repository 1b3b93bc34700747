// The board: edge matching, joined structures, completion, and undo of placements.

#include "engine/board.h"

#include <gtest/gtest.h>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

TEST(Board, RotationTurnsEdgesClockwise) {
  Board b(&Catalog(), 10);
  int d = Catalog().find("D"), e = Catalog().find("E");
  b.Place(d, {{0, 0}, 0});
  EXPECT_TRUE(b.Fits(e, {{0, -1}, 2})) << "city turned to face south onto the start city";
  EXPECT_FALSE(b.Fits(e, {{0, -1}, 0}));
  EXPECT_FALSE(b.Fits(e, {{0, 0}, 0})) << "occupied";
  EXPECT_FALSE(b.Fits(e, {{1, 1}, 0})) << "diagonal only";
  EXPECT_FALSE(b.Fits(e, {{3, 0}, 0})) << "not touching";
}

TEST(Board, JoinsStructuresAndTracksOpenEdges) {
  Board b(&Catalog(), 10);
  int d = Catalog().find("D"), e = Catalog().find("E");
  b.Place(d, {{0, 0}, 0});
  int city = b.node(0, 0);
  EXPECT_FALSE(b.complete(b.find(city)));
  b.Place(e, {{0, -1}, 2});
  EXPECT_EQ(b.find(city), b.find(b.node(1, 0)));
  EXPECT_TRUE(b.complete(b.find(city)));
  EXPECT_EQ(b.distinct_tiles(b.find(city)), 2);
  EXPECT_EQ(b.members(b.find(city)).size(), 2u);
}

TEST(Board, UndoRestoresStructuresAndFrontier) {
  Board b(&Catalog(), 10);
  int d = Catalog().find("D"), e = Catalog().find("E"), u = Catalog().find("U");
  b.Place(d, {{0, 0}, 0});
  auto frontier = b.frontier();
  b.Place(e, {{0, -1}, 2});
  b.Place(u, {{1, 0}, 0});
  b.UndoPlace();
  b.UndoPlace();
  EXPECT_EQ(b.tile_count(), 1);
  EXPECT_EQ(b.frontier(), frontier);
  EXPECT_FALSE(b.complete(b.find(b.node(0, 0))));
  EXPECT_EQ(b.tile_at({0, -1}), -1);
  EXPECT_EQ(b.members(b.find(b.node(0, 1))).size(), 1u);
}

}  // namespace
}  // namespace cf::testing
