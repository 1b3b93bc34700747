#include "vision/table_renderer.h"

#include <algorithm>
#include <map>
#include <opencv2/aruco/charuco.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/grid_upsample.h"
#include "vision/table_layout.h"
#include "vision/tile_painter.h"

namespace cf {

namespace {

constexpr double kTileThickness = 2.0;
constexpr double kTokenThickness = 2.0;
constexpr double kMeepleThickness = 10.0;

double Uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

cv::Scalar ColorOf(const std::string& name) {
  static const std::map<std::string, cv::Scalar> kColors = {
      {"red", {40, 40, 200}},     {"blue", {190, 90, 30}}, {"green", {60, 150, 40}},
      {"yellow", {30, 215, 235}}, {"black", {35, 35, 35}}, {"gray", {150, 150, 150}}};
  auto it = kColors.find(name);
  return it == kColors.end() ? cv::Scalar(200, 0, 200) : it->second;
}

cv::Scalar TokenColor(TokenKind k) {
  switch (k) {
    case TokenKind::kKnockout:
      return {200, 110, 40};
    case TokenKind::kSeduction:
      return {40, 200, 235};
    case TokenKind::kTarget:
      return {50, 160, 60};
    case TokenKind::kCatch:
      return {50, 50, 210};
  }
  return {0, 0, 0};
}

// A flat face of a solid, in world coordinates, with its base colour.
struct Face {
  std::vector<cv::Point3d> pts;
  cv::Scalar color;
};

cv::Vec3d Normal(const std::vector<cv::Point3d>& p) {
  cv::Vec3d n(0, 0, 0);
  for (size_t i = 0; i < p.size(); ++i) {  // Newell's method
    const auto &a = p[i], &b = p[(i + 1) % p.size()];
    n[0] += (a.y - b.y) * (a.z + b.z);
    n[1] += (a.z - b.z) * (a.x + b.x);
    n[2] += (a.x - b.x) * (a.y + b.y);
  }
  double len = cv::norm(n);
  return len > 0 ? n / len : n;
}

// Top, bottom and sides of a prism: `outline` (mm, in the plane spanned by u and v) swept along w.
void Prism(const std::vector<cv::Point2d>& outline, cv::Point3d origin, cv::Vec3d u, cv::Vec3d v,
           cv::Vec3d w, double depth, cv::Scalar color, std::vector<Face>& faces) {
  auto at = [&](cv::Point2d p, double d) {
    cv::Vec3d q = cv::Vec3d(origin.x, origin.y, origin.z) + p.x * u + p.y * v + d * w;
    return cv::Point3d(q[0], q[1], q[2]);
  };
  Face front{{}, color}, back{{}, color};
  for (const auto& p : outline) {
    front.pts.push_back(at(p, depth / 2));
    back.pts.push_back(at(p, -depth / 2));
  }
  faces.push_back(front);
  faces.push_back(back);
  for (size_t i = 0; i < outline.size(); ++i) {
    const auto &a = outline[i], &b = outline[(i + 1) % outline.size()];
    faces.push_back(
        {{at(a, depth / 2), at(b, depth / 2), at(b, -depth / 2), at(a, -depth / 2)}, color});
  }
}

double SurfaceZ(const Scene& scene, double x, double y) {
  for (const auto& t : scene.tiles) {
    double a = -t.angle_deg * CV_PI / 180;
    double dx = x - t.center_mm[0], dy = y - t.center_mm[1];
    double lx = std::cos(a) * dx - std::sin(a) * dy, ly = std::sin(a) * dx + std::cos(a) * dy;
    if (std::abs(lx) <= kTilePitchMm / 2 && std::abs(ly) <= kTilePitchMm / 2)
      return -kTileThickness;
  }
  return 0;
}

void FollowerFaces(const Scene& scene, const SceneFollower& f, std::vector<Face>& faces) {
  double z = SurfaceZ(scene, f.center_mm[0], f.center_mm[1]);
  double yaw = f.yaw_deg * CV_PI / 180;
  cv::Vec3d across(std::cos(yaw), std::sin(yaw), 0), facing(-std::sin(yaw), std::cos(yaw), 0),
      up(0, 0, -1);
  cv::Point3d base(f.center_mm[0], f.center_mm[1], z);
  if (f.pose == "standing") {
    Prism(MeepleOutline(), base, across, up, facing, kMeepleThickness, ColorOf(f.color), faces);
  } else {  // lying on its back: the outline flat, its area centred on the footprint's centre
    cv::Point3d c = base + cv::Point3d(0, 0, -kMeepleThickness / 2);
    Prism(LyingMeepleOutline(), c, across, facing, up, kMeepleThickness, ColorOf(f.color), faces);
  }
}

void TokenFaces(const Scene& scene, const SceneToken& t, std::vector<Face>& faces) {
  TokenKind kind = *ParseTokenKind(t.kind);
  TokenShape s = TokenShapeOf(kind);
  double z = SurfaceZ(scene, t.center_mm[0], t.center_mm[1]);
  std::vector<cv::Point2d> ellipse;
  for (int i = 0; i < 28; ++i) {
    double a = 2 * CV_PI * i / 28;
    ellipse.push_back({s.length / 2 * std::cos(a), s.width / 2 * std::sin(a)});
  }
  double a = t.angle_deg * CV_PI / 180;
  cv::Vec3d u(std::cos(a), std::sin(a), 0), v(-std::sin(a), std::cos(a), 0), up(0, 0, -1);
  Prism(ellipse, {t.center_mm[0], t.center_mm[1], z - kTokenThickness / 2}, u, v, up,
        kTokenThickness, TokenColor(kind), faces);
}

// Per-pixel world ray directions (undistorted), interpolated from a coarse grid.
cv::Mat RayDirections(const Camera& cam) {
  const int step = 8;
  cv::Mat grid(cam.height / step + 2, cam.width / step + 2, CV_32FC3);
  cv::Matx33d Rt = cam.R.t();
  for (int gy = 0; gy < grid.rows; ++gy)
    for (int gx = 0; gx < grid.cols; ++gx) {
      cv::Point2d n = cam.Undistort({gx * step * 1.0, gy * step * 1.0});
      grid.at<cv::Vec3f>(gy, gx) = cv::Vec3f(Rt * cv::Vec3d(n.x, n.y, 1));
    }
  return UpsampleGrid(grid, step, {cam.width, cam.height});
}

// Remap tables from image pixels to a plane's canvas: origin, two in-plane unit axes (mm).
void PlaneMaps(const Camera& cam, const cv::Mat& rays, cv::Vec3d origin, cv::Vec3d ex, cv::Vec3d ey,
               double ppmm, cv::Mat& mapx, cv::Mat& mapy) {
  cv::Vec3d c = cam.position();
  cv::Vec3d n = ex.cross(ey);
  double nc = n.dot(origin - c);
  mapx.create(rays.size(), CV_32F);
  mapy.create(rays.size(), CV_32F);
  for (int y = 0; y < rays.rows; ++y) {
    const cv::Vec3f* r = rays.ptr<cv::Vec3f>(y);
    float* mx = mapx.ptr<float>(y);
    float* my = mapy.ptr<float>(y);
    for (int x = 0; x < rays.cols; ++x) {
      cv::Vec3d d(r[x][0], r[x][1], r[x][2]);
      double nd = n.dot(d);
      double s = nd != 0 ? nc / nd : -1;
      if (s <= 0) {
        mx[x] = my[x] = -1e6f;
        continue;
      }
      cv::Vec3d p = c + s * d - origin;
      mx[x] = static_cast<float>(p.dot(ex) * ppmm);
      my[x] = static_cast<float>(p.dot(ey) * ppmm);
    }
  }
}

// A surface of TableSurface's: `origin_mm` is the table point at the texture's first pixel.
cv::Mat SurfaceTexture(cv::Size size, const TableSurface& surface, double ppmm,
                       cv::Point2d origin_mm, const cv::Mat& mottled) {
  cv::Mat out(size, CV_8UC3);
  const cv::Vec3f white(235, 235, 235),
      dark(static_cast<float>(surface.color[0]), static_cast<float>(surface.color[1]),
           static_cast<float>(surface.color[2]));
  auto stripe = [&](double mm) {  // in a coloured band of the weave
    return static_cast<int>(std::floor(mm / surface.check_mm)) % 2 != 0;
  };
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      cv::Vec3f c = dark;
      if (surface.kind == TableSurface::Kind::kGingham) {
        // Where both bands cross, the cloth's colour; where one does, half of it; else white.
        const int bands = stripe(origin_mm.x + x / ppmm) + stripe(origin_mm.y + y / ppmm);
        c = white + (dark - white) * (bands / 2.0f);
      }
      const float grain = 4 * mottled.at<float>(y, x);
      out.at<cv::Vec3b>(y, x) =
          cv::Vec3b(cv::saturate_cast<uchar>(c[0] + grain), cv::saturate_cast<uchar>(c[1] + grain),
                    cv::saturate_cast<uchar>(c[2] + grain));
    }
  return out;
}

cv::Mat TableTexture(cv::Size size, const Look& look, double ppmm, std::mt19937_64& rng,
                     cv::Point2d origin_mm = {}) {
  cv::Mat low(std::max(2, size.height / 24), std::max(2, size.width / 24), CV_32F);
  cv::theRNG().state = rng();
  cv::randu(low, -1, 1);
  cv::Mat mottled;
  cv::resize(low, mottled, size, 0, 0, cv::INTER_CUBIC);
  if (look.surface) return SurfaceTexture(size, *look.surface, ppmm, origin_mm, mottled);
  cv::Mat grain(size, CV_32F);
  if (look.wood) {  // long stripes along x with slow waves
    cv::Mat stripes(std::max(2, static_cast<int>(size.height / (ppmm * 1.5))), 1, CV_32F);
    cv::randu(stripes, -1, 1);
    cv::Mat s;
    cv::resize(stripes, s, cv::Size(1, size.height), 0, 0, cv::INTER_LINEAR);
    cv::repeat(s, 1, size.width, grain);
    grain = grain * 0.6 + mottled * 0.4;
  } else {  // a woven cloth: fine checks
    cv::Mat weave(size, CV_32F);
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x)
        weave.at<float>(y, x) =
            ((static_cast<int>(x / ppmm) + static_cast<int>(y / ppmm)) % 2) ? 0.3f : -0.3f;
    grain = weave * 0.5 + mottled * 0.5;
  }
  cv::Mat out(size, CV_8UC3);
  std::vector<cv::Mat> ch(3);
  for (int i = 0; i < 3; ++i) {
    cv::Mat f = grain * (look.wood ? 14 : 10) + look.table_color[i];
    f.convertTo(ch[i], CV_8U);
  }
  cv::merge(ch, out);
  return out;
}

