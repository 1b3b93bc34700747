#include "engine/tile_catalog.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "engine/tile_geometry.h"
#include "engine/whole_file.h"

#ifndef CF_CATALOG_PATH
#define CF_CATALOG_PATH "engine/data/tiles.catalog"
#endif

namespace cf {

std::string_view FeatureKindName(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::kRoad:
      return "road";
    case FeatureKind::kCity:
      return "city";
    case FeatureKind::kField:
      return "field";
    case FeatureKind::kCloister:
      return "cloister";
    case FeatureKind::kFair:
      return "fair";
    case FeatureKind::kTent:
      return "tent";
    case FeatureKind::kHut:
      return "hut";
  }
  return "?";
}

int Feature::first_point() const {
  for (int p = 0; p < kPointCount; ++p)
    if (points & (1u << p)) return p;
  return kCentrePoint;
}

int TileType::occupiable_feature_at(int point) const {
  if (point < 0 || point >= kPointCount) return -1;
  if (point == kCentrePoint) {
    for (size_t i = 0; i < features.size(); ++i)
      if ((features[i].points >> kCentrePoint & 1) && IsOccupiable(features[i].kind))
        return static_cast<int>(i);
    return -1;
  }
  int f = feature_at_point[point];
  return f >= 0 && IsOccupiable(features[f].kind) ? f : -1;
}

int TileType::feature_at(Vec2 p) const {
  if (p.x < 0 || p.y < 0 || p.x >= 1 || p.y >= 1 || label_map.empty()) return -1;
  int col = static_cast<int>(p.x * kLabelGrid), row = static_cast<int>(p.y * kLabelGrid);
  return label_map[row * kLabelGrid + col];
}

int TileType::nearest_occupiable_feature(Vec2 p, double reach) const {
  int best = -1;
  double best_d2 = reach * reach;
  for (int row = 0; row < kLabelGrid && !label_map.empty(); ++row)
    for (int col = 0; col < kLabelGrid; ++col) {
      int f = label_map[row * kLabelGrid + col];
      if (f < 0 || !IsOccupiable(features[f].kind)) continue;
      double dx = (col + 0.5) / kLabelGrid - p.x, dy = (row + 0.5) / kLabelGrid - p.y;
      if (dx * dx + dy * dy < best_d2) best_d2 = dx * dx + dy * dy, best = f;
    }
  return best;
}

bool SameFace(const TileType& a, int qa, const TileType& b, int qb) {
  qa = (qa % 4 + 4) % 4, qb = (qb % 4 + 4) % 4;
  if (a.features.size() != b.features.size() || a.edge_signature[qa] != b.edge_signature[qb])
    return false;
  // The feature of `b` that mostly lies where each feature of `a` lies, face up; drawn shapes
  // turned differ by a few pixels along their borders.
  const int na = static_cast<int>(a.features.size()), nb = static_cast<int>(b.features.size());
  std::vector<int> overlap((na + 1) * (nb + 1), 0);  // index 0: no feature
  // The feature under label cell (col, row) of a face turned `q` quarter turns: the tile's own
  // label cell that RotatePosition turns onto it.
  auto feature_under = [](const TileType& t, int col, int row, int q) {
    if (t.label_map.empty()) return -1;
    for (int i = 0; i < (4 - q) % 4; ++i) std::tie(col, row) = std::pair(kLabelGrid - 1 - row, col);
    return static_cast<int>(t.label_map[row * kLabelGrid + col]);
  };
  for (int row = 0; row < kLabelGrid; ++row)
    for (int col = 0; col < kLabelGrid; ++col) {
      const int fa = feature_under(a, col, row, qa), fb = feature_under(b, col, row, qb);
      ++overlap[(fa + 1) * (nb + 1) + fb + 1];
    }
  std::vector<int> as_b(na, -1), as_a(nb, -1);
  int agreeing = overlap[0];
  for (int i = 0; i < na; ++i) {
    int best = 0, best_n = 0;
    for (int j = 0; j <= nb; ++j)
      if (overlap[(i + 1) * (nb + 1) + j] > best_n)
        best_n = overlap[(i + 1) * (nb + 1) + j], best = j;
    if (best_n == 0) continue;  // not drawn: matched by its place below
    if (best == 0 || as_a[best - 1] >= 0) return false;
    as_b[i] = best - 1, as_a[best - 1] = i;
    agreeing += best_n;
  }
  if (agreeing < kLabelGrid * kLabelGrid * 0.98) return false;
  auto board_points = [](const Feature& f, int q) {
    uint32_t out = 0;
    for (int point = 0; point < kPointCount; ++point)
      if (f.points >> point & 1) out |= 1u << RotatePoint(point, q);
    return out;
  };
  auto same_spot = [&](const Feature& fa, const Feature& fb) {
    const Vec2 pa = RotatePosition(fa.anchor, qa), pb = RotatePosition(fb.anchor, qb);
    return std::abs(pa.x - pb.x) < 0.02 && std::abs(pa.y - pb.y) < 0.02;
  };
  std::vector<bool> matched(b.features.size(), false);
  for (size_t i = 0; i < a.features.size(); ++i) {
    const Feature& fa = a.features[i];
    // A feature the label map does not show (a hut drawn at a spot) is matched by its place.
    int j = as_b[i];
    for (size_t k = 0; j < 0 && k < b.features.size(); ++k)
      if (!matched[k] && b.features[k].kind == fa.kind && same_spot(fa, b.features[k]))
        j = static_cast<int>(k);
    if (j < 0 || matched[j]) return false;
    matched[j] = true;
    const Feature& fb = b.features[j];
    if (fa.kind != fb.kind || fa.shields != fb.shields || fa.inn != fb.inn ||
        fa.cathedral != fb.cathedral || board_points(fa, qa) != board_points(fb, qb))
      return false;
    if (!IsConnectable(fa.kind) && !same_spot(fa, fb)) return false;
  }
  return true;
}

