#include "vision/grid_plane.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <random>

#include "vision/grid_finder.h"

namespace cf {

namespace {

// Tiles lie a few degrees off square, so their edges point only roughly at the vanishing point.
constexpr double kInlierDeg = 4.0;

struct Segment {
  cv::Point2d a, b;
  double length, angle;  // angle in degrees, 0..180
  cv::Vec3d line() const { return cv::Vec3d(a.x, a.y, 1).cross(cv::Vec3d(b.x, b.y, 1)); }
};

double AngleGap(double a, double b) {
  double d = std::fmod(std::abs(a - b), 180.0);
  return std::min(d, 180 - d);
}

// How well a segment points at a (homogeneous) vanishing point: the angle between them, degrees.
double Misfit(const Segment& s, const cv::Vec3d& v) {
  cv::Point2d mid = (s.a + s.b) * 0.5, dir = s.b - s.a, to;
  if (std::abs(v[2]) < 1e-9)
    to = {v[0], v[1]};  // a point at infinity is a direction
  else
    to = cv::Point2d(v[0] / v[2], v[1] / v[2]) - mid;
  double c = std::abs(dir.dot(to)) / (cv::norm(dir) * cv::norm(to) + 1e-12);
  return std::acos(std::min(1.0, c)) * 180 / CV_PI;
}

// The summed length of the segments of `family` that run to `v` (within kInlierDeg).
double InlierLength(const std::vector<Segment>& family, const cv::Vec3d& v) {
  double sum = 0;
  for (const auto& s : family)
    if (Misfit(s, v) < kInlierDeg) sum += s.length;
  return sum;
}

// The vanishing point of one family: RANSAC on pairs, then least squares on the inliers.
std::optional<cv::Vec3d> VanishingPoint(const std::vector<Segment>& family) {
  if (family.size() < 6) return std::nullopt;
  std::mt19937 rng(7);
  std::uniform_int_distribution<size_t> pick(0, family.size() - 1);
  cv::Vec3d best;
  double best_support = -1;
  for (int it = 0; it < 300; ++it) {
    size_t i = pick(rng), j = pick(rng);
    if (i == j) continue;
    cv::Vec3d v = family[i].line().cross(family[j].line());
    if (cv::norm(v) < 1e-12) continue;
    v /= cv::norm(v);
    const double support = InlierLength(family, v);
    if (support > best_support) best_support = support, best = v;
  }
  if (best_support <= 0) return std::nullopt;
  // Least squares on the angles: each inlier line's distance to the point, divided by the
  // distance from its segment to the point, reweighted until it settles.
  std::vector<const Segment*> inliers;
  for (const auto& s : family)
    if (Misfit(s, best) < kInlierDeg) inliers.push_back(&s);
  if (inliers.size() < 4) return std::nullopt;
  cv::Vec3d v = best;
  for (int round = 0; round < 6; ++round) {
    cv::Mat rows(static_cast<int>(inliers.size()), 3, CV_64F);
    for (size_t i = 0; i < inliers.size(); ++i) {
      const Segment& s = *inliers[i];
      cv::Vec3d l = s.line();
      cv::Point2d mid = (s.a + s.b) * 0.5;
      double reach = std::hypot(v[0] - mid.x * v[2], v[1] - mid.y * v[2]);
      double w = std::sqrt(s.length) / (std::hypot(l[0], l[1]) * std::max(reach, 1e-9));
      for (int k = 0; k < 3; ++k) rows.at<double>(static_cast<int>(i), k) = l[k] * w;
    }
    cv::Mat sv, u, vt;
    cv::SVD::compute(rows, sv, u, vt);
    cv::Vec3d next(vt.at<double>(2, 0), vt.at<double>(2, 1), vt.at<double>(2, 2));
    next /= cv::norm(next);
    if (next.dot(v) < 0) next = -next;
    v = next;
  }
  return v;
}

// Two aspect ratios agree within this factor: the periods' and the camera's on real photos whose
// tiles were read agreed within 1.12 (rendered views within 1.05).
constexpr double kAspectsAgree = 1.2;
// A board of few tiles holds at most this share of the view its edges frame; its outline squares
// the tiles when they are stretched by this much or more, and by no more than the other.
constexpr double kMostBoardOfFewShare = 0.5;
constexpr double kLeastOutlineStretch = 1.03, kMostOutlineStretch = 1.3;

// How much a view `h` (picture pixels -> view, its x and y along the families running to `v1`
// and `v2`, centred homogeneous points) must be stretched along y for squares on the plane to be
// squares: from the camera the two points imply, its principal point at the picture's middle, its
// focal length from the two points when they give a plausible one, else a phone's usual (a 26 mm
// lens on 35 mm film).
double CameraAspect(const cv::Matx33d& h, const cv::Vec3d& v1, const cv::Vec3d& v2,
                    cv::Size picture) {
  const double cx = picture.width / 2.0, cy = picture.height / 2.0;
  const double side = std::max(picture.width, picture.height);
  double f = 0;
  if (std::abs(v1[2]) > 1e-9 && std::abs(v2[2]) > 1e-9) {
    const cv::Point2d a(v1[0] / v1[2], v1[1] / v1[2]), b(v2[0] / v2[2], v2[1] / v2[2]);
    const double f2 = -a.dot(b);
    if (f2 > 0) f = std::sqrt(f2);
  }
  if (f < 0.4 * side || f > 3 * side) f = 26.0 / 36 * side;
  auto direction = [&](const cv::Vec3d& v) {
    const cv::Vec3d d(v[0] / f, v[1] / f, v[2]);
    return d / cv::norm(d);
  };
  const cv::Vec3d d1 = direction(v1), across = d1.cross(direction(v2));
  const cv::Vec3d d2 = (across / cv::norm(across)).cross(d1);
  // A small square on the plane through the point seen at the picture's middle, as the view
  // shows it.
  auto seen = [&](const cv::Vec3d& p) {
    const cv::Vec3d q = h * cv::Vec3d(f * p[0] / p[2] + cx, f * p[1] / p[2] + cy, 1);
    return cv::Point2d(q[0] / q[2], q[1] / q[2]);
  };
  const cv::Vec3d middle(0, 0, 1);
  const cv::Point2d o = seen(middle), e1 = seen(middle + 0.01 * d1) - o,
                    e2 = seen(middle + 0.01 * d2) - o;
  // The view's x and y run along the two families; which along which, the steps say.
  const bool first_along_x = std::abs(e1.x) > std::abs(e2.x);
  const cv::Point2d along_x = first_along_x ? e1 : e2, along_y = first_along_x ? e2 : e1;
  return std::abs(along_x.x) / std::max(1e-9, std::abs(along_y.y));
}

}  // namespace

std::optional<GridPlane> GridPlaneFromEdges(const cv::Mat& bgr, int max_side) {
  // Edges at about 1600 pixels across: precise enough for tile borders, quick to find.
  double shrink = std::min(1.0, 1600.0 / std::max(bgr.cols, bgr.rows));
  cv::Mat grey, small;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::resize(grey, small, cv::Size(), shrink, shrink, cv::INTER_AREA);
  std::vector<cv::Vec4f> found;
  cv::createLineSegmentDetector()->detect(small, found);
  const double min_length = 0.008 * std::hypot(small.cols, small.rows);
  std::vector<Segment> segments;
  std::vector<double> hist(90, 0);
  for (const auto& f : found) {
    // Centred, in full-resolution pixels: better conditioned homogeneous arithmetic.
    cv::Point2d a(f[0] / shrink - bgr.cols / 2.0, f[1] / shrink - bgr.rows / 2.0);
    cv::Point2d b(f[2] / shrink - bgr.cols / 2.0, f[3] / shrink - bgr.rows / 2.0);
    double length = cv::norm(b - a) * shrink;
    if (length < min_length) continue;
    double angle = std::fmod(std::atan2(b.y - a.y, b.x - a.x) * 180 / CV_PI + 360, 180);
    segments.push_back({a, b, length, angle});
    hist[static_cast<int>(angle / 2) % 90] += length;
  }
  if (segments.size() < 12) return std::nullopt;
  // Two dominant directions at least 40 degrees apart.
  auto smoothed = [&](int i) { return hist[(i + 89) % 90] + 2 * hist[i] + hist[(i + 1) % 90]; };
  int p1 = 0;
  for (int i = 1; i < 90; ++i)
    if (smoothed(i) > smoothed(p1)) p1 = i;
  int p2 = -1;
  for (int i = 0; i < 90; ++i)
    if (AngleGap(i * 2.0, p1 * 2.0) >= 40 && (p2 < 0 || smoothed(i) > smoothed(p2))) p2 = i;
  // Seen at a slant, the edges of the family running away from the camera fan out over many
  // directions and make no peak: then every segment well off the first family is searched for the
  // point they run to.
  const bool second_peak = p2 >= 0 && smoothed(p2) >= 0.15 * smoothed(p1);
  std::vector<Segment> fam1, fam2;
  for (const auto& s : segments) {
    if (AngleGap(s.angle, p1 * 2.0 + 1) < 20)
      fam1.push_back(s);
    else if (second_peak ? AngleGap(s.angle, p2 * 2.0 + 1) < 20
                         : AngleGap(s.angle, p1 * 2.0 + 1) >= 40)
      fam2.push_back(s);
  }
  auto v1 = VanishingPoint(fam1), v2 = VanishingPoint(fam2);
  if (!v1 || !v2) return std::nullopt;
  if (!second_peak && InlierLength(fam2, *v2) < 0.15 * InlierLength(fam1, *v1)) return std::nullopt;
  // Projective part: send the vanishing line to infinity.
  cv::Vec3d l = v1->cross(*v2);
  cv::Matx33d centre(1, 0, -bgr.cols / 2.0, 0, 1, -bgr.rows / 2.0, 0, 0, 1);
  cv::Matx33d h1 = cv::Matx33d::eye();
  if (std::abs(l[2]) > 1e-12) {
    l /= l[2];
    h1 = cv::Matx33d(1, 0, 0, 0, 1, 0, l[0], l[1], 1);
  }
  // The lines must not cross the picture: the horizon lies outside it.
  for (cv::Point2d c :
       {cv::Point2d(-bgr.cols / 2.0, -bgr.rows / 2.0), cv::Point2d(bgr.cols / 2.0, -bgr.rows / 2.0),
        cv::Point2d(-bgr.cols / 2.0, bgr.rows / 2.0), cv::Point2d(bgr.cols / 2.0, bgr.rows / 2.0)})
    if (l[0] * c.x + l[1] * c.y + 1 <= 0.05) return std::nullopt;
  // Affine part: the two families become the x and y axes.
  cv::Vec3d d1 = h1 * (*v1), d2 = h1 * (*v2);
  cv::Matx22d dirs(d1[0], d2[0], d1[1], d2[1]);
  // Keep the picture's handedness and the families' closest alignment with the picture's axes.
  if (std::abs(d1[0]) < std::abs(d1[1]))
    std::swap(d1, d2), dirs = cv::Matx22d(d1[0], d2[0], d1[1], d2[1]);
  if (d1[0] < 0) d1 = -d1;
  if (d2[1] < 0) d2 = -d2;
  dirs = cv::Matx22d(d1[0] / cv::norm(d1), d2[0] / cv::norm(d2), d1[1] / cv::norm(d1),
                     d2[1] / cv::norm(d2));
  if (std::abs(cv::determinant(dirs)) < 0.2) return std::nullopt;
  cv::Matx22d a = dirs.inv();
  cv::Matx33d h2(a(0, 0), a(0, 1), 0, a(1, 0), a(1, 1), 0, 0, 0, 1);
  cv::Matx33d h = h2 * h1 * centre;
  // Size and place: the picture's corners, scaled to keep the centre's pixel density.
  auto map = [&](const cv::Matx33d& m, cv::Point2d p) {
    cv::Vec3d q = m * cv::Vec3d(p.x, p.y, 1);
    return cv::Point2d(q[0] / q[2], q[1] / q[2]);
  };
  cv::Point2d c0 = map(h, {bgr.cols / 2.0, bgr.rows / 2.0});
  double density = cv::norm(map(h, {bgr.cols / 2.0 + 1, bgr.rows / 2.0}) - c0);
  // The view covers the edges that agree with the grid (the board), with room around it for
  // tokens thrown off it, within the picture.
  std::vector<double> xs, ys;
  for (const auto* family : {&fam1, &fam2})
    for (const auto& seg : *family) {
      if (Misfit(seg, family == &fam1 ? *v1 : *v2) >= kInlierDeg) continue;
      for (cv::Point2d p : {seg.a, seg.b}) {
        cv::Point2d q = map(h2 * h1, p) / density;
        xs.push_back(q.x), ys.push_back(q.y);
      }
    }
  std::sort(xs.begin(), xs.end());
  std::sort(ys.begin(), ys.end());
  auto at = [](const std::vector<double>& v, double f) {
    return v[static_cast<size_t>(f * (v.size() - 1))];
  };
  double x0 = at(xs, 0.02), x1 = at(xs, 0.98), y0 = at(ys, 0.02), y1 = at(ys, 0.98);
  double pad = 0.2 * std::max(x1 - x0, y1 - y0);
  std::vector<cv::Point2f> corners;
  for (cv::Point2d p : {cv::Point2d(0, 0), cv::Point2d(bgr.cols, 0), cv::Point2d(0, bgr.rows),
                        cv::Point2d(bgr.cols, bgr.rows)})
    corners.push_back(map(h, p) / density);
  cv::Rect2d box = cv::Rect2d(cv::boundingRect(corners)) &
                   cv::Rect2d(x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad);
  if (box.width < 32 || box.height < 32) return std::nullopt;
  double fit = std::min(1.0, max_side / std::max(box.width, box.height));
  cv::Matx33d s(fit / density, 0, -box.x * fit, 0, fit / density, -box.y * fit, 0, 0, 1);
  h = s * h;
  // Equal pitch both ways: the tiles are square.
  GridPlane plane;
  plane.size = cv::Size(static_cast<int>(box.width * fit), static_cast<int>(box.height * fit));
  cv::Mat top;
  cv::warpPerspective(grey, top, cv::Mat(h), plane.size);
  std::vector<double> cols, rows;
  EdgeProfiles(top, cv::Mat(top.size(), CV_8U, cv::Scalar(255)), cols, rows);
  // The tiles are square: the ratio of the periods across and along, checked against the ratio
  // the camera the vanishing points imply gives. A period may be the tile's half (roads and walls
  // cross tiles midway): a ratio that disagrees with the camera's but agrees once doubled or
  // halved is taken so. A ratio no tilt gives (a table of planks) leaves the camera's. The periods
  // are looked for up to a third of the view, and where their ratio disagrees with the camera's,
  // up to its half: a view of a few tiles holds less than three (a board of three tiles read as
  // tiles a half and a whole tile tall).
  const int shorter = std::min(top.cols, top.rows), lo = std::max(16, shorter / 40);
  const double camera_aspect = CameraAspect(h, *v1, *v2, bgr.size());
  auto agree = [](double a, double b) {
    return a > 0 && std::abs(std::log(a / b)) <= std::log(kAspectsAgree);
  };
  auto period_aspect = [&](int hi) {
    const double px = StrongestPeriod({&cols}, lo, hi), py = StrongestPeriod({&rows}, lo, hi);
    return px > 0 && py > 0 ? px / py : 0;
  };
  double periods = period_aspect(shorter / 3);
  if (!agree(periods, camera_aspect)) {
    const double within_half = period_aspect(shorter / 2);
    if (agree(within_half, camera_aspect)) periods = within_half;
  }
  auto plausible = [](double a) { return a >= 0.5 && a <= 2; };
  double aspect = camera_aspect;
  if (periods > 0) {
    double chosen = 0;
    if (!agree(periods, camera_aspect))
      for (double k : {2.0, 0.5})
        if (plausible(periods * k) && agree(periods * k, camera_aspect)) chosen = periods * k;
    if (chosen == 0 && plausible(periods)) chosen = periods;
    if (chosen > 0) aspect = chosen;
  }
  if (!plausible(aspect)) return std::nullopt;
  cv::Matx33d stretch(1, 0, 0, 0, aspect, 0, 0, 0, 1);
  plane.to_top = stretch * h;
  plane.size.height = static_cast<int>(plane.size.height * aspect);
  if (plane.size.height > max_side) {
    double f = double(max_side) / plane.size.height;
    plane.to_top = cv::Matx33d(f, 0, 0, 0, f, 0, 0, 0, 1) * plane.to_top;
    plane.size = cv::Size(static_cast<int>(plane.size.width * f), max_side);
  }
  return plane;
}

TopView ViewThrough(const cv::Mat& bgr, const GridPlane& plane) {
  TopView view;
  cv::warpPerspective(bgr, view.image, cv::Mat(plane.to_top), plane.size, cv::INTER_LINEAR,
                      cv::BORDER_CONSTANT);
  cv::warpPerspective(cv::Mat(bgr.size(), CV_8U, cv::Scalar(255)), view.valid,
                      cv::Mat(plane.to_top), plane.size, cv::INTER_NEAREST, cv::BORDER_CONSTANT);
  view.ppmm = plane.ppmm;
  view.metric = plane.ppmm > 0;
  return view;
}

std::optional<GridPlane> SquaredByBoardOutline(const cv::Mat& bgr, const GridPlane& plane) {
  const TopView straight = ViewThrough(bgr, plane);
  const cv::Mat &view = straight.image, &valid = straight.valid;
  const std::vector<ColorStats> tables = TableColourGuesses(view, valid);
  if (tables.empty()) return std::nullopt;
  cv::Mat board = NotTable(HalfSizeLab(view), plane.size, tables[0]) & valid;
  cv::morphologyEx(board, board, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {5, 5}));
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(board, labels, stats, centroids, 8, CV_32S);
  int largest = 0;
  for (int i = 1; i < n; ++i)
    if (largest == 0 ||
        stats.at<int>(i, cv::CC_STAT_AREA) > stats.at<int>(largest, cv::CC_STAT_AREA))
      largest = i;
  if (largest == 0) return std::nullopt;
  const double area = stats.at<int>(largest, cv::CC_STAT_AREA);
  if (area > kMostBoardOfFewShare * cv::countNonZero(valid)) return std::nullopt;
  const double width = stats.at<int>(largest, cv::CC_STAT_WIDTH),
               height = stats.at<int>(largest, cv::CC_STAT_HEIGHT);
  // The box's tiles across over along: the ratio of one to three that its sides' ratio is nearest.
  const double ratio = width / height;
  double tiles = 1;
  for (double k : {2.0, 3.0, 0.5, 1.0 / 3})
    if (std::abs(std::log(ratio / k)) < std::abs(std::log(ratio / tiles))) tiles = k;
  const double stretch = ratio / tiles;
  if (std::abs(std::log(stretch)) < std::log(kLeastOutlineStretch) ||
      std::abs(std::log(stretch)) > std::log(kMostOutlineStretch))
    return std::nullopt;
  GridPlane squared = plane;
  squared.to_top = cv::Matx33d(1, 0, 0, 0, stretch, 0, 0, 0, 1) * plane.to_top;
  squared.size.height = static_cast<int>(plane.size.height * stretch);
  return squared;
}

}  // namespace cf
