#include "vision/table_layout.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace cf {

namespace {

uint64_t Mix(uint64_t a, uint64_t b) {
  uint64_t h = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull + (a << 6) + (a >> 2));
  h ^= h >> 31;
  return h * 0xBF58476D1CE4E5B9ull;
}

double Uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

cv::Point2d Rotate(cv::Point2d p, double deg) {
  double a = deg * CV_PI / 180, c = std::cos(a), s = std::sin(a);
  return {c * p.x - s * p.y, s * p.x + c * p.y};
}

double SegmentDistance(cv::Point2d p, cv::Point2d a, cv::Point2d b) {
  cv::Point2d ab = b - a;
  double t = std::clamp((p - a).dot(ab) / std::max(1e-12, ab.dot(ab)), 0.0, 1.0);
  return cv::norm(p - (a + t * ab));
}

bool Inside(const std::vector<cv::Point2d>& poly, cv::Point2d p) {
  std::vector<cv::Point2f> f(poly.begin(), poly.end());
  return cv::pointPolygonTest(f, cv::Point2f(static_cast<float>(p.x), static_cast<float>(p.y)),
                              false) >= 0;
}

bool InsideTile(const SceneTile& t, cv::Point2d p) {
  cv::Point2d local = Rotate(p - cv::Point2d(t.center_mm[0], t.center_mm[1]), -t.angle_deg);
  return std::abs(local.x) <= kTilePitchMm / 2 && std::abs(local.y) <= kTilePitchMm / 2;
}

}  // namespace

void TilePointToTable(const SceneTile& tile, Vec2 canonical, double out[2]) {
  // Canonical -> board frame by whole quarter turns, then the hand's extra turn about the centre.
  Vec2 board = RotatePosition(canonical, ((tile.rotation / 90) % 4 + 4) % 4);
  cv::Point2d off((board.x - 0.5) * kTilePitchMm, (board.y - 0.5) * kTilePitchMm);
  cv::Point2d p = Rotate(off, tile.angle_deg - tile.rotation);
  out[0] = tile.center_mm[0] + p.x;
  out[1] = tile.center_mm[1] + p.y;
}

Vec2 TableToTilePoint(const SceneTile& tile, const double mm[2]) {
  cv::Point2d off = Rotate({mm[0] - tile.center_mm[0], mm[1] - tile.center_mm[1]},
                           -(tile.angle_deg - tile.rotation));
  Vec2 board{off.x / kTilePitchMm + 0.5, off.y / kTilePitchMm + 0.5};
  return RotatePosition(board, (4 - ((tile.rotation / 90) % 4 + 4) % 4) % 4);
}

Scene LayoutTable(const GameState& game, const LayoutOptions& options) {
  Scene scene;
  const Board& board = game.board();
  for (int i = 0; i < board.tile_count(); ++i) {
    std::mt19937_64 rng(Mix(options.seed, static_cast<uint64_t>(i)));
    const PlacedTile& p = board.tile(i);
    SceneTile t;
    t.id = board.type_of(i).id;
    t.at = p.at;
    t.rotation = p.rotation * 90;
    t.center_mm[0] = p.at.x * kTilePitchMm + Uniform(rng, -options.jitter_mm, options.jitter_mm);
    t.center_mm[1] = p.at.y * kTilePitchMm + Uniform(rng, -options.jitter_mm, options.jitter_mm);
    t.angle_deg = t.rotation + Uniform(rng, -options.jitter_deg, options.jitter_deg);
    scene.tiles.push_back(t);
  }
  for (const Follower& f : game.followers()) {
    std::mt19937_64 rng(
        Mix(options.seed ^ 0xF0110, static_cast<uint64_t>(f.tile * 16 + f.feature)));
    const SceneTile& t = scene.tiles[f.tile];
    const TileType& type = board.type_of(f.tile);
    SceneFollower sf;
    sf.color = game.setup().players[f.player].color;
    sf.pose = game.IsLying(f) ? "lying" : "standing";
    sf.at = t.at;
    sf.on = std::string(PointName(f.point));
    sf.yaw_deg = Uniform(rng, 0, 360);
    Vec2 spot = type.features[f.feature].anchor;
    for (int attempt = 0; attempt < 8;
         ++attempt) {  // a little off the anchor, still on the feature
      Vec2 moved{spot.x + Uniform(rng, -0.04, 0.04), spot.y + Uniform(rng, -0.04, 0.04)};
      if (type.feature_at(moved) == f.feature) {
        spot = moved;
        break;
      }
    }
    TilePointToTable(t, spot, sf.center_mm);
    scene.followers.push_back(sf);
  }
  return scene;
}

const std::vector<cv::Point2d>& MeepleOutline() {
  static const std::vector<cv::Point2d> kOutline = {
      {-8, 0},      {-2.5, 0},    {0, 3.5},     {2.5, 0},    {8, 0},      {5.5, 7},
      {8, 9.5},     {7.5, 11},    {3.2, 11.6},  {3.4, 13.4}, {2.4, 15.4}, {0, 16},
      {-2.4, 15.4}, {-3.4, 13.4}, {-3.2, 11.6}, {-7.5, 11},  {-8, 9.5},   {-5.5, 7}};
  return kOutline;
}