// Applies the light: falloff from the lamp, colour cast, exposure, glare.
void Light(cv::Mat& img, const Look& look, const cv::Mat& rays) {
  const Camera& cam = look.camera;
  cv::Vec3d c = cam.position();
  const int step = 16;
  cv::Mat gain_low(cam.height / step + 1, cam.width / step + 1, CV_32F);
  for (int gy = 0; gy < gain_low.rows; ++gy)
    for (int gx = 0; gx < gain_low.cols; ++gx) {
      int x = std::min(gx * step, cam.width - 1), y = std::min(gy * step, cam.height - 1);
      cv::Vec3f d = rays.at<cv::Vec3f>(y, x);
      double s = d[2] > 0 ? -c[2] / d[2] : 0;
      cv::Vec3d p = c + s * cv::Vec3d(d[0], d[1], d[2]);
      double dist = cv::norm(p - cv::Vec3d(look.light.x, look.light.y, look.light.z));
      double ref = std::abs(look.light.z);
      double g = 1.0 - look.light_falloff * std::clamp((dist - ref) / (ref * 1.2), 0.0, 1.0);
      double vx = (x - cam.cx) / cam.width, vy = (y - cam.cy) / cam.height;
      g *= 1.0 - look.vignette * (vx * vx + vy * vy);
      gain_low.at<float>(gy, gx) = static_cast<float>(g * look.exposure);
    }
  cv::Mat gain;
  cv::resize(gain_low, gain, img.size(), 0, 0, cv::INTER_LINEAR);
  cv::Mat blob;
  if (look.glare > 0) {
    blob = cv::Mat(img.size(), CV_32F, cv::Scalar(0));
    cv::Point centre(static_cast<int>(look.glare_at.x * img.cols),
                     static_cast<int>(look.glare_at.y * img.rows));
    cv::circle(blob, centre, img.rows / 10, cv::Scalar(1), -1);
    cv::GaussianBlur(blob, blob, cv::Size(), img.rows / 14.0);
  }
  for (int y = 0; y < img.rows; ++y) {
    cv::Vec3b* p = img.ptr<cv::Vec3b>(y);
    const float* g = gain.ptr<float>(y);
    const float* b = blob.empty() ? nullptr : blob.ptr<float>(y);
    for (int x = 0; x < img.cols; ++x)
      for (int k = 0; k < 3; ++k) {
        float v = p[x][k] * g[x] * static_cast<float>(look.color_cast[k]) +
                  (b ? b[x] * 255.0f * static_cast<float>(look.glare) : 0.0f);
        p[x][k] = cv::saturate_cast<uchar>(v);
      }
  }
}

