#pragma once
// Where the tiles, followers and tokens of a game physically lie on the table, with the small
// misalignments of real hands: the ground truth a rendered image is made from.

#include <random>

#include "engine/game_state.h"
#include "vision/scene.h"

namespace cf {

struct LayoutOptions {
  double jitter_mm = 1.5;   // largest shift of a tile from its grid position
  double jitter_deg = 3.0;  // largest turn of a tile away from its rotation
  uint64_t seed = 0;        // the same seed gives every tile index the same misalignment
};

// The board and followers of `game` as they would lie on the table.
Scene LayoutTable(const GameState& game, const LayoutOptions& options);

// Where a canonical tile-unit point of a placed tile lies on the table.
void TilePointToTable(const SceneTile& tile, Vec2 canonical, double out_mm[2]);
// The canonical tile-unit point under a table position, for the tile's true pose.
Vec2 TableToTilePoint(const SceneTile& tile, const double mm[2]);

// Adds `count` tokens: some on tiles, some off the board, some touching followers.
void ScatterTokens(Scene& scene, int count, std::mt19937_64& rng);
// Whether a token of `kind` at `center` rests on at least one tile.
bool TokenOnBoard(const Scene& scene, TokenKind kind, const double center[2], double angle_deg);

// A meeple's outline in mm, feet on y = 0 between x = -8 and 8, head up to y = 16.
const std::vector<cv::Point2d>& MeepleOutline();
// The outline of a meeple lying on its back, moved so that its area's centroid is the origin: the
// centre of what touches the table, which a scene's `center_mm` names.
const std::vector<cv::Point2d>& LyingMeepleOutline();

// The footprint of a follower on the table as a polygon in mm (standing: the base of its feet;
// lying: the whole figure), and of a token.
std::vector<cv::Point2d> FollowerFootprint(const SceneFollower& f);
std::vector<cv::Point2d> TokenFootprint(const SceneToken& t);
// The smallest gap between two footprints on the table, 0 when they touch or overlap.
double FootprintGap(const std::vector<cv::Point2d>& a, const std::vector<cv::Point2d>& b);

}  // namespace cf
