#include "vision/board_outline.h"

#include <algorithm>
#include <cmath>
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
// A step in brightness across a tile's side, grey levels over two pixels, that is an edge.
constexpr double kLeastEdgeStep = 12;
// Room round the board for pieces thrown off it (table mm), as the calibrated view's.
constexpr double kRoomMm = 120;
// A row of tiles is taken for one its sides' ratio is within this factor of: a square seen
// 50 degrees from straight down is half again as long one way.
constexpr double kMostForeshortening = 1.6;

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

// The corners of the quadrilateral `part` (a mask) fills, its sides fitted to its outline.
std::vector<cv::Point2d> QuadrilateralOf(const cv::Mat& part) {
  std::vector<std::vector<cv::Point>> outlines;
  cv::findContours(part, outlines, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
  if (outlines.empty()) return {};
  const auto& outline =
      *std::max_element(outlines.begin(), outlines.end(),
                        [](const auto& a, const auto& b) { return a.size() < b.size(); });
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

std::vector<cv::Point2d> SmallBoardCorners(const cv::Mat& bgr) {
  if (bgr.empty()) return {};
  const double shrink = std::min(1.0, 1600.0 / std::max(bgr.cols, bgr.rows));
  cv::Mat small;
  cv::resize(bgr, small, cv::Size(), shrink, shrink, cv::INTER_AREA);
  const cv::Mat valid(small.size(), CV_8U, cv::Scalar(255));
  const cv::Mat half_lab = HalfSizeLab(small);
  // Each guess of the table's colour, first as the reader judges the table, then stricter: a
  // patch of light on the table may join the board.
  for (const ColorStats& table : TableColourGuesses(small, valid))
    for (double limit : {9.0, 36.0}) {
      cv::Mat unlike = NotTable(half_lab, small.size(), table, limit);
      cv::morphologyEx(unlike, unlike, cv::MORPH_OPEN,
                       cv::getStructuringElement(cv::MORPH_RECT, {5, 5}));
      cv::Mat labels, stats, centroids;
      const int n = cv::connectedComponentsWithStats(unlike, labels, stats, centroids, 8, CV_32S);
      // The parts large enough for a tile and small enough for a board of few, whole in the picture
      // (a board its edge cuts shows no outline of its own), the largest first.
      std::vector<int> parts;
      const double least_tile = kLeastTilePx * shrink;
      for (int i = 1; i < n; ++i) {
        const double area = stats.at<int>(i, cv::CC_STAT_AREA);
        const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                           stats.at<int>(i, cv::CC_STAT_WIDTH),
                           stats.at<int>(i, cv::CC_STAT_HEIGHT));
        if (area <= kMostBoardShare * small.total() && area >= least_tile * least_tile &&
            box.x > 1 && box.y > 1 && box.br().x < small.cols - 1 && box.br().y < small.rows - 1)
          parts.push_back(i);
      }
      std::sort(parts.begin(), parts.end(), [&](int a, int b) {
        return stats.at<int>(a, cv::CC_STAT_AREA) > stats.at<int>(b, cv::CC_STAT_AREA);
      });
      std::vector<cv::Point2d> corners;
      for (int part : parts) {
        corners = QuadrilateralOf(labels == part);
        if (!corners.empty()) break;
      }
      if (corners.empty()) continue;
      for (auto& c : corners) c /= shrink;
      cv::Mat grey;
      cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
      std::vector<std::pair<cv::Point2d, cv::Point2d>> sides;
      for (int i = 0; i < 4; ++i)
        sides.push_back(OntoEdge(grey, corners[i], corners[(i + 1) % 4], 2.5 / shrink));
      std::vector<cv::Point2d> on_edges;
      for (int i = 0; i < 4; ++i)
        if (auto c = Crossing(sides[(i + 3) % 4], sides[i])) on_edges.push_back(*c);
      if (on_edges.size() == 4) corners = on_edges;
      // Clockwise on the picture (y down): the shoelace sum is positive.
      double twice_area = 0;
      for (int i = 0; i < 4; ++i) twice_area += corners[i].cross(corners[(i + 1) % 4]);
      if (twice_area < 0) std::reverse(corners.begin(), corners.end());
      return corners;
    }
  return {};
}

std::vector<GridPlane> PlanesOfSmallBoard(const std::vector<cv::Point2d>& corners) {
  if (corners.size() != 4) return {};
  auto side = [&](int i) { return cv::norm(corners[(i + 1) % 4] - corners[i]); };
  const double first = (side(0) + side(2)) / 2, second = (side(1) + side(3)) / 2;
  if (std::min(first, second) < kLeastTilePx) return {};
  const double ratio = first / second;
  struct Row {
    int across, along;  // tiles along the first side and along the second
  };
  std::vector<Row> rows;
  for (Row r : {Row{1, 1}, Row{2, 1}, Row{1, 2}, Row{3, 1}, Row{1, 3}})
    if (std::abs(std::log(ratio * r.along / r.across)) < std::log(kMostForeshortening))
      rows.push_back(r);
  std::sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    return std::abs(std::log(ratio * a.along / a.across)) <
           std::abs(std::log(ratio * b.along / b.across));
  });
  std::vector<GridPlane> planes;
  for (const Row& r : rows) {
    const double w = r.across * kTilePitchMm, h = r.along * kTilePitchMm;
    // The picture's pixels per mm along the board, no finer than the calibrated view's.
    const double ppmm = std::min(kFinestPpmm, std::max(first / w, second / h));
    std::vector<cv::Point2f> from, to;
    for (int i = 0; i < 4; ++i) from.push_back(cv::Point2f(corners[i]));
    for (cv::Point2d mm :
         {cv::Point2d(0, 0), cv::Point2d(w, 0), cv::Point2d(w, h), cv::Point2d(0, h)})
      to.push_back(cv::Point2f((mm + cv::Point2d(kRoomMm, kRoomMm)) * ppmm));
    const cv::Matx33d to_view(cv::getPerspectiveTransform(from, to));
    GridPlane plane;
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
