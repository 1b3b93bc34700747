#include "vision/piece_blobs.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <sstream>

#include "vision/scene.h"

namespace cf {

namespace {

// The bin of a colour quantised to `bits` bits a channel, in B, G, R order.
inline int Bin(const cv::Vec3b& p, int bits) {
  const int drop = 8 - bits;
  return ((p[0] >> drop) << (2 * bits)) | ((p[1] >> drop) << bits) | (p[2] >> drop);
}

// Per pixel, `table` at the bin of the pixel's colour.
cv::Mat LookUp(const cv::Mat& bgr, const std::vector<uchar>& table, int bits) {
  cv::Mat out(bgr.size(), CV_8U);
  for (int y = 0; y < bgr.rows; ++y) {
    const cv::Vec3b* p = bgr.ptr<cv::Vec3b>(y);
    uchar* o = out.ptr<uchar>(y);
    for (int x = 0; x < bgr.cols; ++x) o[x] = table[Bin(p[x], bits)];
  }
  return out;
}

}  // namespace

ColourLookup::ColourLookup(const ColorModel& model) : table_(64 * 64 * 64, 0) {
  std::vector<ColorStats> stats;
  for (const auto& [name, s] : model.colors()) names_.push_back(name), stats.push_back(s);
  cv::Mat bgr(512, 512, CV_8UC3), lab;  // every quantised colour once, at its bin's centre
  for (int i = 0; i < 64 * 64 * 64; ++i)
    bgr.at<cv::Vec3b>(i / 512, i % 512) = {static_cast<uchar>((i >> 12) * 4 + 2),
                                           static_cast<uchar>(((i >> 6) & 63) * 4 + 2),
                                           static_cast<uchar>((i & 63) * 4 + 2)};
  cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
  const double limit = model.reject_distance * model.reject_distance;
  for (int i = 0; i < 64 * 64 * 64; ++i) {
    cv::Vec3b v = lab.at<cv::Vec3b>(i / 512, i % 512);
    double best = limit;
    for (size_t k = 0; k < stats.size(); ++k) {
      cv::Vec3d d = cv::Vec3d(v[0], v[1], v[2]) - stats[k].mean;
      double m = d.dot(stats[k].inv_cov * d);
      if (m <= best) best = m, table_[i] = static_cast<uchar>(k + 1);
    }
  }
}

std::shared_ptr<const ColourLookup> ColourLookup::For(const ColorModel& model) {
  std::ostringstream key;
  key.precision(17);
  key << model.reject_distance;
  for (const auto& [name, s] : model.colors()) {
    key << ' ' << name;
    for (int i = 0; i < 3; ++i) key << ' ' << s.mean[i];
    for (int i = 0; i < 9; ++i) key << ' ' << s.inv_cov.val[i];
  }
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const ColourLookup>> built;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = built.find(key.str());
  if (it != built.end()) return it->second;
  if (built.size() >= 8) built.clear();  // a handful of calibrations per run, never unbounded
  return built[key.str()] = std::make_shared<const ColourLookup>(model);
}

cv::Mat ColourLookup::Classify(const cv::Mat& bgr) const { return LookUp(bgr, table_, 6); }

PrintedColours::PrintedColours(const std::vector<TileReference>& tileset)
    : unprinted_(32 * 32 * 32, 255) {
  std::vector<int> count(32 * 32 * 32, 0);
  int total = 0;
  for (const auto& ref : tileset) {
    cv::Mat small;
    cv::resize(ref.art, small, {48, 48}, 0, 0, cv::INTER_AREA);
    for (int y = 0; y < small.rows; ++y)
      for (int x = 0; x < small.cols; ++x) {
        ++count[Bin(small.at<cv::Vec3b>(y, x), 5)];
        ++total;
      }
  }
  const int floor = std::max(1, total / 200000);  // a stray pixel is not a printed colour
  for (int b = 0; b < 32; ++b)
    for (int g = 0; g < 32; ++g)
      for (int r = 0; r < 32; ++r) {
        if (count[(b << 10) | (g << 5) | r] < floor) continue;
        const int t = 2;  // 16 levels a channel: light and print vary
        for (int db = -t; db <= t; ++db)
          for (int dg = -t; dg <= t; ++dg)
            for (int dr = -t; dr <= t; ++dr) {
              int bb = b + db, gg = g + dg, rr = r + dr;
              if (bb < 0 || gg < 0 || rr < 0 || bb > 31 || gg > 31 || rr > 31) continue;
              unprinted_[(bb << 10) | (gg << 5) | rr] = 0;
            }
      }
}

std::shared_ptr<const PrintedColours> PrintedColours::For(
    const std::vector<TileReference>& tileset) {
  // Keyed by the art's pixels, whose headers the cache keeps, so freed art is never mistaken for
  // new art.
  struct Built {
    std::vector<cv::Mat> arts;
    std::shared_ptr<const PrintedColours> colours;
  };
  static std::mutex mutex;
  static std::vector<Built> built;
  std::lock_guard<std::mutex> lock(mutex);
  for (const Built& b : built)
    if (std::equal(
            b.arts.begin(), b.arts.end(), tileset.begin(), tileset.end(),
            [](const cv::Mat& art, const TileReference& ref) { return art.data == ref.art.data; }))
      return b.colours;
  if (built.size() >= 4) built.clear();  // a tile set or two per run, never unbounded
  Built b;
  for (const auto& ref : tileset) b.arts.push_back(ref.art);
  b.colours = std::make_shared<const PrintedColours>(tileset);
  built.push_back(b);
  return b.colours;
}

cv::Mat PrintedColours::Unprinted(const cv::Mat& bgr) const { return LookUp(bgr, unprinted_, 5); }

namespace {

// Per pixel within `where`, the colour class (1..n) of a pixel whose 3x3 cross within the picture
// is all of its class and within `where`; 0 elsewhere. Outside the picture counts as of the
// colour, as in cv::erode.
cv::Mat ColourCores(const cv::Mat& classes, const cv::Mat& where, int n) {
  CV_Assert(classes.type() == CV_8U && where.type() == CV_8U && classes.size() == where.size());
  const int rows = classes.rows, cols = classes.cols;
  cv::Mat core(classes.size(), CV_8U, cv::Scalar(0));
  for (int y = 0; y < rows; ++y) {
    const uchar* c = classes.ptr<uchar>(y);
    const uchar* w = where.ptr<uchar>(y);
    // Beyond the picture's edge a pixel's neighbour is itself: the test is then its own.
    const uchar* cu = classes.ptr<uchar>(y > 0 ? y - 1 : y);
    const uchar* wu = where.ptr<uchar>(y > 0 ? y - 1 : y);
    const uchar* cd = classes.ptr<uchar>(y + 1 < rows ? y + 1 : y);
    const uchar* wd = where.ptr<uchar>(y + 1 < rows ? y + 1 : y);
    uchar* out = core.ptr<uchar>(y);
    auto core_at = [&](int x, int left, int right) {
      const uchar k = c[x];
      const bool in = (k != 0) & (k <= n) & (w[x] != 0) & (cu[x] == k) & (wu[x] != 0) &
                      (cd[x] == k) & (wd[x] != 0) & (c[left] == k) & (w[left] != 0) &
                      (c[right] == k) & (w[right] != 0);
      return static_cast<uchar>(in ? k : 0);
    };
    if (cols == 1) {
      out[0] = core_at(0, 0, 0);
      continue;
    }
    out[0] = core_at(0, 0, 1);
    for (int x = 1; x + 1 < cols; ++x) out[x] = core_at(x, x - 1, x + 1);  // no branches
    out[cols - 1] = core_at(cols - 1, cols - 2, cols - 1);
  }
  return core;
}

}  // namespace

std::map<std::string, cv::Mat> ColourMasks(const cv::Mat& classes, const cv::Mat& where,
                                           const ColourLookup& lookup) {
  // Each colour's pixels opened by a 3x3 cross (lone pixels and one-pixel lines dropped) in one
  // pass: its cores grow back to their crosses.
  const int rows = classes.rows, cols = classes.cols;
  const int n = static_cast<int>(lookup.names().size());
  const cv::Mat core = ColourCores(classes, where, n);
  std::vector<cv::Mat> opened(n);
  for (auto& m : opened) m = cv::Mat(classes.size(), CV_8U, cv::Scalar(0));
  for (int y = 0; y < rows; ++y) {
    const uchar* k = core.ptr<uchar>(y);
    for (int x = 0; x < cols; ++x) {
      if (!k[x]) continue;
      cv::Mat& m = opened[k[x] - 1];
      uchar* row = m.ptr<uchar>(y);
      row[x] = 255;
      if (x > 0) row[x - 1] = 255;
      if (x + 1 < cols) row[x + 1] = 255;
      if (y > 0) m.ptr<uchar>(y - 1)[x] = 255;
      if (y + 1 < rows) m.ptr<uchar>(y + 1)[x] = 255;
    }
  }
  std::map<std::string, cv::Mat> masks;
  for (int i = 0; i < n; ++i) masks[lookup.names()[i]] = opened[i];
  return masks;
}

cv::Mat PieceMask(const cv::Mat& classes, const cv::Mat& where, const ColourLookup& lookup) {
  // The union of the colours' openings is the union of their cores grown back.
  cv::Mat any = ColourCores(classes, where, static_cast<int>(lookup.names().size())) != 0;
  cv::dilate(any, any, cv::getStructuringElement(cv::MORPH_CROSS, {3, 3}));
  return any;
}

namespace {

// The blob of the pixels set in `patch` (CV_8U, holes filled), which lies at `at` in the mask.
std::optional<Blob> Measure(const std::string& color, const cv::Mat& patch, cv::Point at) {
  cv::Moments mo = cv::moments(patch, true);
  if (mo.m00 < 24) return std::nullopt;
  Blob b;
  b.color = color;
  b.centroid = {at.x + mo.m10 / mo.m00, at.y + mo.m01 / mo.m00};
  b.patch = patch;
  b.at = at;
  b.area_px = mo.m00;
  // A filled ellipse with these second moments has semi-axes 2 sqrt(eigenvalue).
  double a = mo.mu20 / mo.m00, c = mo.mu02 / mo.m00, d = mo.mu11 / mo.m00;
  double root = std::sqrt((a - c) * (a - c) / 4 + d * d);
  b.long_px = 4 * std::sqrt(std::max(0.0, (a + c) / 2 + root));
  b.short_px = 4 * std::sqrt(std::max(0.0, (a + c) / 2 - root));
  cv::Mat ellipse(patch.size(), CV_8U, cv::Scalar(0));
  double angle = 0.5 * std::atan2(2 * d, a - c) * 180 / CV_PI;
  cv::ellipse(
      ellipse,
      cv::RotatedRect(
          cv::Point2f(static_cast<float>(mo.m10 / mo.m00), static_cast<float>(mo.m01 / mo.m00)),
          cv::Size2f(static_cast<float>(b.long_px), static_cast<float>(b.short_px)),
          static_cast<float>(angle)),
      cv::Scalar(255), cv::FILLED);
  // The ellipse may reach past the patch: count its whole area analytically.
  double both = cv::countNonZero(ellipse & patch);
  double ellipse_px = CV_PI / 4 * b.long_px * b.short_px;
  b.ellipse_fit = both / std::max(1.0, mo.m00 + ellipse_px - both);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(patch, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  std::vector<cv::Point> all, hull;
  for (const auto& contour : contours) all.insert(all.end(), contour.begin(), contour.end());
  cv::convexHull(all, hull);
  // The hull through pixel centres misses half a pixel all round.
  double hull_px = cv::contourArea(hull) + cv::arcLength(hull, true) / 2 + 1;
  b.solidity = std::min(1.0, mo.m00 / hull_px);
  return b;
}

// Two pieces of one colour that touch, told apart by eroding their patch until it falls into
// parts of at least `part_px` pixels, each grown back within the patch; empty if it never does.
std::vector<cv::Mat> SplitTouching(const cv::Mat& patch, double part_px) {
  for (int k = 1; k <= 4; ++k) {
    cv::Mat kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * k + 1, 2 * k + 1});
    cv::Mat core, labels, stats, centroids;
    cv::erode(patch, core, kernel);
    int n = cv::connectedComponentsWithStats(core, labels, stats, centroids, 8, CV_32S);
    std::vector<cv::Mat> parts;
    for (int i = 1; i < n; ++i) {
      cv::Mat part;
      cv::dilate(labels == i, part, kernel);
      part &= patch;
      if (cv::countNonZero(part) >= part_px) parts.push_back(part);
    }
    if (parts.size() >= 2) return parts;
  }
  return {};
}

}  // namespace

