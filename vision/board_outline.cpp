#include "vision/board_outline.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <opencv2/imgproc.hpp>

#include "vision/scene.h"
#include "vision/table_reader.h"
#include "vision/top_view.h"

namespace cf {

namespace {

// A board of three tiles fills at most this share of the picture; a tile is at least this many
// pixels a side (under it its art cannot be told).
constexpr double kMostBoardShare = 0.15;
constexpr double kLeastTilePx = 32;
// The part unlike the table fills at least this share of its quadrilateral: pieces standing on
// the board bulge its outline, a hand or a box is no quadrilateral.
constexpr double kLeastFill = 0.85;
// Its hull is a quadrilateral: the area within the sides fitted to it within this factor of the
// hull's.
constexpr double kMostQuadOffHull = 1.1;
// At most this many outlines are offered, each at least this share of its first side away.
constexpr size_t kMostOutlines = 3;
constexpr double kSameOutlineShare = 0.2;
// A board of few tiles in a box fills at least this share of it (an L of three fills 3/4), and
// the tiles it would hold are within this much of a whole number.
constexpr double kLeastBoxFill = 0.5, kMostTilesOffWhole = 0.35;
// A board of few tiles that is no row: its outline simplified by this share of its length runs
// along two directions (within kSideOffDirection degrees) over kLeastRectilinearShare of it; its
// box's sides are fitted to the outline's points within kExtremeBand of its extent from the
// extremes (tiles lie a few degrees off square, and the view is in perspective).
constexpr double kPolygonStep = 0.01, kSideOffDirection = 10, kLeastRectilinearShare = 0.75;
constexpr double kExtremeBand = 0.04;
// A step in brightness across a tile's side, grey levels over two pixels, that is an edge.
constexpr double kLeastEdgeStep = 12;
// Room round the board for pieces thrown off it (table mm), as the calibrated view's.
constexpr double kRoomMm = 120;
// A row of tiles is taken for one its sides' ratio is within this factor of: a square seen
// 50 degrees from straight down is half again as long one way.
constexpr double kMostForeshortening = 1.6;
// A row holds at most this many tiles (bench vision --uncalibrated --tiles 4: rows of four were
// squeezed into views of three, and refused).
constexpr int kMostRowTiles = 5;

// The distance from `p` to the nearest of `points`.
double ToNearest(cv::Point2d p, const std::vector<cv::Point2d>& points) {
  double best = 1e18;
  for (cv::Point2d q : points) best = std::min(best, cv::norm(p - q));
  return best;
}

double Distance(cv::Point2d p, cv::Point2d a, cv::Point2d b) {
  const cv::Point2d d = b - a;
  return std::abs(d.x * (p.y - a.y) - d.y * (p.x - a.x)) / std::max(1e-9, cv::norm(d));
}

// The line (a point and a direction) through the outline's points along the middle of the side
// from `a` to `b`; the side itself when too few lie there.
std::pair<cv::Point2d, cv::Point2d> SideLine(const std::vector<cv::Point>& outline, cv::Point2d a,
                                             cv::Point2d b) {
  const double length = cv::norm(b - a);
  const cv::Point2d along = (b - a) / std::max(1e-9, length);
  std::vector<cv::Point2f> near;
  for (cv::Point p : outline) {
    const double t = (cv::Point2d(p) - a).dot(along) / length;
    if (t > 0.15 && t < 0.85 && Distance(p, a, b) < std::max(2.0, 0.04 * length))
      near.push_back(cv::Point2f(p));
  }
  if (near.size() < 10) return {a, along};
  cv::Vec4f line;
  cv::fitLine(near, line, cv::DIST_HUBER, 0, 0.01, 0.01);
  return {cv::Point2d(line[2], line[3]), cv::Point2d(line[0], line[1])};
}

std::optional<cv::Point2d> Crossing(const std::pair<cv::Point2d, cv::Point2d>& l,
                                    const std::pair<cv::Point2d, cv::Point2d>& m) {
  const double det = l.second.x * m.second.y - l.second.y * m.second.x;
  if (std::abs(det) < 1e-6) return std::nullopt;
  const cv::Point2d d = m.first - l.first;
  const double t = (d.x * m.second.y - d.y * m.second.x) / det;
  return l.first + t * l.second;
}

// The longest outer outline of the mask `part`.
std::vector<cv::Point> OuterOutline(const cv::Mat& part) {
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(part, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  if (outlines.empty()) return {};
  return *std::max_element(outlines.begin(), outlines.end(),
                           [](const auto& a, const auto& b) { return a.size() < b.size(); });
}

// The corners of the quadrilateral `part` (a mask) fills, its sides fitted to its outline.
std::vector<cv::Point2d> QuadrilateralOf(const cv::Mat& part) {
  const std::vector<cv::Point> outline = OuterOutline(part);
  if (outline.empty()) return {};
  std::vector<cv::Point> hull, quad;
  cv::convexHull(outline, hull);
  const double perimeter = cv::arcLength(hull, true);
  for (double eps = 0.02; eps <= 0.1 && quad.size() != 4; eps += 0.01)
    cv::approxPolyDP(hull, quad, eps * perimeter, true);
  if (quad.size() != 4 || !cv::isContourConvex(quad)) return {};
  const double hull_area = cv::contourArea(hull);
  if (cv::countNonZero(part) < kLeastFill * hull_area) return {};
  std::vector<std::pair<cv::Point2d, cv::Point2d>> sides;
  for (int i = 0; i < 4; ++i) sides.push_back(SideLine(outline, quad[i], quad[(i + 1) % 4]));
  std::vector<cv::Point2d> corners;
  for (int i = 0; i < 4; ++i) {
    auto c = Crossing(sides[(i + 3) % 4], sides[i]);
    if (!c || cv::norm(*c - cv::Point2d(quad[i])) >
                  0.25 * cv::norm(cv::Point2d(quad[i] - quad[(i + 1) % 4])))
      return {};
    corners.push_back(*c);
  }
  std::vector<cv::Point2f> fitted(corners.begin(), corners.end());
  if (std::abs(std::log(cv::contourArea(fitted) / hull_area)) > std::log(kMostQuadOffHull))
    return {};
  return corners;
}

// The corners of the box `part` (a mask) lies in, when its outline runs along two directions
// only (a board of few tiles that is no row: an L of three, a T of four): each side fitted to
// the outline's points at the part's extreme across one of the directions.
std::vector<cv::Point2d> BoxOf(const cv::Mat& part) {
  const std::vector<cv::Point> outline = OuterOutline(part);
  if (outline.empty()) return {};
  std::vector<cv::Point> polygon;
  const double perimeter = cv::arcLength(outline, true);
  cv::approxPolyDP(outline, polygon, kPolygonStep * perimeter, true);
  // The two directions its sides run along: the longest summed, and the next at least 40 degrees
  // off it.
  std::vector<double> along(90, 0);
  auto angle_of = [](cv::Point2d d) {
    return std::fmod(std::atan2(d.y, d.x) * 180 / CV_PI + 180, 180);
  };
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d d = polygon[(i + 1) % polygon.size()] - polygon[i];
    along[static_cast<int>(angle_of(d) / 2) % 90] += cv::norm(d);
  }
  auto gap = [](double a, double b) {
    const double d = std::fmod(std::abs(a - b), 180.0);
    return std::min(d, 180 - d);
  };
  auto smoothed = [&](int i) { return along[(i + 89) % 90] + along[i] + along[(i + 1) % 90]; };
  int first = 0, second = -1;
  for (int i = 1; i < 90; ++i)
    if (smoothed(i) > smoothed(first)) first = i;
  for (int i = 0; i < 90; ++i)
    if (gap(2 * i, 2 * first) >= 40 && (second < 0 || smoothed(i) > smoothed(second))) second = i;
  if (second < 0) return {};
  // Each the length-weighted mean of the sides near its peak.
  double directions[2] = {2.0 * first + 1, 2.0 * second + 1};
  for (double& direction : directions) {
    cv::Point2d sum(0, 0);  // doubled angles, so that 179 and 1 degrees average to 0
    for (size_t i = 0; i < polygon.size(); ++i) {
      const cv::Point2d d = polygon[(i + 1) % polygon.size()] - polygon[i];
      const double a = angle_of(d);
      if (gap(a, direction) < kSideOffDirection)
        sum += cv::norm(d) * cv::Point2d(std::cos(a * CV_PI / 90), std::sin(a * CV_PI / 90));
    }
    direction = std::fmod(std::atan2(sum.y, sum.x) * 90 / CV_PI + 180, 180);
  }
  // Rectilinear: nearly all its length runs along the two.
  double on_them = 0;
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d d = polygon[(i + 1) % polygon.size()] - polygon[i];
    if (gap(angle_of(d), directions[0]) < kSideOffDirection ||
        gap(angle_of(d), directions[1]) < kSideOffDirection)
      on_them += cv::norm(d);
  }
  if (on_them < kLeastRectilinearShare * cv::arcLength(polygon, true)) return {};
  // For each direction, the lines along it through the outline's points at either extreme.
  std::vector<std::pair<cv::Point2d, cv::Point2d>> sides;  // low and high of each direction
  for (double direction : directions) {
    const double a = direction * CV_PI / 180;
    const cv::Point2d dir(std::cos(a), std::sin(a)), normal(-dir.y, dir.x);
    double lo = 1e18, hi = -1e18;
    for (cv::Point p : outline) {
      const double t = cv::Point2d(p).dot(normal);
      lo = std::min(lo, t), hi = std::max(hi, t);
    }
    const double band = kExtremeBand * (hi - lo);
    for (bool low : {true, false}) {
      std::vector<cv::Point2f> near;
      for (cv::Point p : outline) {
        const double t = cv::Point2d(p).dot(normal);
        if (low ? t < lo + band : t > hi - band) near.push_back(cv::Point2f(p));
      }
      if (near.size() < 10) return {};
      cv::Vec4f line;
      cv::fitLine(near, line, cv::DIST_HUBER, 0, 0.01, 0.01);
      sides.push_back({cv::Point2d(line[2], line[3]), cv::Point2d(line[0], line[1])});
    }
  }
  std::vector<cv::Point2d> corners;
  for (auto [i, j] : {std::pair{0, 2}, {0, 3}, {1, 3}, {1, 2}}) {
    auto c = Crossing(sides[i], sides[j]);
    if (!c) return {};
    corners.push_back(*c);
  }
  return corners;
}

// The side from `a` to `b` moved onto the picture's edge nearest it: at points along its middle,
// the strongest step in brightness across it within `reach` pixels (the part unlike the table is
// judged at half size, and reaches over the tile's edge and shadow).
std::pair<cv::Point2d, cv::Point2d> OntoEdge(const cv::Mat& grey, cv::Point2d a, cv::Point2d b,
                                             double reach) {
  const double length = cv::norm(b - a);
  const cv::Point2d along = (b - a) / length, normal(-along.y, along.x);
  auto at = [&](cv::Point2d p) {
    cv::Mat px;
    cv::getRectSubPix(grey, {1, 1}, cv::Point2f(p), px, CV_32F);
    return static_cast<double>(px.at<float>(0, 0));
  };
  std::vector<cv::Point2f> on;
  for (double t = 0.15; t <= 0.85; t += 0.7 / 24) {
    const cv::Point2d p = a + t * (b - a);
    double best = 0, best_s = 0;
    for (double s = -reach; s <= reach; s += 0.5) {
      const double step = std::abs(at(p + (s + 1) * normal) - at(p + (s - 1) * normal));
      if (step > best) best = step, best_s = s;
    }
    if (best >= kLeastEdgeStep) on.push_back(cv::Point2f(p + best_s * normal));
  }
  if (on.size() < 12) return {a, along};
  cv::Vec4f line;
  cv::fitLine(on, line, cv::DIST_HUBER, 0, 0.01, 0.01);
  return {cv::Point2d(line[2], line[3]), cv::Point2d(line[0], line[1])};
}

}  // namespace

