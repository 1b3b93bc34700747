#include "vision/top_view.h"

#include <deque>
#include <mutex>
#include <opencv2/imgproc.hpp>

#include "vision/grid_upsample.h"

namespace cf {

namespace {

// Where each pixel of a top view samples the picture, in remap's fixed-point form, and where the
// picture reaches.
struct ViewMap {
  cv::Mat xy, weights, valid;
};

// How many views' maps are kept: a camera on a stand gives the same coarse and board views frame
// after frame.
constexpr size_t kKeptViewMaps = 4;

ViewMap MakeViewMap(const Camera& cam, cv::Size picture, cv::Point2d origin, double ppmm,
                    cv::Size size) {
  // Exact projections on a coarse grid, interpolated in between (the lens is smooth).
  const int step = 8;
  cv::Mat grid(size.height / step + 2, size.width / step + 2, CV_32FC2);
  for (int j = 0; j < grid.rows; ++j)
    for (int i = 0; i < grid.cols; ++i) {
      cv::Point2d q = cam.Project(
          {origin.x + (i * step + 0.5) / ppmm, origin.y + (j * step + 0.5) / ppmm, kTileTop});
      grid.at<cv::Vec2f>(j, i) =
          cv::Vec2f(static_cast<float>(q.x - 0.5), static_cast<float>(q.y - 0.5));
    }
  const cv::Mat map = UpsampleGrid(grid, step, size);
  ViewMap out;
  cv::convertMaps(map, cv::noArray(), out.xy, out.weights, CV_16SC2);
  cv::inRange(map, cv::Scalar(0, 0), cv::Scalar(picture.width - 1, picture.height - 1), out.valid);
  return out;
}

// MakeViewMap's map, made once for each camera and view and kept while it is among the last few
// made.
ViewMap KeptViewMap(const Camera& cam, cv::Size picture, cv::Point2d origin, double ppmm,
                    cv::Size size) {
  std::vector<double> key{cam.fx, cam.fy, cam.cx, cam.cy, origin.x, origin.y, ppmm};
  for (int n : {picture.width, picture.height, cam.width, cam.height, size.width, size.height})
    key.push_back(n);
  for (int i = 0; i < 5; ++i) key.push_back(cam.dist[i]);
  for (int i = 0; i < 9; ++i) key.push_back(cam.R.val[i]);
  for (int i = 0; i < 3; ++i) key.push_back(cam.t[i]);
  static std::mutex mutex;
  static std::deque<std::pair<std::vector<double>, ViewMap>> kept;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto& [k, map] : kept)
      if (k == key) return map;
  }
  ViewMap map = MakeViewMap(cam, picture, origin, ppmm, size);
  std::lock_guard<std::mutex> lock(mutex);
  kept.emplace_front(std::move(key), map);
  if (kept.size() > kKeptViewMaps) kept.pop_back();
  return map;
}

}  // namespace

TopView Rectify(const cv::Mat& img, const Camera& cam, double max_ppmm, const cv::Rect2d* region) {
  TopView v;
  v.metric = true;
  cv::Point2d centre;
  cam.PixelToPlane({cam.width / 2.0, cam.height / 2.0}, kTileTop, centre);
  double density = cv::norm(cam.Project({centre.x + 5, centre.y, kTileTop}) -
                            cam.Project({centre.x - 5, centre.y, kTileTop})) /
                   10;
  double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
  for (int i = 0; i <= 16; ++i)
    for (int j = 0; j <= 16; ++j) {
      if (i != 0 && i != 16 && j != 0 && j != 16) continue;
      cv::Point2d p;
      if (!cam.PixelToPlane({cam.width * i / 16.0, cam.height * j / 16.0}, kTileTop, p)) continue;
      minx = std::min(minx, p.x), maxx = std::max(maxx, p.x), miny = std::min(miny, p.y),
      maxy = std::max(maxy, p.y);
    }
  minx = std::max(minx, centre.x - 700), maxx = std::min(maxx, centre.x + 700);
  miny = std::max(miny, centre.y - 700), maxy = std::min(maxy, centre.y + 700);
  if (region) {
    minx = std::max(minx, region->x), maxx = std::min(maxx, region->x + region->width);
    miny = std::max(miny, region->y), maxy = std::min(maxy, region->y + region->height);
  }
  v.ppmm = std::clamp(density, std::min(1.0, max_ppmm), max_ppmm);
  if ((maxx - minx) * v.ppmm > 2400) v.ppmm = 2400 / (maxx - minx);
  if ((maxy - miny) * v.ppmm > 2400) v.ppmm = std::min(v.ppmm, 2400 / (maxy - miny));
  v.origin = {minx, miny};
  cv::Size size(static_cast<int>((maxx - minx) * v.ppmm), static_cast<int>((maxy - miny) * v.ppmm));
  const ViewMap map = KeptViewMap(cam, img.size(), v.origin, v.ppmm, size);
  cv::remap(img, v.image, map.xy, map.weights, cv::INTER_LINEAR, cv::BORDER_CONSTANT,
            cv::Scalar(0, 0, 0));
  v.valid = map.valid.clone();  // the kept one stays as made
  return v;
}

// Rectify's view pixel q shows the picture at Project(origin + (q + 0.5) / ppmm) - 0.5.
cv::Point2d TableSeenAt(const TopView& view, const Camera& cam, cv::Point2d px) {
  const cv::Point2d half(0.5, 0.5), sampled = view.origin + (px + half) / view.ppmm;
  cv::Point2d seen;
  if (!cam.PixelToPlane(cam.Project({sampled.x, sampled.y, kTileTop}) - half, kTileTop, seen))
    return sampled - half / view.ppmm;
  return seen;
}