std::vector<Blob> ColourBlobs(const std::map<std::string, cv::Mat>& masks, double split_px) {
  std::vector<Blob> out;
  for (const auto& [name, m] : masks) {
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(m, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
    for (const auto& c : contours) {
      cv::Rect box = cv::boundingRect(c);
      if (box.area() < 24) continue;
      cv::Mat patch(box.size(), CV_8U, cv::Scalar(0));  // the patch's pixels, holes filled
      cv::drawContours(patch, std::vector<std::vector<cv::Point>>{c}, 0, cv::Scalar(255),
                       cv::FILLED, cv::LINE_8, cv::noArray(), 0, -box.tl());
      std::vector<cv::Mat> parts;
      if (split_px > 0 && cv::countNonZero(patch) > 2 * split_px)
        parts = SplitTouching(patch, split_px);
      if (parts.empty()) parts.push_back(patch);
      for (const auto& part : parts)
        if (auto b = Measure(name, part, box.tl())) out.push_back(*b);
    }
  }
  return out;
}

std::vector<Blob> BlobsInWindow(const std::string& colour, const cv::Mat& mask, cv::Point at,
                                double least_px, double split_px) {
  std::vector<Blob> out;
  for (Blob& b : ColourBlobs({{colour, mask}}, split_px)) {
    if (b.area_px < least_px) continue;
    b.at += at;
    b.centroid += cv::Point2d(at);
    out.push_back(std::move(b));
  }
  return out;
}

namespace {

// A blob's size on the table: area (mm2) and its axes (mm).
struct SizeMm {
  double area, length, width;
};
SizeMm SizeOf(const Blob& b, double ppmm) {
  return {b.area_px / (ppmm * ppmm), b.long_px / ppmm, b.short_px / ppmm};
}

}  // namespace

BlobVerdict JudgeBlob(const Blob& b, double ppmm, double blur_mm) {
  const auto [area, length, width] = SizeOf(b, ppmm);
  // A lying meeple seen from above covers up to about this much of the table.
  constexpr double kFollowerMaxMm2 = 350;
  if (const char* token = TokenOfColour(b.color)) {
    TokenShape shape = TokenShapeOf(*ParseTokenKind(token));
    const double expected = CV_PI / 4 * shape.length * shape.width;
    auto axes_within = [&](double tolerance) {
      return std::abs(length / shape.length - 1) < tolerance &&
             std::abs(width / shape.width - 1) < tolerance;
    };
    // A clean flat disc of the kind's size (a shadow, a table rim of its colour or the blur of a
    // coarse picture, up to two pixels all round, may widen it; nothing narrows a whole disc much,
    // while a meeple of its colour is narrower) and proportions (a knockout token is oval, the
    // others round),
    const double blur = 2 * std::max(blur_mm, 2 / ppmm);
    const double widest = CV_PI / 4 * (shape.length * 1.25 + blur) * (shape.width * 1.25 + blur);
    const double stretch = (length / width) / (shape.length / shape.width);
    bool clean = length < shape.length * 1.25 + blur && width < shape.width * 1.25 + blur &&
                 length > shape.length * 0.9 && width > shape.width * 0.9 && stretch > 0.88 &&
                 area > expected * 0.7 && area < widest && b.solidity > 0.9 && b.ellipse_fit > 0.93;
    // or, for tokens larger than any follower, their full size with a ragged outline (a meeple
    // leaning on it).
    bool full = expected > kFollowerMaxMm2 && axes_within(0.15) && area > expected * 0.85 &&
                area < expected * 1.3 && b.solidity > 0.85;
    if (clean || full)
      return {BlobVerdict::kToken, token, std::clamp(b.ellipse_fit, 0.0, 1.0), clean};
  }
  return JudgeAsFollower(b, ppmm);
}

BlobVerdict JudgeAsFollower(const Blob& b, double ppmm) {
  const auto [area, length, width] = SizeOf(b, ppmm);
  // Meeples' blobs fill 0.54 of their hull at the least (rendered tables, partly hidden ones too).
  constexpr double kFollowerSolidity = 0.5;
  // A meeple is compact: its blob overlaps the ellipse of its moments by 0.44 at the least on
  // seeds 920-999 and 80000-80079 (0.46 on the real photos); ragged patches of grass read as
  // followers there overlapped it by 0.33 to 0.37 (0.40 to 0.41 on the real photos).
  constexpr double kFollowerEllipseFit = 0.42;
  // A meeple's size, never thinner than one lying on its side, and filling most of its outline's
  // hull (strips and rims along tile edges do not).
  if (area < 60 || area > 700 || width < 9 || length > 45 || b.solidity < kFollowerSolidity ||
      b.ellipse_fit < kFollowerEllipseFit)
    return {};
  return {BlobVerdict::kFollower, nullptr, std::clamp(1.0 - std::abs(area - 250) / 400, 0.1, 1.0)};
}

const char* PartlyHiddenToken(const Blob& b, double ppmm, double* misfit) {
  const char* token = TokenOfColour(b.color);
  if (!token) return nullptr;
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(token));
  const auto [area, length, width] = SizeOf(b, ppmm);
  const double disc = CV_PI / 4 * shape.length * shape.width;
  if (area < disc * 0.5 || length > shape.length * 1.25 || b.solidity < 0.8) return nullptr;
  if (misfit) *misfit = std::abs(length / shape.length - 1) + std::abs(width / shape.width - 1);
  return token;
}