const std::vector<cv::Point2d>& LyingMeepleOutline() {
  static const std::vector<cv::Point2d> kCentred = [] {
    const auto& outline = MeepleOutline();
    double area = 0;
    cv::Point2d centroid(0, 0);
    for (size_t i = 0; i < outline.size(); ++i) {
      const auto &a = outline[i], &b = outline[(i + 1) % outline.size()];
      double cross = a.x * b.y - b.x * a.y;
      area += cross / 2;
      centroid += (a + b) * cross;
    }
    centroid /= 6 * area;
    std::vector<cv::Point2d> centred;
    for (auto p : outline) centred.push_back(p - centroid);
    return centred;
  }();
  return kCentred;
}

std::vector<cv::Point2d> FollowerFootprint(const SceneFollower& f) {
  std::vector<cv::Point2d> local;
  if (f.pose == "standing") {
    local = {{-8, -5}, {8, -5}, {8, 5}, {-8, 5}};
  } else {
    local = LyingMeepleOutline();
  }
  std::vector<cv::Point2d> out;
  for (auto p : local)
    out.push_back(Rotate(p, f.yaw_deg) + cv::Point2d(f.center_mm[0], f.center_mm[1]));
  return out;
}

std::vector<cv::Point2d> TokenFootprint(const SceneToken& t) {
  TokenShape s = TokenShapeOf(*ParseTokenKind(t.kind));
  std::vector<cv::Point2d> out;
  for (int i = 0; i < 32; ++i) {
    double a = 2 * CV_PI * i / 32;
    out.push_back(Rotate({s.length / 2 * std::cos(a), s.width / 2 * std::sin(a)}, t.angle_deg) +
                  cv::Point2d(t.center_mm[0], t.center_mm[1]));
  }
  return out;
}

double FootprintGap(const std::vector<cv::Point2d>& a, const std::vector<cv::Point2d>& b) {
  for (const auto& p : a)
    if (Inside(b, p)) return 0;
  for (const auto& p : b)
    if (Inside(a, p)) return 0;
  double best = 1e18;
  for (size_t i = 0; i < a.size(); ++i)
    for (size_t j = 0; j < b.size(); ++j) {
      best = std::min(best, SegmentDistance(a[i], b[j], b[(j + 1) % b.size()]));
      best = std::min(best, SegmentDistance(b[j], a[i], a[(i + 1) % a.size()]));
    }
  return best;
}

bool TokenOnBoard(const Scene& scene, TokenKind kind, const double center[2], double angle_deg) {
  SceneToken probe;
  probe.kind = TokenKindName(kind);
  probe.center_mm[0] = center[0];
  probe.center_mm[1] = center[1];
  probe.angle_deg = angle_deg;
  auto pts = TokenFootprint(probe);
  pts.push_back({center[0], center[1]});
  for (const auto& t : scene.tiles)
    for (const auto& p : pts)
      if (InsideTile(t, p)) return true;
  return false;
}

void ScatterTokens(Scene& scene, int count, std::mt19937_64& rng) {
  if (scene.tiles.empty()) return;
  double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
  for (const auto& t : scene.tiles) {
    minx = std::min(minx, t.center_mm[0]), maxx = std::max(maxx, t.center_mm[0]);
    miny = std::min(miny, t.center_mm[1]), maxy = std::max(maxy, t.center_mm[1]);
  }
  for (int i = 0; i < count; ++i) {
    TokenKind kind = static_cast<TokenKind>(i % 4);
    SceneToken tok;
    tok.kind = TokenKindName(kind);
    tok.angle_deg = Uniform(rng, 0, 180);
    double r = TokenShapeOf(kind).length / 2;
    double where = Uniform(rng, 0, 1);
    for (int attempt = 0; attempt < 40; ++attempt) {
      if (where < 0.3 && !scene.followers.empty()) {  // touching a follower
        const auto& f = scene.followers[std::uniform_int_distribution<size_t>(
            0, scene.followers.size() - 1)(rng)];
        double a = Uniform(rng, 0, 2 * CV_PI), d = r + (f.pose == "standing" ? 5.5 : 8.5);
        tok.center_mm[0] = f.center_mm[0] + d * std::cos(a);
        tok.center_mm[1] = f.center_mm[1] + d * std::sin(a);
      } else if (where < 0.7) {  // on a tile
        const auto& t =
            scene.tiles[std::uniform_int_distribution<size_t>(0, scene.tiles.size() - 1)(rng)];
        tok.center_mm[0] = t.center_mm[0] + Uniform(rng, -18, 18);
        tok.center_mm[1] = t.center_mm[1] + Uniform(rng, -18, 18);
      } else {  // off the board, on the table
        double a = Uniform(rng, 0, 2 * CV_PI);
        double cx = (minx + maxx) / 2, cy = (miny + maxy) / 2;
        double rx = (maxx - minx) / 2 + 45 + Uniform(rng, 10, 90),
               ry = (maxy - miny) / 2 + 45 + Uniform(rng, 10, 90);
        tok.center_mm[0] = cx + rx * std::cos(a);
        tok.center_mm[1] = cy + ry * std::sin(a);
      }
      // Tokens do not overlap each other or lie on a follower.
      bool clear = true;
      for (const auto& o : scene.tokens)
        clear &=
            std::hypot(o.center_mm[0] - tok.center_mm[0], o.center_mm[1] - tok.center_mm[1]) > 26;
      for (const auto& f : scene.followers)
        clear &= std::hypot(f.center_mm[0] - tok.center_mm[0], f.center_mm[1] - tok.center_mm[1]) >
                 r + (f.pose == "standing" ? 5 : 8);
      if (clear) break;
    }
    tok.on_board = TokenOnBoard(scene, kind, tok.center_mm, tok.angle_deg);
    scene.tokens.push_back(tok);
  }
}

}  // namespace cf