// Arms reaching in from an edge of the picture: skin-coloured, shaded, occluding.
cv::Mat DrawHands(cv::Mat& img, const Look& look, std::mt19937_64& rng) {
  cv::Mat mask(img.size(), CV_8U, cv::Scalar(0));
  for (int h = 0; h < look.hands; ++h) {
    int edge = std::uniform_int_distribution<int>(0, 3)(rng);
    double t = Uniform(rng, 0.2, 0.8);
    cv::Point2d start = edge == 0   ? cv::Point2d(t * img.cols, -20)
                        : edge == 1 ? cv::Point2d(img.cols + 20, t * img.rows)
                        : edge == 2 ? cv::Point2d(t * img.cols, img.rows + 20)
                                    : cv::Point2d(-20, t * img.rows);
    cv::Point2d toward(img.cols * Uniform(rng, 0.3, 0.7), img.rows * Uniform(rng, 0.3, 0.7));
    cv::Point2d dir = toward - start;
    dir /= cv::norm(dir);
    double reach = Uniform(rng, 0.2, 0.45) * std::min(img.cols, img.rows);
    cv::Point2d wrist = start + dir * reach;
    int width = static_cast<int>(img.rows * Uniform(rng, 0.07, 0.11));
    cv::Scalar skin(Uniform(rng, 90, 170), Uniform(rng, 120, 190), Uniform(rng, 170, 235));
    cv::line(img, start, wrist, skin, width, cv::LINE_AA);
    cv::line(mask, start, wrist, cv::Scalar(255), width, cv::LINE_AA);
    cv::Point2d palm = wrist + dir * width * 0.6;
    cv::Size axes(static_cast<int>(width * 0.75), static_cast<int>(width * 0.55));
    double ang = std::atan2(dir.y, dir.x) * 180 / CV_PI;
    cv::ellipse(img, palm, axes, ang, 0, 360, skin * 0.95, -1, cv::LINE_AA);
    cv::ellipse(mask, palm, axes, ang, 0, 360, cv::Scalar(255), -1, cv::LINE_AA);
    for (int k = -1; k <= 2; ++k) {  // fingers
      cv::Point2d side(-dir.y, dir.x);
      cv::Point2d base = palm + dir * axes.width * 0.6 + side * (k - 0.5) * axes.height * 0.45;
      cv::line(img, base, base + dir * width * 0.6, skin * 0.92, std::max(2, width / 6),
               cv::LINE_AA);
      cv::line(mask, base, base + dir * width * 0.6, cv::Scalar(255), std::max(2, width / 6),
               cv::LINE_AA);
    }
  }
  return mask;
}