cv::Mat DiscKernel(int r) {
  cv::Mat disc = cv::Mat::zeros(2 * r + 1, 2 * r + 1, CV_32F);
  cv::circle(disc, {r, r}, r, cv::Scalar(1), cv::FILLED);
  disc /= cv::sum(disc)[0];
  return disc;
}

std::pair<cv::Point2d, double> MiddleOfBest(const cv::Mat& score, double tolerance) {
  double best = 0;
  cv::minMaxLoc(score, nullptr, &best);
  cv::Point2d sum(0, 0);
  int n = 0;
  for (int y = 0; y < score.rows; ++y)
    for (int x = 0; x < score.cols; ++x)
      if (score.at<float>(y, x) >= best - tolerance) sum += cv::Point2d(x, y), ++n;
  return {sum / std::max(1, n), best};
}

int SharedPixels(const Blob& a, const Blob& b) {
  const cv::Rect both = cv::Rect(a.at, a.patch.size()) & cv::Rect(b.at, b.patch.size());
  return both.empty() ? 0 : cv::countNonZero(a.patch(both - a.at) & b.patch(both - b.at));
}

DiscInBlob WidestDisc(const Blob& b, double radius_px) {
  const int r = std::max(1, static_cast<int>(std::lround(radius_px)));
  cv::Mat inside, covered;
  b.patch.convertTo(inside, CV_32F, 1.0 / 255);
  cv::filter2D(inside, covered, CV_32F, DiscKernel(r), cv::Point(-1, -1), 0, cv::BORDER_CONSTANT);
  const auto [middle, best] = MiddleOfBest(covered, 0.01);
  return {middle + cv::Point2d(b.at), best};
}

const char* TokenOfColour(const std::string& c) {
  if (c == "blue") return "knockout";
  if (c == "yellow") return "seduction";
  if (c == "green") return "target";
  if (c == "red") return "catch";
  return nullptr;
}

}  // namespace cf
