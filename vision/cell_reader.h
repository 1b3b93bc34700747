#pragma once
// Which tile lies in one cell of the rectified board, and the choice among look-alikes settled by
// the neighbours' edges and the catalog's tile counts.

#include <opencv2/core.hpp>
#include <vector>

#include "engine/tile_catalog.h"
#include "engine/tile_points.h"
#include "vision/fine_tile_matcher.h"
#include "vision/tileset.h"

namespace cf {

// One way a cell could be read: a tile type turned by quarter turns, and how well it matches.
struct Candidate {
  int type;
  int quarter;
  double score;
};

// A cell of the grid and its candidate readings, best first until Legalize chooses.
struct CellReading {
  int col, row;
  std::vector<Candidate> candidates;
  int chosen = 0;
  const Candidate& reading() const { return candidates[chosen]; }
};

// Compares the cell `cell` (one grid pitch square) of the grid-aligned `board` with every tile.
std::vector<Candidate> ReadCell(const cv::Mat& board, const cv::Rect& cell,
                                const std::vector<TileReference>& tileset, FineTileMatcher& fine);
// ReadCell's best score: how well the cell matches the tile it looks most like (which of the close
// readings that is, the costly part, is left unsettled).
double CellMatch(const cv::Mat& board, const cv::Rect& cell,
                 const std::vector<TileReference>& tileset, FineTileMatcher& fine);
// Reads a cell again with the pixels marked in `hidden` (CV_8U, the board's size: covered by
// pieces) left out (with `place_beside_hidden` the tile is also placed with them left out, and
// each choice compared where it fits better), comparing only the `choices` (type and quarter turns;
// their scores are ignored); none if there are no choices. The closest choices are compared once
// more, each leaving out only the hidden pixels that differ from its own art: a piece's mask often
// takes in art of a piece's colour (an inn's pond, a fair's rim), which tells the tile.
std::vector<Candidate> RereadCell(const cv::Mat& board, const cv::Rect& cell,
                                  const std::vector<TileReference>& tileset, FineTileMatcher& fine,
                                  const cv::Mat& hidden, std::vector<Candidate> choices,
                                  bool place_beside_hidden = true);

// The edge a reading shows in a direction (kDx/kDy order).
int EdgeOf(const TileCatalog& catalog, const Candidate& c, int direction);

// Whether `c`, read at (col, row), shows every neighbour the edge the neighbour shows back;
// `neighbour(col, row)` gives the reading there, or nullptr where there is none.
template <typename Neighbour>
bool FitsNeighbours(const TileCatalog& catalog, const Candidate& c, int col, int row,
                    Neighbour neighbour) {
  for (int d = 0; d < 4; ++d) {
    const Candidate* n = neighbour(col + kDx[d], row + kDy[d]);
    if (n && EdgeOf(catalog, c, d) != EdgeOf(catalog, *n, (d + 2) % 4)) return false;
  }
  return true;
}

// Picks per cell the candidate that best agrees with its neighbours' edges and the tile counts.
void Legalize(std::vector<CellReading>& cells, const TileCatalog& catalog);

// How sure a cell's chosen reading is, and the other face (another tile, or the same turned to
// look different) it may as well show. A reading whose art matches no better than another face's
// is a coin toss between them: its confidence is half its match score, rising to the whole score
// as it leads the best other face by kClearLead; that face is its alternative while it leads by
// less.
struct ReadingCertainty {
  double confidence = 0;
  double lead_weight = 1;  // the share of the match score kept: 1/2 for a coin toss, 1 when clear
  const Candidate* alternative = nullptr;
};
inline constexpr double kClearLead = 0.02;
ReadingCertainty Certainty(const CellReading& cell, const TileCatalog& catalog);

}  // namespace cf