bool TileType::has(FeatureKind kind) const {
  return std::any_of(features.begin(), features.end(),
                     [kind](const Feature& f) { return f.kind == kind; });
}

int TileCatalog::find(std::string_view id) const {
  for (size_t i = 0; i < types_.size(); ++i)
    if (types_[i].id == id) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> TileCatalog::sets() const {
  std::vector<std::string> out;
  for (const auto& t : types_)
    if (std::find(out.begin(), out.end(), t.set) == out.end()) out.push_back(t.set);
  return out;
}

std::string TileCatalog::DefaultPath() {
  if (const char* env = std::getenv("CATAPULT_FAIR_CATALOG"); env && *env) return env;
  return CF_CATALOG_PATH;
}

Result<TileCatalog> TileCatalog::LoadDefault() { return Load(DefaultPath()); }

Result<TileCatalog> TileCatalog::Load(const std::string& path) {
  auto text = ReadWholeFile(path, "tile catalog");
  if (!text) return text.error();
  return Parse(*text, path);
}

namespace {

std::vector<std::string> Split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::vector<std::string> Words(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> out;
  for (std::string w; is >> w;) out.push_back(w);
  return out;
}

bool ParseNumber(const std::string& s, double& out) {
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

std::optional<FeatureKind> ParseKind(const std::string& w) {
  for (FeatureKind k :
       {FeatureKind::kRoad, FeatureKind::kCity, FeatureKind::kField, FeatureKind::kCloister,
        FeatureKind::kFair, FeatureKind::kTent, FeatureKind::kHut})
    if (FeatureKindName(k) == w) return k;
  return std::nullopt;
}

// Checks what the file alone cannot enforce: every edge point covered once, edges agree with
// features.
Status Validate(TileType& t) {
  t.feature_at_point.fill(-1);
  for (size_t i = 0; i < t.features.size(); ++i) {
    for (int p = 0; p < kEdgePointCount; ++p) {
      if (!(t.features[i].points >> p & 1)) continue;
      if (t.feature_at_point[p] >= 0)
        return Fail("point " + std::string(PointName(p)) + " belongs to two features");
      t.feature_at_point[p] = static_cast<int8_t>(i);
    }
  }
  for (int p = 0; p < kEdgePointCount; ++p)
    if (t.feature_at_point[p] < 0)
      return Fail("point " + std::string(PointName(p)) + " has no feature");
  for (int e = 0; e < 4; ++e) {
    auto kind_at = [&](int j) { return t.features[t.feature_at_point[3 * e + j]].kind; };
    auto side_ok = [&](int j) {
      return kind_at(j) == FeatureKind::kField || kind_at(j) == FeatureKind::kFair;
    };
    bool ok = true;
    switch (t.edges[e]) {
      case EdgeKind::kCity:
        ok = t.feature_at_point[3 * e] == t.feature_at_point[3 * e + 1] &&
             t.feature_at_point[3 * e + 1] == t.feature_at_point[3 * e + 2] &&
             kind_at(1) == FeatureKind::kCity;
        break;
      case EdgeKind::kRoad:
        ok = kind_at(1) == FeatureKind::kRoad && side_ok(0) && side_ok(2);
        break;
      case EdgeKind::kField:
        ok = side_ok(0) && side_ok(1) && side_ok(2);
        break;
    }
    if (!ok)
      return Fail("edge " + std::string("NESW").substr(e, 1) + " disagrees with its features");
  }
  for (int r = 0; r < 4; ++r) {
    t.edge_signature[r] = 0;
    for (int d = 0; d < 4; ++d)
      t.edge_signature[r] |=
          static_cast<uint8_t>(static_cast<int>(t.edges[(d - r + 4) % 4]) << (2 * d));
  }
  for (auto& f : t.features) {
    if (IsConnectable(f.kind) && (f.points >> kCentrePoint & 1))
      return Fail(std::string(FeatureKindName(f.kind)) + " " + f.name + " cannot stand on C");
    if (!IsConnectable(f.kind) && f.kind != FeatureKind::kFair && f.points != (1u << kCentrePoint))
      return Fail(f.name + ": a centre feature touches only C");
  }
  return Status::Ok();
}

}  // namespace

Result<TileCatalog> TileCatalog::Parse(std::string_view text, const std::string& source) {
  TileCatalog cat;
  std::istringstream in{std::string(text)};
  std::string line;
  int line_no = 0;
  TileType* cur = nullptr;
  struct PendingRefs {
    int feature;
    std::vector<std::string> touches, links, ends;
  };
  std::vector<PendingRefs> pending;
  std::vector<std::vector<std::string>> reaches;  // geometry hints per feature
  std::vector<std::optional<Vec2>> ats;
  std::vector<double> sizes;
  auto where = [&] { return source + ":" + std::to_string(line_no) + ": "; };

  auto finish_tile = [&]() -> Status {
    for (const auto& p : pending) {
      auto resolve = [&](const std::string& name, std::vector<int>& out) -> Status {
        for (size_t i = 0; i < cur->features.size(); ++i)
          if (cur->features[i].name == name) {
            out.push_back(static_cast<int>(i));
            return Status::Ok();
          }
        return Fail("tile " + cur->id + ": unknown feature '" + name + "'");
      };
      for (const auto& n : p.touches)
        if (auto s = resolve(n, cur->features[p.feature].touches); !s) return s;
      for (const auto& n : p.links)
        if (auto s = resolve(n, cur->features[p.feature].links); !s) return s;
      std::vector<int> ends;
      for (const auto& n : p.ends)
        if (auto s = resolve(n, ends); !s) return s;
      if (!ends.empty()) {
        auto k = cur->features[ends[0]].kind;
        if (k != FeatureKind::kCity && k != FeatureKind::kCloister)
          return Fail("tile " + cur->id + ": a road ends only at a city gate or a cloister");
        cur->features[p.feature].ends = ends[0];
      }
    }
    for (int c : [&] {
           std::vector<int> all;
           for (const auto& f : cur->features)
             all.insert(all.end(), f.touches.begin(), f.touches.end());
           return all;
         }())
      if (cur->features[c].kind != FeatureKind::kCity)
        return Fail("tile " + cur->id + ": a field can only touch a city");
    if (auto s = Validate(*cur); !s) return Fail("tile " + cur->id + ": " + s.error().message);
    if (auto s = BuildGeometry(*cur, reaches, ats, sizes); !s)
      return Fail("tile " + cur->id + ": " + s.error().message);
    pending.clear();
    reaches.clear();
    ats.clear();
    sizes.clear();
    cur = nullptr;
    return Status::Ok();
  };

  while (std::getline(in, line)) {
    ++line_no;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    auto w = Words(line);
    if (w.empty()) continue;
    if (w[0] == "tile") {
      if (cur) return Fail(where() + "'tile' before 'end' of tile " + cur->id);
      if (w.size() < 2) return Fail(where() + "tile without id");
      if (cat.find(w[1]) >= 0) return Fail(where() + "tile " + w[1] + " defined twice");
      cat.types_.emplace_back();
      cur = &cat.types_.back();
      cur->id = w[1];
      bool has_edges = false;
      for (size_t i = 2; i < w.size(); ++i) {
        auto eq = w[i].find('=');
        std::string key = w[i].substr(0, eq),
                    val = eq == std::string::npos ? "" : w[i].substr(eq + 1);
        double num;
        if (key == "start") {
          cur->start = true;
        } else if (key == "count" && ParseNumber(val, num) && num >= 0) {
          cur->count = static_cast<int>(num);
        } else if (key == "set" && !val.empty()) {
          cur->set = val;
        } else if (key == "edges" && val.size() == 4) {
          for (int e = 0; e < 4; ++e) {
            char c = val[e];
            if (c == 'C')
              cur->edges[e] = EdgeKind::kCity;
            else if (c == 'R')
              cur->edges[e] = EdgeKind::kRoad;
            else if (c == 'F')
              cur->edges[e] = EdgeKind::kField;
            else
              return Fail(where() + "edge letter must be C, R or F");
          }
          has_edges = true;
        } else {
          return Fail(where() + "bad tile attribute '" + w[i] + "'");
        }
      }
      if (!has_edges || cur->set.empty()) return Fail(where() + "tile needs edges= and set=");
      if (cur->start) {
        if (cat.start_type_ >= 0) return Fail(where() + "two start tiles");
        cat.start_type_ = cat.size() - 1;
      }
      continue;
    }
    if (!cur) return Fail(where() + "'" + w[0] + "' outside a tile");
    if (w[0] == "end") {
      if (auto s = finish_tile(); !s) return Fail(where() + s.error().message);
      continue;
    }
    auto kind = ParseKind(w[0]);
    if (!kind) return Fail(where() + "unknown feature kind '" + w[0] + "'");
    if (w.size() < 2) return Fail(where() + "feature without name");
    Feature f;
    f.kind = *kind;
    f.name = w[1];
    for (const auto& other : cur->features)
      if (other.name == f.name) return Fail(where() + "feature name '" + f.name + "' used twice");
    PendingRefs refs{static_cast<int>(cur->features.size()), {}, {}, {}};
    std::vector<std::string> reach;
    std::optional<Vec2> at;
    double size = 0;
    for (size_t i = 2; i < w.size(); ++i) {
      if (auto p = ParsePoint(w[i])) {
        f.points |= static_cast<uint16_t>(1u << *p);
        continue;
      }
      auto eq = w[i].find('=');
      std::string key = w[i].substr(0, eq),
                  val = eq == std::string::npos ? "" : w[i].substr(eq + 1);
      double num;
      if (key == "shield")
        f.shields = 1;
      else if (key == "shields" && ParseNumber(val, num) && num >= 0)
        f.shields = static_cast<int>(num);
      else if (key == "inn")
        f.inn = true;
      else if (key == "cathedral")
        f.cathedral = true;
      else if (key == "touches" && !val.empty())
        refs.touches = Split(val, ',');
      else if (key == "links" && !val.empty())
        refs.links = Split(val, ',');
      else if (key == "ends" && !val.empty())
        refs.ends = {val};
      else if (key == "reach" && !val.empty())
        reach = Split(val, ',');
      else if (key == "size" && ParseNumber(val, num) && num > 0 && num < 1)
        size = num;
      else if (key == "at") {
        auto xy = Split(val, ',');
        Vec2 v;
        if (xy.size() != 2 || !ParseNumber(xy[0], v.x) || !ParseNumber(xy[1], v.y) || v.x < 0 ||
            v.x > 1 || v.y < 0 || v.y > 1)
          return Fail(where() + "at= needs x,y within the tile");
        at = v;
      } else {
        return Fail(where() + "bad feature attribute '" + w[i] + "'");
      }
    }
    if (f.points == 0) return Fail(where() + "feature " + f.name + " touches no point");
    if ((f.shields || f.cathedral) && f.kind != FeatureKind::kCity)
      return Fail(where() + "only cities carry shields or a cathedral");
    if (f.inn && f.kind != FeatureKind::kRoad) return Fail(where() + "only roads have inns");
    if (!refs.touches.empty() && f.kind != FeatureKind::kField)
      return Fail(where() + "only fields touch cities");
    if (!refs.links.empty() && f.kind != FeatureKind::kHut)
      return Fail(where() + "only huts have links");
    if (!refs.ends.empty() && f.kind != FeatureKind::kRoad)
      return Fail(where() + "only roads end somewhere");
    cur->features.push_back(std::move(f));
    pending.push_back(std::move(refs));
    reaches.push_back(std::move(reach));
    ats.push_back(at);
    sizes.push_back(size);
  }
  if (cur) return Fail(source + ": tile " + cur->id + " has no 'end'");
  if (cat.types_.empty()) return Fail(source + ": no tiles");
  if (cat.start_type_ < 0) return Fail(source + ": no start tile");
  if (cat.types_[cat.start_type_].count < 1)
    return Fail(source + ": the start tile's count must include it");
  // Each placement (type * 4 + quarter) takes the number of the first one showing its face.
  const int placements = cat.size() * 4;
  cat.faces_.resize(placements);
  for (int p = 0; p < placements; ++p) {
    cat.faces_[p] = p;
    for (int q = 0; q < p; ++q)
      if (SameFace(cat.types_[p / 4], p % 4, cat.types_[q / 4], q % 4)) {
        cat.faces_[p] = cat.faces_[q];
        break;
      }
  }
  return cat;
}

}  // namespace cf