std::vector<BoardOutline> SmallBoardOutlines(const cv::Mat& bgr) {
  std::vector<BoardOutline> outlines;
  if (bgr.empty()) return outlines;
  const double shrink = std::min(1.0, 1600.0 / std::max(bgr.cols, bgr.rows));
  cv::Mat small;
  cv::resize(bgr, small, cv::Size(), shrink, shrink, cv::INTER_AREA);
  const cv::Mat half_lab = HalfSizeLab(small);
  const std::vector<ColorStats> guesses =
      TableColourGuesses(small, cv::Mat(small.size(), CV_8U, cv::Scalar(255)));
  // A part that fills a quadrilateral (a row of tiles), else one whose outline runs along two
  // directions and that fills half its box or more; judged unlike the table as the reader judges
  // it, then stricter (a patch of light on the table may join the board), and last by hue alone (a
  // glare is the table's colour, brighter: the sample game's 002.jpg).
  enum Way { kAsTheReader, kStricter, kByHue };
  // The parts unlike the table under one way and guess of its colour: large enough for a tile and
  // small enough for a board of few, whole in the picture (a board its edge cuts shows no outline
  // of its own), the largest first. Made once, for rows and boxes alike.
  struct Parts {
    cv::Mat labels, stats;
    std::vector<int> largest_first;
  };
  std::map<std::pair<Way, size_t>, Parts> made;
  auto parts_under = [&](Way way, size_t guess) -> const Parts& {
    auto [it, fresh] = made.try_emplace({way, guess});
    Parts& parts = it->second;
    if (!fresh) return parts;
    ColorStats table = guesses[guess];
    if (way == kByHue)
      for (int i = 0; i < 3; ++i) table.inv_cov(0, i) = table.inv_cov(i, 0) = 0;
    cv::Mat unlike = NotTable(half_lab, small.size(), table, way == kStricter ? 36.0 : 9.0);
    cv::morphologyEx(unlike, unlike, cv::MORPH_OPEN,
                     cv::getStructuringElement(cv::MORPH_RECT, {5, 5}));
    cv::Mat centroids;
    const int n =
        cv::connectedComponentsWithStats(unlike, parts.labels, parts.stats, centroids, 8, CV_32S);
    auto area = [&](int i) { return parts.stats.at<int>(i, cv::CC_STAT_AREA); };
    // A board of few tiles is the largest thing unlike the table: beside a larger part (a board
    // of many, test_29.jpg, whose lower tiles a checked cloth cut off as a box of six), a small
    // one is no board of its own.
    for (int i = 1; i < n; ++i)
      if (area(i) > kMostBoardShare * small.total()) return parts;
    const double least_tile = kLeastTilePx * shrink;
    for (int i = 1; i < n; ++i) {
      const cv::Rect box(
          parts.stats.at<int>(i, cv::CC_STAT_LEFT), parts.stats.at<int>(i, cv::CC_STAT_TOP),
          parts.stats.at<int>(i, cv::CC_STAT_WIDTH), parts.stats.at<int>(i, cv::CC_STAT_HEIGHT));
      if (area(i) >= least_tile * least_tile && box.x > 1 && box.y > 1 &&
          box.br().x < small.cols - 1 && box.br().y < small.rows - 1)
        parts.largest_first.push_back(i);
    }
    std::sort(parts.largest_first.begin(), parts.largest_first.end(),
              [&](int a, int b) { return area(a) > area(b); });
    return parts;
  };
  cv::Mat grey;  // the picture in grey, for the sides' edges, made when first needed
  for (auto [way, row] : {std::pair{kAsTheReader, true},
                          {kStricter, true},
                          {kAsTheReader, false},
                          {kStricter, false},
                          {kByHue, true},
                          {kByHue, false}})
    for (size_t guess = 0; guess < guesses.size(); ++guess) {
      const Parts& parts = parts_under(way, guess);
      BoardOutline found;
      // The largest part that could be a board of few tiles: a patch of light beside the board
      // (the sample game's 001.jpg) is larger, and may fill a quadrilateral no box of tiles fits.
      for (int part : parts.largest_first) {
        const cv::Mat mask = parts.labels == part;
        found.corners = row ? QuadrilateralOf(mask) : BoxOf(mask);
        if (found.corners.empty()) continue;
        std::vector<cv::Point2f> box(found.corners.begin(), found.corners.end());
        found.fill =
            std::min(1.0, parts.stats.at<int>(part, cv::CC_STAT_AREA) / cv::contourArea(box));
        BoardOutline full_size = found;
        for (auto& c : full_size.corners) c /= shrink;
        if ((row || found.fill >= kLeastBoxFill) && !PlanesOfSmallBoard(full_size).empty()) break;
        found.corners.clear();
      }
      if (found.corners.empty()) continue;
      std::vector<cv::Point2d>& corners = found.corners;
      for (auto& c : corners) c /= shrink;
      if (found.fill >= kLeastFill) {
        if (grey.empty()) cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
        std::vector<std::pair<cv::Point2d, cv::Point2d>> sides;
        for (int i = 0; i < 4; ++i)
          sides.push_back(OntoEdge(grey, corners[i], corners[(i + 1) % 4], 2.5 / shrink));
        std::vector<cv::Point2d> on_edges;
        for (int i = 0; i < 4; ++i)
          if (auto c = Crossing(sides[(i + 3) % 4], sides[i])) on_edges.push_back(*c);
        if (on_edges.size() == 4) corners = on_edges;
      }
      // Clockwise on the picture (y down): the shoelace sum is positive.
      double twice_area = 0;
      for (int i = 0; i < 4; ++i) twice_area += corners[i].cross(corners[(i + 1) % 4]);
      if (twice_area < 0) std::reverse(corners.begin(), corners.end());
      // The same part found again (another guess of the table, another way) is no other outline.
      auto same = [&](const BoardOutline& o) {
        double apart = 0;
        for (int i = 0; i < 4; ++i) apart = std::max(apart, ToNearest(o.corners[i], corners));
        return apart < kSameOutlineShare * cv::norm(corners[1] - corners[0]);
      };
      if (std::none_of(outlines.begin(), outlines.end(), same)) outlines.push_back(found);
      if (outlines.size() == kMostOutlines) return outlines;
    }
  return outlines;
}

