#include "engine/tile_geometry.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <deque>
#include <numbers>

namespace cf {

namespace {

constexpr double kRoadHalfWidth = 0.055;
constexpr double kCapDepth = 0.3;

Polygon Rotated(Polygon poly, int quarter_turns) {
  for (auto& p : poly) p = RotatePosition(p, quarter_turns);
  return poly;
}

// A band of constant width along a polyline.
Polygon ThickPolyline(const std::vector<Vec2>& line, double half_width) {
  std::vector<Vec2> left, right;
  for (size_t i = 0; i < line.size(); ++i) {
    Vec2 a = line[i == 0 ? 0 : i - 1], b = line[i + 1 < line.size() ? i + 1 : i];
    double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
    if (len == 0) len = 1;
    double nx = -dy / len * half_width, ny = dx / len * half_width;
    left.push_back({line[i].x + nx, line[i].y + ny});
    right.push_back({line[i].x - nx, line[i].y - ny});
  }
  Polygon poly(left.begin(), left.end());
  poly.insert(poly.end(), right.rbegin(), right.rend());
  return poly;
}

Polygon Disc(Vec2 c, double r, int sides = 16) {
  Polygon p;
  for (int i = 0; i < sides; ++i) {
    double a = 2 * std::numbers::pi * i / sides;
    p.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
  }
  return p;
}

Polygon Square(Vec2 c, double half) {
  return {{c.x - half, c.y - half},
          {c.x + half, c.y - half},
          {c.x + half, c.y + half},
          {c.x - half, c.y + half}};
}

// The inner wall of a city along the north edge, from the east end to the west end.
std::vector<Vec2> CapWall(double depth, double corner_inset) {
  std::vector<Vec2> wall;
  for (int i = 0; i <= 8; ++i) {
    double t = 1 - i / 8.0;
    double x = corner_inset + (1 - 2 * corner_inset) * t;
    double y = corner_inset + (depth - corner_inset) * std::sin(std::numbers::pi * t);
    wall.push_back({x, y});
  }
  return wall;
}

// A city covering the edges in `edge_mask` (bit e = edge e), as one polygon.
Polygon CityShape(unsigned edge_mask) {
  int n = std::popcount(edge_mask);
  if (n == 4) return {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  auto first_edge = [&](auto pred) {
    for (int e = 0; e < 4; ++e)
      if (pred(e)) return e;
    return 0;
  };
  if (n == 1) {
    Polygon p = {{0, 0}, {1, 0}};
    for (auto v : CapWall(kCapDepth, 0.2)) p.push_back(v);
    return Rotated(p, first_edge([&](int e) { return edge_mask >> e & 1; }));
  }
  if (n == 3) {  // open towards the missing edge, drawn for the south edge open
    Polygon p = {{0, 0}, {1, 0}, {1, 1}};
    for (auto v : CapWall(kCapDepth + 0.05, 0.0)) p.push_back({v.x, 1 - v.y});
    p.push_back({0, 1});
    int open = first_edge([&](int e) { return !(edge_mask >> e & 1); });
    return Rotated(p, (open - kSouth + 4) % 4);
  }
  if (edge_mask == 0b0101 || edge_mask == 0b1010) {  // a band between opposite edges, drawn W-E
    Polygon p = {{0, 0}};
    for (auto v : CapWall(0.28, 0.0)) p.push_back({1 - v.x, v.y});
    p.push_back({1, 0});
    p.push_back({1, 1});
    for (auto v : CapWall(0.28, 0.0)) p.push_back({v.x, 1 - v.y});
    p.push_back({0, 1});
    return Rotated(p, edge_mask == 0b1010 ? 0 : 1);
  }
  // two adjacent edges, drawn for north and west
  Polygon p = {{0, 0}, {1, 0}};
  for (int i = 1; i < 8; ++i) {
    double t = i / 8.0;
    double bulge = 0.04 * std::sin(std::numbers::pi * t);  // towards the tile centre
    p.push_back({1 - t + bulge, t + bulge});
  }
  p.push_back({0, 1});
  int north =
      first_edge([&](int e) { return (edge_mask >> e & 1) && (edge_mask >> ((e + 3) % 4) & 1); });
  return Rotated(p, north);
}

Vec2 CornerPosition(const std::string& name, bool& ok) {
  ok = true;
  if (name == "NW") return {0, 0};
  if (name == "NE") return {1, 0};
  if (name == "SE") return {1, 1};
  if (name == "SW") return {0, 1};
  ok = false;
  return {};
}

// A road through its edge points: a stub to its end, a straight or an arc between two edges.
Polygon RoadShape(const Feature& f, std::optional<Vec2> end) {
  std::vector<int> pts;
  for (int p = 0; p < kEdgePointCount; ++p)
    if (f.points >> p & 1) pts.push_back(p);
  std::vector<Vec2> line;
  if (pts.size() == 2) {
    int e1 = pts[0] / 3, e2 = pts[1] / 3;
    Vec2 a = PointPosition(pts[0]), b = PointPosition(pts[1]);
    if ((e1 + 2) % 4 == e2) {
      line = {a, b};
    } else {  // quarter circle about the corner the two edges share
      Vec2 corner = {(a.x == 0.5 ? b.x : a.x), (a.y == 0.5 ? b.y : a.y)};
      double a0 = std::atan2(a.y - corner.y, a.x - corner.x),
             a1 = std::atan2(b.y - corner.y, b.x - corner.x);
      if (a1 - a0 > std::numbers::pi) a1 -= 2 * std::numbers::pi;
      if (a0 - a1 > std::numbers::pi) a1 += 2 * std::numbers::pi;
      for (int i = 0; i <= 12; ++i) {
        double t = a0 + (a1 - a0) * i / 12.0;
        line.push_back({corner.x + 0.5 * std::cos(t), corner.y + 0.5 * std::sin(t)});
      }
    }
  } else {
    Vec2 to = end.value_or(Vec2{0.5, 0.5});
    line = {PointPosition(pts[0]), to};
  }
  return ThickPolyline(line, kRoadHalfWidth);
}

bool Inside(const Polygon& poly, Vec2 p) { return PolygonContains(poly, p); }

// The bounding box of a polygon: min x, min y, max x, max y.
std::array<double, 4> Box(const Polygon& poly) {
  std::array<double, 4> b{2, 2, -1, -1};
  for (const auto& v : poly)
    b = {std::min(b[0], v.x), std::min(b[1], v.y), std::max(b[2], v.x), std::max(b[3], v.y)};
  return b;
}

}  // namespace

bool PolygonContains(const Polygon& poly, Vec2 p) {
  bool in = false;
  for (size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2 &a = poly[i], &b = poly[j];
    if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

Status BuildGeometry(TileType& tile, const std::vector<std::vector<std::string>>& reaches,
                     const std::vector<std::optional<Vec2>>& ats,
                     const std::vector<double>& sizes) {
  auto& fs = tile.features;
  for (size_t i = 0; i < fs.size(); ++i) {
    Feature& f = fs[i];
    f.shapes.clear();
    Vec2 at = ats[i].value_or(Vec2{0.5, 0.5});
    switch (f.kind) {
      case FeatureKind::kRoad:
        f.shapes.push_back(RoadShape(f, ats[i]));
        break;
      case FeatureKind::kCity: {
        unsigned edges = 0;
        for (int e = 0; e < 4; ++e)
          if (f.points >> (3 * e + 1) & 1) edges |= 1u << e;
        f.shapes.push_back(CityShape(edges));
        break;
      }
      case FeatureKind::kCloister:
        f.shapes.push_back(Square(at, sizes[i] > 0 ? sizes[i] : 0.16));
        break;
      case FeatureKind::kTent:
        f.shapes.push_back(Disc(at, sizes[i] > 0 ? sizes[i] : 0.13, 8));
        break;
      case FeatureKind::kHut:
        f.shapes.push_back(Square(at, sizes[i] > 0 ? sizes[i] : 0.075));
        break;
      case FeatureKind::kFair: {
        f.shapes.push_back(Disc(at, sizes[i] > 0 ? sizes[i] : 0.2));
        std::vector<Vec2> targets;
        for (int p = 0; p < kEdgePointCount; ++p)
          if (f.points >> p & 1) targets.push_back(PointPosition(p));
        for (const auto& r : reaches[i]) {
          bool ok;
          Vec2 c = CornerPosition(r, ok);
          if (ok)
            targets.push_back(c);
          else if (auto p = ParsePoint(r))
            targets.push_back(PointPosition(*p));
          else
            return Fail("fair reaches unknown point '" + r + "'");
        }
        for (auto t : targets) f.shapes.push_back(ThickPolyline({at, t}, 0.08));
        break;
      }
      case FeatureKind::kField:
        break;
    }
    if (f.kind != FeatureKind::kField) f.anchor = at;
  }
  for (const auto& f : fs)
    if (f.kind == FeatureKind::kHut)
      for (int l : f.links)
        if (fs[l].kind != FeatureKind::kRoad && fs[l].kind != FeatureKind::kCity)
          return Fail("hut " + f.name + " can only be tied to roads and cities");

  // Paint order: roads, cities, then the centre features on top.
  auto rank = [](FeatureKind k) {
    switch (k) {
      case FeatureKind::kField:
        return 0;
      case FeatureKind::kRoad:
        return 1;
      case FeatureKind::kCity:
        return 2;
      case FeatureKind::kFair:
        return 3;
      default:
        return 4;
    }
  };
  constexpr int G = kLabelGrid;
  tile.label_map.assign(G * G, -1);
  std::vector<std::vector<std::array<double, 4>>> boxes(fs.size());
  for (size_t i = 0; i < fs.size(); ++i)
    for (const auto& s : fs[i].shapes) boxes[i].push_back(Box(s));
  for (int r = 0; r < G; ++r) {
    for (int c = 0; c < G; ++c) {
      Vec2 p{(c + 0.5) / G, (r + 0.5) / G};
      int best = -1, best_rank = 0;
      for (size_t i = 0; i < fs.size(); ++i) {
        if (rank(fs[i].kind) < best_rank) continue;
        for (size_t k = 0; k < fs[i].shapes.size(); ++k) {
          const auto& b = boxes[i][k];
          if (p.x < b[0] || p.y < b[1] || p.x > b[2] || p.y > b[3] || !Inside(fs[i].shapes[k], p))
            continue;
          {
            best = static_cast<int>(i);
            best_rank = rank(fs[i].kind);
            break;
          }
        }
      }
      tile.label_map[r * G + c] = static_cast<int8_t>(best);
    }
  }

  auto pixel_near = [&](int point) {
    Vec2 p = PointPosition(point);
    Vec2 inward{(0.5 - p.x), (0.5 - p.y)};
    double len = std::hypot(inward.x, inward.y);
    p.x += inward.x / len * 1.5 / G;
    p.y += inward.y / len * 1.5 / G;
    return std::clamp(static_cast<int>(p.y * G), 0, G - 1) * G +
           std::clamp(static_cast<int>(p.x * G), 0, G - 1);
  };
  for (int p = 0; p < kEdgePointCount; ++p) {
    int f = tile.feature_at_point[p];
    if (fs[f].kind == FeatureKind::kField) continue;
    int got = tile.label_map[pixel_near(p)];
    if (got != f)
      return Fail("the drawing of " + fs[f].name + " does not cover " + std::string(PointName(p)));
  }

  // Fields: the connected unpainted regions, named by the edge points inside them.
  std::vector<int> component(G * G, -1);
  int components = 0;
  for (int start = 0; start < G * G; ++start) {
    if (tile.label_map[start] != -1 || component[start] != -1) continue;
    std::deque<int> queue{start};
    component[start] = components;
    while (!queue.empty()) {
      int i = queue.front();
      queue.pop_front();
      int r = i / G, c = i % G;
      const int nr[4] = {r - 1, r + 1, r, r}, nc[4] = {c, c, c - 1, c + 1};
      for (int k = 0; k < 4; ++k) {
        if (nr[k] < 0 || nr[k] >= G || nc[k] < 0 || nc[k] >= G) continue;
        int j = nr[k] * G + nc[k];
        if (tile.label_map[j] == -1 && component[j] == -1) {
          component[j] = components;
          queue.push_back(j);
        }
      }
    }
    ++components;
  }
  std::vector<int> field_of(components, -1);
  std::vector<int> component_of_field(fs.size(), -1);
  for (int p = 0; p < kEdgePointCount; ++p) {
    int f = tile.feature_at_point[p];
    if (fs[f].kind != FeatureKind::kField) continue;
    int comp = component[pixel_near(p)];
    if (comp < 0)
      return Fail("field " + fs[f].name + " is painted over at " + std::string(PointName(p)));
    if (component_of_field[f] >= 0 && component_of_field[f] != comp)
      return Fail("field " + fs[f].name + " is drawn in separate parts");
    component_of_field[f] = comp;
    if (field_of[comp] >= 0 && field_of[comp] != f)
      return Fail("the drawing joins fields " + fs[field_of[comp]].name + " and " + fs[f].name);
    field_of[comp] = f;
  }
  for (int i = 0; i < G * G; ++i)
    if (component[i] >= 0 && field_of[component[i]] >= 0)
      tile.label_map[i] = static_cast<int8_t>(field_of[component[i]]);
  // Pockets no edge point reaches take the label of their nearest neighbour.
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int8_t> next = tile.label_map;
    for (int i = 0; i < G * G; ++i) {
      if (tile.label_map[i] != -1) continue;
      int r = i / G, c = i % G;
      const int nr[4] = {r - 1, r + 1, r, r}, nc[4] = {c, c, c - 1, c + 1};
      for (int k = 0; k < 4 && next[i] == -1; ++k)
        if (nr[k] >= 0 && nr[k] < G && nc[k] >= 0 && nc[k] < G &&
            tile.label_map[nr[k] * G + nc[k]] != -1) {
          next[i] = tile.label_map[nr[k] * G + nc[k]];
          changed = true;
        }
    }
    tile.label_map = std::move(next);
  }

  // Field and road anchors: the pixel of the feature farthest from any other feature.
  for (size_t i = 0; i < fs.size(); ++i) {
    if (fs[i].kind != FeatureKind::kField && fs[i].kind != FeatureKind::kRoad &&
        fs[i].kind != FeatureKind::kCity && fs[i].kind != FeatureKind::kFair)
      continue;
    std::vector<int> dist(G * G, -1);
    std::deque<int> queue;
    for (int p = 0; p < G * G; ++p)
      if (tile.label_map[p] != static_cast<int>(i)) {
        dist[p] = 0;
        queue.push_back(p);
      }
    while (!queue.empty()) {
      int p = queue.front();
      queue.pop_front();
      int r = p / G, c = p % G;
      const int nr[4] = {r - 1, r + 1, r, r}, nc[4] = {c, c, c - 1, c + 1};
      for (int k = 0; k < 4; ++k) {
        if (nr[k] < 0 || nr[k] >= G || nc[k] < 0 || nc[k] >= G) continue;
        int j = nr[k] * G + nc[k];
        if (dist[j] < 0) {
          dist[j] = dist[p] + 1;
          queue.push_back(j);
        }
      }
    }
    // Prefer pixels near the feature's own first edge point among equally deep ones.
    Vec2 pref = PointPosition(fs[i].first_point());
    int best = -1;
    double best_score = -1e9;
    for (int p = 0; p < G * G; ++p) {
      if (tile.label_map[p] != static_cast<int>(i)) continue;
      Vec2 v{(p % G + 0.5) / G, (p / G + 0.5) / G};
      double depth = std::min(dist[p], fs[i].kind == FeatureKind::kRoad   ? 3
                                       : fs[i].kind == FeatureKind::kCity ? 20
                                                                          : 8);
      double pull = fs[i].kind == FeatureKind::kCity ? 0.05 : 0.5;  // cities: the deepest point
      double score = depth - pull * std::hypot(v.x - pref.x, v.y - pref.y) * G / 8;
      // Keep followers off the tile's rim, where a millimetre would put them on the neighbour.
      double rim = std::min({v.x, v.y, 1 - v.x, 1 - v.y});
      if (rim < 0.16) score -= (0.16 - rim) * G;
      if (score > best_score) {
        best_score = score;
        best = p;
      }
    }
    if (best < 0) return Fail("feature " + fs[i].name + " has no area on the tile");
    fs[i].anchor = {(best % G + 0.5) / G, (best / G + 0.5) / G};
  }
  return Status::Ok();
}

}  // namespace cf