void PostProcess(cv::Mat& img, const Look& look, std::mt19937_64& rng) {
  if (look.blur_sigma > 0.05) cv::GaussianBlur(img, img, cv::Size(), look.blur_sigma);
  if (look.noise_sigma > 0) {  // sensor noise from a table of normal samples
    std::normal_distribution<float> normal(0, static_cast<float>(look.noise_sigma));
    std::vector<float> table(4093);
    for (auto& v : table) v = normal(rng);
    size_t k = rng() % table.size();
    for (int y = 0; y < img.rows; ++y) {
      uchar* p = img.ptr<uchar>(y);
      for (int x = 0; x < img.cols * 3; ++x) {
        p[x] = cv::saturate_cast<uchar>(p[x] + table[k]);
        k = (k + 7) % table.size();
      }
    }
  }
  if (look.jpeg_quality > 0) {
    std::vector<uchar> buf;
    cv::imencode(".jpg", img, buf, {cv::IMWRITE_JPEG_QUALITY, look.jpeg_quality});
    img = cv::imdecode(buf, cv::IMREAD_COLOR);
  }
}

// A rendered plane: its canvas, where it lies in the world, and its resolution.
struct Canvas {
  cv::Mat image, mask;
  cv::Vec3d origin, ex, ey;
  double ppmm;
};