cv::Point2d PixelShowing(const TopView& view, const Camera& cam, cv::Point2d mm) {
  const cv::Point2d half(0.5, 0.5);
  cv::Point2d sampled;
  if (!cam.PixelToPlane(cam.Project({mm.x, mm.y, kTileTop}) + half, kTileTop, sampled))
    return (mm - view.origin) * view.ppmm;
  return (sampled - view.origin) * view.ppmm - half;
}

std::vector<ColorStats> TableColourGuesses(const cv::Mat& bgr, const cv::Mat& valid) {
  std::vector<cv::Vec3b> rim_bgr;  // every third pixel each way, converted to Lab alone
  const int bw = bgr.cols / 10, bh = bgr.rows / 10;
  for (int y = 0; y < bgr.rows; y += 3)
    for (int x = 0; x < bgr.cols; x += 3) {
      if (!valid.at<uchar>(y, x) || (x > bw && x < bgr.cols - bw && y > bh && y < bgr.rows - bh))
        continue;
      rim_bgr.push_back(bgr.at<cv::Vec3b>(y, x));
    }
  std::vector<cv::Vec3d> rim;
  if (!rim_bgr.empty()) {
    cv::Mat rim_lab;
    cv::cvtColor(cv::Mat(1, static_cast<int>(rim_bgr.size()), CV_8UC3, rim_bgr.data()), rim_lab,
                 cv::COLOR_BGR2Lab);
    for (int i = 0; i < rim_lab.cols; ++i) {
      const cv::Vec3b v = rim_lab.at<cv::Vec3b>(0, i);
      rim.push_back({double(v[0]), double(v[1]), double(v[2])});
    }
  }
  auto stats = [&](auto keep) {
    cv::Vec3d m(0, 0, 0);
    int n = 0;
    for (size_t i = 0; i < rim.size(); ++i)
      if (keep(i)) m += rim[i], ++n;
    m /= std::max(1, n);
    cv::Matx33d cov = cv::Matx33d::eye() * 9;
    for (size_t i = 0; i < rim.size(); ++i)
      if (keep(i)) {
        cv::Vec3d d = rim[i] - m;
        cov += d * d.t() * (1.0 / std::max(1, n));
      }
    return ColorStats{m, cov.inv()};
  };
  const ColorStats whole = stats([](size_t) { return true; });
  if (rim.empty()) return {whole};
  // The commonest colour: the half of the rim nearest its median, then every rim pixel within 3
  // sigma of that half (the nearer half of a normal spread has about 0.4 of its variance).
  cv::Vec3d median;
  for (int c = 0; c < 3; ++c) {
    std::vector<double> v;
    v.reserve(rim.size());
    for (const auto& p : rim) v.push_back(p[c]);
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    median[c] = v[v.size() / 2];
  }
  std::vector<double> dist;
  for (const auto& p : rim) dist.push_back(cv::norm(p - median));
  std::vector<double> sorted = dist;
  std::nth_element(sorted.begin(), sorted.begin() + sorted.size() / 2, sorted.end());
  const double half = sorted[sorted.size() / 2];
  const ColorStats core = stats([&](size_t i) { return dist[i] <= half; });
  const ColorStats commonest = stats([&](size_t i) {
    cv::Vec3d d = rim[i] - core.mean;
    return d.dot(core.inv_cov * d) < 22.0;
  });
  return {commonest, whole};
}

cv::Mat FarFrom(const cv::Mat& lab, const ColorStats& colour, double limit) {
  CV_Assert(lab.type() == CV_8UC3);
  const cv::Matx33d& a = colour.inv_cov;
  // The quadratic form's six distinct terms, so that a row is one loop of plain arithmetic.
  const float m0 = colour.mean[0], m1 = colour.mean[1], m2 = colour.mean[2];
  const float a00 = a(0, 0), a11 = a(1, 1), a22 = a(2, 2), a01 = a(0, 1) + a(1, 0),
              a02 = a(0, 2) + a(2, 0), a12 = a(1, 2) + a(2, 1), t = static_cast<float>(limit);
  cv::Mat out(lab.size(), CV_8U);
  for (int y = 0; y < lab.rows; ++y) {
    const uchar* p = lab.ptr<uchar>(y);
    uchar* o = out.ptr<uchar>(y);
    for (int x = 0; x < lab.cols; ++x) {
      const float d0 = p[3 * x] - m0, d1 = p[3 * x + 1] - m1, d2 = p[3 * x + 2] - m2;
      const float q =
          d0 * (a00 * d0 + a01 * d1 + a02 * d2) + d1 * (a11 * d1 + a12 * d2) + a22 * d2 * d2;
      o[x] = q > t ? 255 : 0;
    }
  }
  return out;
}

cv::Mat HalfSizeLab(const cv::Mat& bgr, bool exact) {
  cv::Mat half, lab;
  if (exact) {
    cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
    cv::resize(lab, half, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
    return half;
  }
  cv::resize(bgr, half, cv::Size(), 0.5, 0.5, cv::INTER_AREA);
  cv::cvtColor(half, lab, cv::COLOR_BGR2Lab);
  return lab;
}

cv::Mat NotTable(const cv::Mat& half_lab, cv::Size size, const ColorStats& table, double limit) {
  cv::Mat out;
  cv::resize(FarFrom(half_lab, table, limit), out, size, 0, 0, cv::INTER_NEAREST);
  return out;
}

}  // namespace cf
