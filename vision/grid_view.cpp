#include "vision/grid_view.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "vision/cell_reader.h"
#include "vision/fine_tile_matcher.h"
#include "vision/grid_finder.h"
#include "vision/median.h"
#include "vision/scene.h"

namespace cf {

namespace {

// Uncalibrated, a grid whose cells match their best tile this well (median) is not doubted; else
// a grid read another way (period or phase) is taken if its cells look this much more like tiles
// (so, too, a calibrated grid's phase when no board was found on it).
constexpr double kLooksLikeTiles = 0.6;
constexpr double kClearlyBetter = 1.2;
constexpr double kLikenessPitch = 64;

}  // namespace

double GridView::TileLikeness(const std::vector<TileReference>& tileset, double p, double px,
                              double py) const {
  std::vector<cv::Rect> squares;
  for (cv::Point c : CellsOnTiles(p, px, py)) squares.push_back(Square(p, px, py, c.x, c.y));
  if (squares.empty()) return 0.0;
  // Compared at no more than kLikenessPitch pixels a tile: which grid fits shows at that size.
  const double scale = std::min(1.0, kLikenessPitch / p);
  FineTileMatcher matcher(tileset, p * scale);
  std::vector<double> scores;
  const size_t step = std::max<size_t>(1, squares.size() / 12);
  for (size_t i = step / 2; i < squares.size(); i += step) {
    const cv::Rect& square = squares[i];
    const int margin = static_cast<int>(p * 0.15);
    cv::Rect around(square.x - margin, square.y - margin, square.width + 2 * margin,
                    square.height + 2 * margin);
    around &= cv::Rect(0, 0, aligned.cols, aligned.rows);
    cv::Mat patch;
    cv::resize(aligned(around), patch, {}, scale, scale, cv::INTER_AREA);
    cv::Rect cell(cvRound((square.x - around.x) * scale), cvRound((square.y - around.y) * scale),
                  cvRound(square.width * scale), cvRound(square.height * scale));
    scores.push_back(ReadCell(patch, cell, tileset, matcher)[0].score);
  }
  return Median(std::move(scores));
}

GridView FindGrid(const TopView& top, const cv::Mat& grey, const cv::Mat& half_lab,
                  const ColorStats& table, bool calibrated,
                  const std::vector<TileReference>& tileset) {
  GridView g;
  const cv::Mat not_table = NotTable(half_lab, grey.size(), table);
  cv::Mat tile_pixels;
  cv::erode(not_table, tile_pixels, cv::Mat(), cv::Point(-1, -1), 1);
  cv::bitwise_and(tile_pixels, top.valid, tile_pixels);
  g.angle = GridAngle(grey, tile_pixels);
  if (calibrated && std::abs(g.angle) < 1.5) g.angle = 0;  // keep the calibrated table's frame
  cv::Point2f centre(grey.cols / 2.0f, grey.rows / 2.0f);
  g.A = cv::getRotationMatrix2D(centre, g.angle, 1.0);
  cv::invertAffineTransform(g.A, g.Ainv);
  if (g.angle == 0) {  // already square to the grid
    g.aligned = top.image;
    g.valid = top.valid.clone();
    g.tiles_mask = not_table.clone();
  } else {
    cv::warpAffine(top.image, g.aligned, g.A, top.image.size(), cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT);
    cv::warpAffine(top.valid, g.valid, g.A, top.image.size(), cv::INTER_NEAREST,
                   cv::BORDER_CONSTANT);
    cv::warpAffine(not_table, g.tiles_mask, g.A, top.image.size(), cv::INTER_NEAREST,
                   cv::BORDER_CONSTANT);
  }
  cv::erode(g.valid, g.valid, cv::Mat(), cv::Point(-1, -1), 2);
  cv::cvtColor(g.aligned, g.aligned_grey, cv::COLOR_BGR2GRAY);
  cv::dilate(g.tiles_mask, g.tiles_mask, cv::Mat(), cv::Point(-1, -1), 2);
  cv::bitwise_and(g.tiles_mask, g.valid, g.tiles_mask);
  EdgeProfiles(g.aligned_grey, g.tiles_mask, g.cols, g.rows);
  if (top.metric) {
    g.period = kTilePitchMm * top.ppmm;
    g.phx = BestPhase(g.cols, g.period), g.phy = BestPhase(g.rows, g.period);
    return g;
  }
  // Edges repeat at a tile's width, at its multiples, and at its half (roads and walls cross
  // tiles midway): of these, the period is the one whose cells look most like tiles.
  const double found = BestPeriod(g.cols, g.rows);
  g.period = found, g.phx = BestPhase(g.cols, found), g.phy = BestPhase(g.rows, found);
  g.likeness = g.TileLikeness(tileset, g.period, g.phx, g.phy);
  if (g.likeness >= kLooksLikeTiles) return g;
  const double shortest = std::min(g.aligned.cols, g.aligned.rows);
  for (double p : {found / 2, found * 2}) {
    if (p < std::max(24.0, shortest / 40) || p > shortest / 2) continue;
    double px = BestPhase(g.cols, p), py = BestPhase(g.rows, p);
    double likeness = g.TileLikeness(tileset, p, px, py);
    if (likeness > g.likeness * kClearlyBetter)
      g.likeness = likeness, g.period = p, g.phx = px, g.phy = py;
  }
  // Long straight edges in the art can pull the comb half a tile off the borders.
  g.TryHalfTileOff(tileset);
  return g;
}

void GridView::TryHalfTileOff(const std::vector<TileReference>& tileset) {
  const double px0 = phx, py0 = phy;
  for (auto [sx, sy] : {std::pair{0.5, 0.0}, std::pair{0.0, 0.5}, std::pair{0.5, 0.5}}) {
    double px = std::fmod(px0 + sx * period, period);
    double py = std::fmod(py0 + sy * period, period);
    double l = TileLikeness(tileset, period, px, py);
    if (l > likeness * kClearlyBetter) likeness = l, phx = px, phy = py;
  }
}

}  // namespace cf