void Composite(cv::Mat& out, const Canvas& c, const Camera& cam, const cv::Mat& rays, bool masked) {
  // Only the part of the picture the canvas can reach.
  cv::Rect roi(0, 0, cam.width, cam.height);
  if (masked) {
    double minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
    double w = c.image.cols / c.ppmm, h = c.image.rows / c.ppmm;
    for (int i = 0; i <= 8; ++i)
      for (int j = 0; j <= 8; ++j) {
        if (i != 0 && i != 8 && j != 0 && j != 8) continue;
        cv::Vec3d p = c.origin + c.ex * (w * i / 8) + c.ey * (h * j / 8);
        cv::Point2d q = cam.Project({p[0], p[1], p[2]});
        minx = std::min(minx, q.x), maxx = std::max(maxx, q.x), miny = std::min(miny, q.y),
        maxy = std::max(maxy, q.y);
      }
    roi &= cv::Rect(static_cast<int>(minx) - 4, static_cast<int>(miny) - 4,
                    static_cast<int>(maxx - minx) + 8, static_cast<int>(maxy - miny) + 8);
    if (roi.empty()) return;
  }
  cv::Mat mapx, mapy, warped;
  PlaneMaps(cam, rays(roi), c.origin, c.ex, c.ey, c.ppmm, mapx, mapy);
  cv::remap(c.image, warped, mapx, mapy, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  if (!masked) {
    out = warped;
    return;
  }
  cv::Mat target = out(roi);
  cv::Mat alpha;
  cv::remap(c.mask, alpha, mapx, mapy, cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
  for (int y = 0; y < target.rows; ++y) {
    cv::Vec3b* o = target.ptr<cv::Vec3b>(y);
    const cv::Vec3b* w = warped.ptr<cv::Vec3b>(y);
    const uchar* a = alpha.ptr<uchar>(y);
    for (int x = 0; x < target.cols; ++x) {
      if (a[x] == 0) continue;
      if (a[x] == 255) {
        o[x] = w[x];
        continue;
      }
      for (int k = 0; k < 3; ++k)
        o[x][k] = static_cast<uchar>((w[x][k] * a[x] + o[x][k] * (255 - a[x]) + 127) / 255);
    }
  }
}

void DrawFaces(cv::Mat& img, std::vector<Face>& faces, const Look& look) {
  const Camera& cam = look.camera;
  struct Drawn {
    double depth;
    std::vector<cv::Point> px;
    cv::Scalar color;
  };
  std::vector<Drawn> drawn;
  cv::Vec3d eye = cam.position();
  for (auto& f : faces) {
    cv::Vec3d n = Normal(f.pts);
    cv::Point3d mid(0, 0, 0);
    for (const auto& p : f.pts) mid += p;
    mid *= 1.0 / f.pts.size();
    cv::Vec3d to_eye = eye - cv::Vec3d(mid.x, mid.y, mid.z);
    if (n.dot(to_eye) < 0) n = -n;
    if (n.dot(to_eye) <= 1e-9) continue;
    cv::Vec3d to_light =
        cv::Vec3d(look.light.x, look.light.y, look.light.z) - cv::Vec3d(mid.x, mid.y, mid.z);
    double lambert = std::max(0.0, n.dot(to_light / cv::norm(to_light)));
    double shade = 0.45 + 0.6 * lambert;
    Drawn d{0, {}, f.color * shade};
    for (const auto& p : f.pts) {
      double z;
      cv::Point2d q = cam.Project(p, &z);
      d.depth += z;
      d.px.push_back({static_cast<int>(q.x * 16), static_cast<int>(q.y * 16)});
    }
    d.depth /= f.pts.size();
    drawn.push_back(std::move(d));
  }
  std::sort(drawn.begin(), drawn.end(),
            [](const Drawn& a, const Drawn& b) { return a.depth > b.depth; });
  for (const auto& d : drawn) {
    std::vector<std::vector<cv::Point>> polys{d.px};
    cv::fillPoly(img, polys, d.color, cv::LINE_AA, 4);
  }
}

void DrawShadows(Canvas& canvas, const std::vector<Face>& faces, const Look& look, double plane_z) {
  std::vector<cv::Point2f> pts;
  cv::Vec3d L(look.light.x, look.light.y, look.light.z);
  for (const auto& f : faces)
    for (const auto& p : f.pts) {
      cv::Vec3d P(p.x, p.y, p.z), d = P - L;
      if (std::abs(d[2]) < 1e-9) continue;
      double s = (plane_z - P[2]) / d[2];
      cv::Vec3d q = P + s * d - canvas.origin;
      pts.push_back(cv::Point2f(static_cast<float>(q.dot(canvas.ex) * canvas.ppmm),
                                static_cast<float>(q.dot(canvas.ey) * canvas.ppmm)));
    }
  if (pts.size() < 3) return;
  std::vector<cv::Point2f> hull;
  cv::convexHull(pts, hull);
  std::vector<cv::Point> ih;
  for (auto p : hull) ih.push_back({static_cast<int>(p.x * 16), static_cast<int>(p.y * 16)});
  cv::Rect fine = cv::boundingRect(ih);
  int pad = static_cast<int>(canvas.ppmm * 3) + 3;
  cv::Rect box(fine.x / 16 - pad, fine.y / 16 - pad, fine.width / 16 + 2 * pad,
               fine.height / 16 + 2 * pad);
  box &= cv::Rect(0, 0, canvas.image.cols, canvas.image.rows);
  if (box.empty()) return;
  cv::Mat mroi(box.size(), CV_8U, cv::Scalar(0));
  for (auto& p : ih) p -= cv::Point(box.x * 16, box.y * 16);
  cv::fillConvexPoly(mroi, ih, cv::Scalar(255), cv::LINE_AA, 4);
  cv::Mat roi = canvas.image(box);
  cv::Mat blurred;
  cv::GaussianBlur(mroi, blurred, cv::Size(), std::max(0.8, canvas.ppmm * 0.8));
  for (int y = 0; y < roi.rows; ++y)
    for (int x = 0; x < roi.cols; ++x) {
      float a = blurred.at<uchar>(y, x) / 255.0f * 0.45f;
      cv::Vec3b& px = roi.at<cv::Vec3b>(y, x);
      for (int c = 0; c < 3; ++c) px[c] = static_cast<uchar>(px[c] * (1 - a));
    }
}

}  // namespace

Look RandomLook(const Scene& scene, const LookOptions& o, uint64_t seed) {
  std::mt19937_64 rng(seed * 7919 + 17);
  double minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (const auto& t : scene.tiles) {
    minx = std::min(minx, t.center_mm[0]), maxx = std::max(maxx, t.center_mm[0]);
    miny = std::min(miny, t.center_mm[1]), maxy = std::max(maxy, t.center_mm[1]);
  }
  cv::Point2d centre((minx + maxx) / 2, (miny + maxy) / 2);
  double extent = std::hypot(maxx - minx, maxy - miny) * 0.85 + kTilePitchMm * 2;  // any yaw
  Look look;
  look.seed = seed;
  double distance = Uniform(rng, o.min_distance, o.max_distance);
  double tilt = Uniform(rng, o.min_tilt, o.max_tilt);
  double yaw = Uniform(rng, -180, 180);
  // Field of view so that the board fills most of the picture, within what phones and webcams have.
  // Fit the board's extent into the shorter side of the picture (with some room for the tilt).
  double vfov = 2 * std::atan(extent * (1.0 + tilt / 60) / 2 / distance);
  double hfov =
      std::clamp(2 * std::atan(std::tan(vfov / 2) * o.width / o.height) * 180 / CV_PI, 30.0, 85.0);
  cv::Vec<double, 5> dist(0, 0, 0, 0, 0);
  if (o.distortion)
    dist = {Uniform(rng, -0.18, 0.08), Uniform(rng, -0.05, 0.08), Uniform(rng, -0.001, 0.001),
            Uniform(rng, -0.001, 0.001), 0};
  look.camera = Camera::LookingAt(centre, distance, tilt, yaw, o.width, o.height, hfov, dist);
  look.wood = Uniform(rng, 0, 1) < 0.6;
  look.table_color =
      look.wood ? cv::Scalar(Uniform(rng, 30, 80), Uniform(rng, 60, 110), Uniform(rng, 100, 170))
                : cv::Scalar(Uniform(rng, 30, 220), Uniform(rng, 30, 220), Uniform(rng, 30, 220));
  double la = Uniform(rng, 0, 2 * CV_PI), lr = Uniform(rng, 0, 900);
  look.light = {centre.x + lr * std::cos(la), centre.y + lr * std::sin(la),
                -Uniform(rng, 900, 2200)};
  look.light_falloff = Uniform(rng, 0.05, 0.5);
  double warm = Uniform(rng, -0.12, 0.12);  // lamp (warm) to window (cool)
  look.color_cast = {1 - warm + Uniform(rng, -0.04, 0.04), 1 + Uniform(rng, -0.04, 0.04),
                     1 + warm + Uniform(rng, -0.04, 0.04)};
  look.exposure = Uniform(rng, 0.7, 1.2);
  look.glare = Uniform(rng, 0, 1) < 0.3 ? Uniform(rng, 0.1, 0.45) : 0;
  look.glare_at = {Uniform(rng, 0.2, 0.8), Uniform(rng, 0.2, 0.8)};
  look.blur_sigma = Uniform(rng, 0, 1.2);
  look.noise_sigma = Uniform(rng, 0.5, 5);
  look.jpeg_quality = static_cast<int>(Uniform(rng, 60, 96));
  look.hands = Uniform(rng, 0, 1) < o.hands_chance ? 1 + (Uniform(rng, 0, 1) < 0.3) : 0;
  look.surface = o.surface;
  if (o.surface) look.wood = false;
  return look;
}

std::vector<std::string> TableSurfaceNames() {
  return {"gingham-red", "gingham-blue", "green-felt", "white", "black"};
}

Result<TableSurface> TableSurfaceNamed(const std::string& name) {
  using Kind = TableSurface::Kind;
  if (name == "gingham-red") return TableSurface{Kind::kGingham, {45, 45, 190}, 25};
  if (name == "gingham-blue") return TableSurface{Kind::kGingham, {170, 90, 40}, 45};
  if (name == "green-felt") return TableSurface{Kind::kFelt, {50, 115, 40}, 0};
  if (name == "white") return TableSurface{Kind::kFelt, {228, 228, 225}, 0};
  if (name == "black") return TableSurface{Kind::kFelt, {28, 28, 30}, 0};
  std::string known;
  for (const auto& n : TableSurfaceNames()) known += (known.empty() ? "" : ", ") + n;
  return Fail("unknown table surface '" + name + "' (known: " + known + ")");
}

cv::Mat RenderTable(const TileCatalog& catalog, Scene& scene, const Look& look, cv::Mat* hidden) {
  const Camera& cam = look.camera;
  std::mt19937_64 rng(look.seed * 104729 + 3);
  cv::Mat rays = RayDirections(cam);

  // The visible part of the table, and a canvas resolution a little finer than the picture's.
  double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
  for (int y = 0; y <= cam.height; y += cam.height / 8)
    for (int x = 0; x <= cam.width; x += cam.width / 8) {
      cv::Point2d p;
      if (!cam.PixelToPlane({double(x), double(y)}, 0, p)) continue;
      minx = std::min(minx, p.x), maxx = std::max(maxx, p.x), miny = std::min(miny, p.y),
      maxy = std::max(maxy, p.y);
    }
  cv::Point2d mid(0, 0);
  for (const auto& t : scene.tiles) mid += cv::Point2d(t.center_mm[0], t.center_mm[1]);
  if (!scene.tiles.empty()) mid *= 1.0 / scene.tiles.size();
  double px_per_mm =
      cv::norm(cam.Project({mid.x + 5, mid.y, 0}) - cam.Project({mid.x - 5, mid.y, 0})) / 10;
  double ppmm = std::clamp(px_per_mm * 1.3, 1.0, 6.0);
  // A table reaches some 60 cm beyond the board; farther away the canvas edge repeats.
  double bx0 = mid.x, bx1 = mid.x, by0 = mid.y, by1 = mid.y;
  for (const auto& t : scene.tiles) {
    bx0 = std::min(bx0, t.center_mm[0]), bx1 = std::max(bx1, t.center_mm[0]);
    by0 = std::min(by0, t.center_mm[1]), by1 = std::max(by1, t.center_mm[1]);
  }
  minx = std::max(minx, bx0 - 600), maxx = std::min(maxx, bx1 + 600);
  miny = std::max(miny, by0 - 600), maxy = std::min(maxy, by1 + 600);
  // The table at half the resolution of the tiles: it is background.
  double table_ppmm = std::max(0.5, ppmm / 2);
  cv::Size size(static_cast<int>((maxx - minx) * table_ppmm) + 2,
                static_cast<int>((maxy - miny) * table_ppmm) + 2);
  Canvas table{TableTexture(size, look, table_ppmm, rng, {minx, miny}),
               cv::Mat(),
               {minx, miny, 0},
               {1, 0, 0},
               {0, 1, 0},
               table_ppmm};
  // Tiles only where the board is.
  double tx0 = bx0 - 45, ty0 = by0 - 45;
  cv::Size tsize(static_cast<int>((bx1 - bx0 + 90) * ppmm) + 2,
                 static_cast<int>((by1 - by0 + 90) * ppmm) + 2);
  Canvas tiles{cv::Mat(tsize, CV_8UC3, cv::Scalar(0, 0, 0)),
               cv::Mat(tsize, CV_8U, cv::Scalar(0)),
               {tx0, ty0, -kTileThickness},
               {1, 0, 0},
               {0, 1, 0},
               ppmm};

  // Tiles: painted once per type at this resolution, turned and placed.
  std::map<std::string, cv::Mat> painted;
  int tile_px = static_cast<int>(std::round(kTilePitchMm * ppmm));
  for (const auto& t : scene.tiles) {
    int type = catalog.find(t.id);
    if (type < 0) continue;
    auto it = painted.find(t.id);
    if (it == painted.end())
      it = painted.emplace(t.id, PaintTile(catalog.type(type), tile_px, {look.seed})).first;
    const cv::Mat& art = it->second;
    cv::Point2d c((t.center_mm[0] - tx0) * ppmm, (t.center_mm[1] - ty0) * ppmm);
    cv::Mat A =
        cv::getRotationMatrix2D(cv::Point2f(art.cols / 2.0f, art.rows / 2.0f), -t.angle_deg, 1.0);
    A.at<double>(0, 2) += c.x - art.cols / 2.0;
    A.at<double>(1, 2) += c.y - art.rows / 2.0;
    int half = static_cast<int>(tile_px * 0.75) + 2;
    cv::Rect roi =
        cv::Rect(static_cast<int>(c.x) - half, static_cast<int>(c.y) - half, 2 * half, 2 * half) &
        cv::Rect(0, 0, tsize.width, tsize.height);
    if (roi.empty()) continue;
    A.at<double>(0, 2) -= roi.x;
    A.at<double>(1, 2) -= roi.y;
    cv::Mat dst = tiles.image(roi), mdst = tiles.mask(roi);
    cv::warpAffine(art, dst, A, roi.size(), cv::INTER_LINEAR, cv::BORDER_TRANSPARENT);
    cv::Mat ones(art.size(), CV_8U, cv::Scalar(255)), m;
    cv::warpAffine(ones, m, A, roi.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
    cv::max(mdst, m, mdst);
    // The tile's own 2 mm edge casts a thin shadow on the table.
    std::vector<Face> slab;
    std::vector<cv::Point2d> square = {{-22.5, -22.5}, {22.5, -22.5}, {22.5, 22.5}, {-22.5, 22.5}};
    double a = t.angle_deg * CV_PI / 180;
    Prism(square, {t.center_mm[0], t.center_mm[1], -kTileThickness / 2},
          {std::cos(a), std::sin(a), 0}, {-std::sin(a), std::cos(a), 0}, {0, 0, -1}, kTileThickness,
          {}, slab);
    DrawShadows(table, slab, look, 0);
  }

  // Followers and tokens: solids with shadows.
  std::vector<Face> faces;
  auto add = [&](std::vector<Face> solid, double x, double y) {
    double z = SurfaceZ(scene, x, y);
    DrawShadows(z < 0 ? tiles : table, solid, look, z);
    faces.insert(faces.end(), solid.begin(), solid.end());
  };
  for (const auto& f : scene.followers) {
    std::vector<Face> solid;
    FollowerFaces(scene, f, solid);
    add(solid, f.center_mm[0], f.center_mm[1]);
  }
  for (const auto& t : scene.tokens) {
    std::vector<Face> solid;
    TokenFaces(scene, t, solid);
    add(solid, t.center_mm[0], t.center_mm[1]);
  }

  cv::Mat img;
  Composite(img, table, cam, rays, false);
  Composite(img, tiles, cam, rays, true);
  DrawFaces(img, faces, look);
  Light(img, look, rays);
  cv::Mat hands = DrawHands(img, look, rng);
  if (hidden) {
    std::vector<Face> white = faces;
    for (auto& f : white) f.color = {255, 255, 255};
    cv::Mat drawn(img.size(), CV_8UC3, cv::Scalar(0, 0, 0));
    DrawFaces(drawn, white, look);
    cv::cvtColor(drawn, *hidden, cv::COLOR_BGR2GRAY);
    *hidden = (*hidden > 0) | (hands > 0);
  }
  auto covered = [&](double x, double y, double z) {
    cv::Point2d p = cam.Project({x, y, z});
    return p.x >= 0 && p.y >= 0 && p.x < hands.cols && p.y < hands.rows &&
           hands.at<uchar>(int(p.y), int(p.x)) > 0;
  };
  for (auto& t : scene.tiles) t.occluded = covered(t.center_mm[0], t.center_mm[1], 0);
  for (auto& f : scene.followers) f.occluded = covered(f.center_mm[0], f.center_mm[1], -6);
  for (auto& t : scene.tokens) t.occluded = covered(t.center_mm[0], t.center_mm[1], -2);
  PostProcess(img, look, rng);
  scene.camera = cam;
  return img;
}

cv::Mat RenderCharucoView(const CharucoSpec& spec, const CharucoPose& pose, const Look& look) {
  const Camera& cam = look.camera;
  std::mt19937_64 rng(look.seed * 31 + 5);
  cv::Mat rays = RayDirections(cam);
  double ppmm = 8;
  auto board = cv::aruco::CharucoBoard::create(
      spec.squares_x, spec.squares_y, static_cast<float>(spec.square_mm),
      static_cast<float>(spec.marker_mm), cv::aruco::getPredefinedDictionary(spec.dictionary));
  double w = spec.squares_x * spec.square_mm, h = spec.squares_y * spec.square_mm, margin = 10;
  cv::Mat art;
  board->draw(cv::Size(static_cast<int>((w + 2 * margin) * ppmm),
                       static_cast<int>((h + 2 * margin) * ppmm)),
              art, static_cast<int>(margin * ppmm), 1);
  cv::cvtColor(art, art, cv::COLOR_GRAY2BGR);
  // The board's axes: turned about z, then tilted about its own x and y.
  double yaw = pose.yaw_deg * CV_PI / 180, tx = pose.tilt_x_deg * CV_PI / 180,
         ty = pose.tilt_y_deg * CV_PI / 180;
  cv::Matx33d Rz(std::cos(yaw), -std::sin(yaw), 0, std::sin(yaw), std::cos(yaw), 0, 0, 0, 1);
  cv::Matx33d Rx(1, 0, 0, 0, std::cos(tx), -std::sin(tx), 0, std::sin(tx), std::cos(tx));
  cv::Matx33d Ry(std::cos(ty), 0, std::sin(ty), 0, 1, 0, -std::sin(ty), 0, std::cos(ty));
  cv::Matx33d Rb = Rz * Rx * Ry;
  cv::Vec3d ex = Rb * cv::Vec3d(1, 0, 0), ey = Rb * cv::Vec3d(0, 1, 0);
  cv::Vec3d origin = cv::Vec3d(pose.center.x, pose.center.y, pose.center.z) -
                     ex * (w / 2 + margin) - ey * (h / 2 + margin);
  cv::Size tsize(static_cast<int>(3000 * 0.5), static_cast<int>(3000 * 0.5));
  Canvas table{TableTexture(tsize, look, 0.5, rng),
               cv::Mat(),
               {pose.center.x - 1500, pose.center.y - 1500, 0},
               {1, 0, 0},
               {0, 1, 0},
               0.5};
  Canvas target{art, cv::Mat(art.size(), CV_8U, cv::Scalar(255)), origin, ex, ey, ppmm};
  cv::Mat img;
  Composite(img, table, cam, rays, false);
  Composite(img, target, cam, rays, true);
  Light(img, look, rays);
  PostProcess(img, look, rng);
  return img;
}

Look CalibrationLook(const LookOptions& options, uint64_t seed) {
  Scene table;
  for (double x : {-300.0, 300.0}) {
    SceneTile t;
    t.center_mm[0] = t.center_mm[1] = x;
    table.tiles.push_back(t);
  }
  Look look = RandomLook(table, options, seed);
  look.hands = 0;
  return look;
}

std::vector<CharucoPose> CalibrationPoses(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<CharucoPose> poses;
  for (int i = 0; i < count; ++i) {
    CharucoPose p;
    // Spread over the field of view on a 3 x 3 pattern, as calibration guides ask, so that the
    // lens's edges are seen, and tilted both ways so that focal length and centre separate.
    int cell = (i - 1) % 9;
    double gx = i == 0 ? 0 : (cell % 3 - 1), gy = i == 0 ? 0 : (cell / 3 - 1);
    p.center = {gx * 300 + u(rng) * 40, gy * 170 + u(rng) * 30,
                i == 0 ? 0.0 : -std::abs(u(rng)) * 150};
    p.tilt_x_deg = i == 0 ? 0 : u(rng) * 40;
    p.tilt_y_deg = i == 0 ? 0 : u(rng) * 40;
    p.yaw_deg = u(rng) * 30;
    poses.push_back(p);
  }
  return poses;
}

}  // namespace cf
