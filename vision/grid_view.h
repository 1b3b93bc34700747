#pragma once
// The tile grid of a straightened view of the table: the view turned square to the grid, where
// tiles may be, and the tile borders' period and phase.

#include <opencv2/core.hpp>
#include <vector>

#include "calibration/color_model.h"
#include "vision/tileset.h"
#include "vision/top_view.h"

namespace cf {

// A square more than this share of the table's colour is not worth reading.
constexpr double kMostTableOnTiles = 0.5;

// The tile grid of a top view under one guess of the table's colour: the view turned square to
// the grid, where tiles may be, and the tile borders' period and phase.
struct GridView {
  double angle = 0;
  cv::Mat A, Ainv;  // top view to grid-aligned view, and back
  cv::Mat aligned, aligned_grey;
  cv::Mat valid;       // aligned pixels the picture reaches
  cv::Mat tiles_mask;  // aligned pixels unlike the table: only there do grid lines count
  std::vector<double> cols, rows;  // edge profiles
  double period = 0, phx = 0, phy = 0;
  double likeness = 0;  // how much its cells look like tiles (TileLikeness)

  double TableFraction(const cv::Rect& r) const {
    return 1.0 - cv::countNonZero(tiles_mask(r)) / static_cast<double>(r.area());
  }
  // Whether `r` lies whole in the view, all but 2% of it seen.
  bool InView(const cv::Rect& r) const {
    return r.x >= 0 && r.y >= 0 && r.br().x <= aligned.cols && r.br().y <= aligned.rows &&
           cv::countNonZero(valid(r)) >= r.area() * 0.98;
  }
  // Whether `r` lies whole in the view and is mostly not table: worth reading.
  bool OnTiles(const cv::Rect& r) const {
    return InView(r) && TableFraction(r) <= kMostTableOnTiles;
  }
  // Cell (c, r) of the grid of period p and phase (px, py).
  static cv::Rect Square(double p, double px, double py, int c, int r) {
    return {static_cast<int>(px + c * p), static_cast<int>(py + r * p), static_cast<int>(p),
            static_cast<int>(p)};
  }
  // A cell's inside: its square with a 4% rim left out (neighbours' edges blur into the rim).
  static cv::Rect Inside(const cv::Rect& square) {
    const int inset = static_cast<int>(square.width * 0.04);
    return {square.x + inset, square.y + inset, square.width - 2 * inset,
            square.height - 2 * inset};
  }
  // The whole cells of that grid, row by row, whose inside is on tiles.
  std::vector<cv::Point> CellsOnTiles(double p, double px, double py) const {
    std::vector<cv::Point> on;
    for (int r = 0; py + (r + 1) * p <= aligned.rows; ++r)
      for (int c = 0; px + (c + 1) * p <= aligned.cols; ++c)
        if (OnTiles(Inside(Square(p, px, py, c, r)))) on.push_back({c, r});
    return on;
  }
  // The median best match of a dozen cells on tiles of the grid (period p, phase px, py).
  double TileLikeness(const std::vector<TileReference>& tileset, double p, double px,
                      double py) const;
  // The best match of any cell on tiles of that grid (of those meeting `within`, when given): a
  // board of a tile or two beside hands or a box shows its phase there, not in the median.
  double BestTileLikeness(const std::vector<TileReference>& tileset, double p, double px, double py,
                          const cv::Rect& within = {}) const;
  // Takes the phase half a tile off either way or both when its cells look clearly more like
  // tiles than those of the phase found (likeness set).
  void TryHalfTileOff(const std::vector<TileReference>& tileset);

 private:
  // The best matches of the cells on tiles of that grid (meeting `within`, when given): of about
  // `most_cells` spread over them, or of all when there are no more.
  std::vector<double> CellLikenesses(const std::vector<TileReference>& tileset, double p, double px,
                                     double py, size_t most_cells,
                                     const cv::Rect& within = {}) const;
};

// The grid of `top` (`grey` and `half_lab` its grey and half-size Lab pictures) under one guess of
// the table's colour; with `calibrated`, kept square to the calibrated table's frame when nearly
// so. With `few_tiles` (a metric view) the whole view's grid and one square to each part of the
// view unlike the table no larger than a small board (SmallBoardParts) are tried, and the grid
// whose best cell matches its art best is taken: an arm or a box beside a tile or two has longer
// straight edges than they.
GridView FindGrid(const TopView& top, const cv::Mat& grey, const cv::Mat& half_lab,
                  const ColorStats& table, bool calibrated,
                  const std::vector<TileReference>& tileset, bool few_tiles = false);

// The parts of `mask` (a metric view's pixels unlike the table, `ppmm` pixels a millimetre) that
// could be a board of a few tiles, largest first, at most kMostSmallBoardParts: at least
// kLeastSmallBoardTiles of a tile's area, and no side of their smallest enclosing rectangle longer
// than kLongestSmallBoardTiles tiles.
inline constexpr double kLeastSmallBoardTiles = 0.4, kLongestSmallBoardTiles = 4.5;
inline constexpr size_t kMostSmallBoardParts = 4;
std::vector<cv::Mat> SmallBoardParts(const cv::Mat& mask, double ppmm);

}  // namespace cf
