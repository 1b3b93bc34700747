#pragma once
// Tiles photographed apart on a sheet of paper (a tile sheet, as the real tile sheets are): where
// each tile lies, and what each reads as on its own.

#include <opencv2/core.hpp>
#include <vector>

#include "engine/result.h"
#include "vision/cell_reader.h"
#include "vision/fine_tile_matcher.h"
#include "vision/tileset.h"

namespace cf {

// The squares of the tiles of a sheet laid out `cols` x `rows` on lighter paper, or on a table of
// one colour, row by row. What lies between them tells the rows and columns apart; a sheet cut to
// its tiles (nothing between) is split evenly. Fails when the sheet does not show that many tiles.
Result<std::vector<cv::RotatedRect>> FindSheetTiles(const cv::Mat& sheet, int cols, int rows);

// The tile lying at `where`, turned square and cut out at its own size (the very pixels when it
// lies square on them).
cv::Mat CutOutTile(const cv::Mat& image, const cv::RotatedRect& where);

// One tile lying alone at `where` in `image`, straightened and scaled into the middle cell of a
// board of `fine`'s pitch (what lies around it kept as it is), read as a board's cell is:
// candidates best first.
std::vector<Candidate> ReadLoneTile(const cv::Mat& image, const cv::RotatedRect& where,
                                    const std::vector<TileReference>& tileset,
                                    FineTileMatcher& fine, int pitch_px);

}  // namespace cf
