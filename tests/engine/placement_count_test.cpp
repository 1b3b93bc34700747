// Exact counts of legal placements at fixed positions (perft style), checked by hand and against a
// naive enumeration that shares no code with the board's frontier.

#include <gtest/gtest.h>

#include <random>

#include "engine/random_game.h"
#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

int Count(Scenario& s, const std::string& id) {
  return static_cast<int>(s.game().LegalPlacements(s.type(id)).size());
}

TEST(PlacementCount, AroundTheStartTile) {
  Scenario s;
  // D: city north, road west-east, field south.
  EXPECT_EQ(Count(s, "U"), 6) << "east and west turned 0/180, south turned 0/180";
  EXPECT_EQ(Count(s, "C"), 4) << "north only, any rotation";
  EXPECT_EQ(Count(s, "X"), 8) << "east and west, any rotation";
  EXPECT_EQ(Count(s, "B"), 4) << "south only";
  EXPECT_EQ(Count(s, "E"), 4) << "north turned 180, south turned 90/180/270";
  // Moves with follower choices: E north has city+field, E south city+field, each plus 'none'.
  EXPECT_EQ(s.game().LegalMoves(s.type("E")).size(), 12u);
}

TEST(PlacementCount, AfterTwoTiles) {
  Scenario s;
  s.Place("E", 0, -1, 180);
  s.Place("U", 1, 0, 0);
  // Cells: [0,-2] needs S=F; [-1,-1] E=F; [1,-1] W=F,S=F; [-1,0] E=R; [2,0] W=R; [0,1] N=F; [1,1]
  // N=F.
  EXPECT_EQ(Count(s, "B"), 4 * 5) << "every all-field cell, 4 rotations each";
  EXPECT_EQ(Count(s, "C"), 0);
  EXPECT_EQ(Count(s, "X"), 8);
}

// Brute force: every cell in the bounding box, every rotation, edges compared one by one.
int NaiveCount(const GameState& g, int type) {
  const Board& b = g.board();
  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (int i = 0; i < b.tile_count(); ++i) {
    Cell c = b.tile(i).at;
    minx = std::min(minx, c.x), maxx = std::max(maxx, c.x), miny = std::min(miny, c.y),
    maxy = std::max(maxy, c.y);
  }
  auto edge = [&](int t, int rot, int dir) { return Catalog().type(t).edges[(dir - rot + 4) % 4]; };
  int count = 0;
  for (int y = miny - 1; y <= maxy + 1; ++y)
    for (int x = minx - 1; x <= maxx + 1; ++x) {
      if (b.tile_at({x, y}) >= 0) continue;
      for (int r = 0; r < 4; ++r) {
        bool touching = false, ok = true;
        for (int d = 0; d < 4; ++d) {
          int n = b.tile_at({x + kDx[d], y + kDy[d]});
          if (n < 0) continue;
          touching = true;
          ok = ok && edge(type, r, d) == edge(b.tile(n).type, b.tile(n).rotation, (d + 2) % 4);
        }
        count += touching && ok;
      }
    }
  return count;
}

TEST(PlacementCount, AgreesWithBruteForceThroughRandomGames) {
  std::mt19937_64 rng(7);
  for (int game = 0; game < 20; ++game) {
    Scenario s(3, game % 2 ? std::vector<std::string>{"catapult", "fortune_teller", "beggars",
                                                      "inns_cathedrals"}
                           : std::vector<std::string>{});
    RandomGameOptions o;
    o.finish = false;
    int checked = 0;
    PlayRandomGame(s.game(), rng, o, [&](const GameState& g) {
      if (++checked % 5) return;
      for (int t = 0; t < Catalog().size(); ++t)
        ASSERT_EQ(static_cast<int>(g.LegalPlacements(t).size()), NaiveCount(g, t))
            << Catalog().type(t).id;
    });
  }
}

}  // namespace
}  // namespace cf::testing
