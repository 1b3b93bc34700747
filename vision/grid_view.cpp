#include "vision/grid_view.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <opencv2/imgproc.hpp>
#include <utility>

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
  std::vector<double> scores = CellLikenesses(tileset, p, px, py, 12);
  return scores.empty() ? 0.0 : Median(std::move(scores));
}

double GridView::BestTileLikeness(const std::vector<TileReference>& tileset, double p, double px,
                                  double py, const cv::Rect& within) const {
  std::vector<double> scores = CellLikenesses(tileset, p, px, py, SIZE_MAX, within);
  return scores.empty() ? 0.0 : *std::max_element(scores.begin(), scores.end());
}

std::vector<double> GridView::CellLikenesses(const std::vector<TileReference>& tileset, double p,
                                             double px, double py, size_t most_cells,
                                             const cv::Rect& within) const {
  std::vector<cv::Rect> squares;
  for (cv::Point c : CellsOnTiles(p, px, py)) {
    const cv::Rect square = Square(p, px, py, c.x, c.y);
    if (within.empty() || (square & within).area() > 0) squares.push_back(square);
  }
  if (squares.empty()) return {};
  // Compared at no more than kLikenessPitch pixels a tile: which grid fits shows at that size.
  const double scale = std::min(1.0, kLikenessPitch / p);
  FineTileMatcher matcher(tileset, p * scale);
  std::vector<double> scores;
  const size_t step = std::max<size_t>(1, squares.size() / most_cells);
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
    scores.push_back(CellMatch(patch, cell, tileset, matcher));
  }
  return scores;
}

std::vector<cv::Mat> SmallBoardParts(const cv::Mat& mask, double ppmm) {
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
  const double tile_px = kTilePitchMm * ppmm;
  std::vector<std::pair<int, int>> by_area;  // (area, label), largest first
  for (int i = 1; i < n; ++i) {
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    if (area >= kLeastSmallBoardTiles * tile_px * tile_px) by_area.emplace_back(area, i);
  }
  std::sort(by_area.rbegin(), by_area.rend());
  std::vector<cv::Mat> parts;
  for (const auto& [area, i] : by_area) {
    cv::Mat part = labels == i;
    std::vector<cv::Point> points;
    cv::findNonZero(part, points);
    const cv::Size2f sides = cv::minAreaRect(points).size;
    if (std::max(sides.width, sides.height) > kLongestSmallBoardTiles * tile_px) continue;
    parts.push_back(std::move(part));
    if (parts.size() == kMostSmallBoardParts) break;
  }
  return parts;
}

namespace {

// The view turned by `angle` (degrees) square to the grid, with its masks and the profiles of the
// edges in `edges_of` (by default all that is not table; `edges_box` gets where it lies, turned);
// the period and phase still to find.
GridView GridAtAngle(const TopView& top, const cv::Mat& grey, const cv::Mat& not_table,
                     double angle, const cv::Mat& edges_of = cv::Mat(),
                     cv::Rect* edges_box = nullptr) {
  GridView g;
  g.angle = angle;
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
  if (edges_of.empty()) {
    EdgeProfiles(g.aligned_grey, g.tiles_mask, g.cols, g.rows);
  } else {
    cv::Mat part;
    cv::warpAffine(edges_of, part, g.A, top.image.size(), cv::INTER_NEAREST, cv::BORDER_CONSTANT);
    if (edges_box) *edges_box = cv::boundingRect(part);
    cv::dilate(part, part, cv::Mat(), cv::Point(-1, -1), 3);
    EdgeProfiles(g.aligned_grey, part & g.valid, g.cols, g.rows);
  }
  return g;
}

}  // namespace

GridView FindGrid(const TopView& top, const cv::Mat& grey, const cv::Mat& half_lab,
                  const ColorStats& table, bool calibrated,
                  const std::vector<TileReference>& tileset, bool few_tiles) {
  const cv::Mat not_table = NotTable(half_lab, grey.size(), table);
  cv::Mat tile_pixels;
  cv::erode(not_table, tile_pixels, cv::Mat(), cv::Point(-1, -1), 1);
  cv::bitwise_and(tile_pixels, top.valid, tile_pixels);
  auto square_to = [&](double angle) {
    // Keep the calibrated table's frame when nearly square to it.
    return calibrated && std::abs(angle) < 1.5 ? 0.0 : angle;
  };
  GridView g = GridAtAngle(top, grey, not_table, square_to(GridAngle(grey, tile_pixels)));
  if (top.metric) {
    const double period = kTilePitchMm * top.ppmm;
    auto with_phase = [&](GridView v) {
      v.period = period;
      v.phx = BestPhase(v.cols, period), v.phy = BestPhase(v.rows, period);
      return v;
    };
    const GridView whole = with_phase(std::move(g));
    if (!few_tiles) return whole;
    // With few tiles, the whole view's grid or one square to a part's own edges, phased by those
    // edges (or half a tile off them: a road or a wall crosses a tile midway) or by the part's
    // sides (a token or a follower may stand out over one side, not over both): the grid whose
    // best cell matches its art best (a part's grid judged by the part's cells alone).
    GridView best = whole;
    best.likeness = -1;
    auto try_phases = [&](const GridView& g, const cv::Rect& box) {
      auto phase = [&](double side) { return std::fmod(side, period); };
      std::vector<double> xs{g.phx, phase(g.phx + period / 2)},
          ys{g.phy, phase(g.phy + period / 2)};
      if (!box.empty()) {
        xs.insert(xs.end(), {phase(box.x), phase(box.br().x)});
        ys.insert(ys.end(), {phase(box.y), phase(box.br().y)});
      }
      for (double px : xs)
        for (double py : ys) {
          const double likeness = g.BestTileLikeness(tileset, period, px, py, box);
          if (likeness <= best.likeness) continue;
          best = g;
          best.phx = px, best.phy = py, best.likeness = likeness;
        }
    };
    try_phases(whole, cv::Rect());
    for (const cv::Mat& part : SmallBoardParts(tile_pixels, top.ppmm)) {
      cv::Rect box;
      try_phases(with_phase(GridAtAngle(top, grey, not_table, square_to(GridAngle(grey, part)),
                                        part, &box)),
                 box);
    }
    return best;
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