std::vector<SmallBoardView> PlanesOfSmallBoard(const BoardOutline& outline) {
  if (outline.corners.size() != 4) return {};
  const std::vector<cv::Point2d>& corners = outline.corners;
  auto side = [&](int i) { return cv::norm(corners[(i + 1) % 4] - corners[i]); };
  const double first = (side(0) + side(2)) / 2, second = (side(1) + side(3)) / 2;
  if (std::min(first, second) < kLeastTilePx) return {};
  const double ratio = first / second;
  struct Box {
    int across, along;  // tiles along the first side and along the second
  };
  // A part that fills its quadrilateral is a row of tiles or a full block of them (the block's
  // reading guarded: ReadByOutline), one that does not a box with room for it; a block or a box
  // at most three tiles each way.
  const bool filled = outline.fill >= kLeastFill;
  // The rows, blocks and boxes its sides' ratio allows, holding a board of few joined tiles (at
  // least one across each row and column of the box) that covers the share of the box the part
  // covers; the fewer cells first, then the likelier.
  std::vector<Box> boxes;
  for (int across = 1; across <= kMostRowTiles; ++across)
    for (int along = 1; along <= kMostRowTiles; ++along) {
      if (!filled && std::min(across, along) == 1) continue;
      if (std::min(across, along) > 1 && std::max(across, along) > 3) continue;
      const double tiles = (filled ? 1.0 : outline.fill) * across * along,
                   whole = std::round(tiles);
      if (std::abs(std::log(ratio * along / across)) < std::log(kMostForeshortening) &&
          std::abs(tiles - whole) < kMostTilesOffWhole && whole >= across + along - 1 &&
          whole <= static_cast<double>(kMostFewTiles))
        boxes.push_back({across, along});
    }
  auto off = [&](const Box& r) { return std::abs(std::log(ratio * r.along / r.across)); };
  std::stable_sort(boxes.begin(), boxes.end(), [&](const Box& a, const Box& b) {
    const int cells_a = a.across * a.along, cells_b = b.across * b.along;
    return cells_a != cells_b ? cells_a < cells_b : off(a) < off(b);
  });
  std::vector<SmallBoardView> planes;
  for (const Box& r : boxes) {
    const double w = r.across * kTilePitchMm, h = r.along * kTilePitchMm;
    // The picture's pixels per mm along the board, no finer than the calibrated view's.
    const double ppmm = std::min(kFinestPpmm, std::max(first / w, second / h));
    std::vector<cv::Point2f> from, to;
    for (int i = 0; i < 4; ++i) from.push_back(cv::Point2f(corners[i]));
    for (cv::Point2d mm :
         {cv::Point2d(0, 0), cv::Point2d(w, 0), cv::Point2d(w, h), cv::Point2d(0, h)})
      to.push_back(cv::Point2f((mm + cv::Point2d(kRoomMm, kRoomMm)) * ppmm));
    const cv::Matx33d to_view(cv::getPerspectiveTransform(from, to));
    SmallBoardView plane;
    plane.full_block = filled && std::min(r.across, r.along) > 1;
    plane.to_top = to_view;
    plane.size = cv::Size(static_cast<int>((w + 2 * kRoomMm) * ppmm),
                          static_cast<int>((h + 2 * kRoomMm) * ppmm));
    plane.ppmm = ppmm;
    // The whole view on the camera's side of the plane's horizon: the corners fix the tilt
    // poorly when the board is small, and a view reaching past the horizon shows nothing.
    const cv::Matx33d to_picture = to_view.inv();
    const double middle =
        (to_picture * cv::Vec3d(plane.size.width / 2.0, plane.size.height / 2.0, 1))[2];
    bool seen = true;
    for (cv::Point2d c :
         {cv::Point2d(0, 0), cv::Point2d(plane.size.width, 0), cv::Point2d(0, plane.size.height),
          cv::Point2d(plane.size.width, plane.size.height)})
      seen = seen && (to_picture * cv::Vec3d(c.x, c.y, 1))[2] * middle > 0;
    if (seen) planes.push_back(plane);
  }
  return planes;
}

}  // namespace cf
