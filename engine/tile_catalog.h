#pragma once
// The tile catalog: every tile type of every supported set, read from a data file.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/tile_points.h"

namespace cf {

enum class FeatureKind : uint8_t { kRoad, kCity, kField, kCloister, kFair, kTent, kHut };
enum class EdgeKind : uint8_t { kField, kRoad, kCity };

std::string_view FeatureKindName(FeatureKind kind);
// Roads, cities and fields join across tile edges; the centre features stay on their tile.
inline bool IsConnectable(FeatureKind k) {
  return k == FeatureKind::kRoad || k == FeatureKind::kCity || k == FeatureKind::kField;
}
// Features a follower may stand on (the fair is not one).
inline bool IsOccupiable(FeatureKind k) { return k != FeatureKind::kFair; }

using Polygon = std::vector<Vec2>;

// One feature printed on a tile type: a road, a city part, a field, or a centre feature.
struct Feature {
  FeatureKind kind = FeatureKind::kField;
  std::string name;     // the catalog's label, unique on the tile
  uint16_t points = 0;  // bit i set: touches edge point i (kCentrePoint for the centre)
  int shields = 0;
  bool inn = false;          // roads: an inn by the lake
  bool cathedral = false;    // cities
  std::vector<int> touches;  // fields: the city features of this tile they border
  std::vector<int> links;    // huts: the roads and cities of this tile the beggar is tied to
  int ends = -1;             // roads: the city gate or cloister of this tile where the road ends
  // Geometry in canonical tile units.
  std::vector<Polygon> shapes;
  Vec2 anchor;  // where a follower on this feature is drawn

  int first_point() const;  // lowest point it touches: its name in "on"
};

constexpr int kLabelGrid = 64;  // resolution of the per-tile feature map

// A tile type in its canonical orientation.
struct TileType {
  std::string id;
  std::string set;  // base, catapult, fortune_teller, beggars, inns_cathedrals
  int count = 0;
  bool start = false;
  std::array<EdgeKind, 4> edges{};  // N E S W
  // Board-frame edges per rotation, 2 bits per direction (N lowest): for fast edge matching.
  std::array<uint8_t, 4> edge_signature{};
  std::vector<Feature> features;
  std::array<int8_t, kPointCount> feature_at_point{};  // -1 where nothing is
  std::vector<int8_t> label_map;                       // kLabelGrid^2 feature indices, row-major

  // The feature a follower stands on when placed at `point` (canonical frame), or -1.
  int occupiable_feature_at(int point) const;
  // The feature under a canonical position in tile units, or -1 outside the tile.
  int feature_at(Vec2 canonical) const;
  // The occupiable feature nearest a canonical position, within `reach` tile units, or -1.
  int nearest_occupiable_feature(Vec2 canonical, double reach) const;
  bool has(FeatureKind kind) const;
};

// Whether tile `a` turned `qa` quarter turns and `b` turned `qb` show the same face: the same
// features (kind, shields, inn, cathedral) over the same parts of the tile and edges, centre
// features at the same spots. No camera tells such placements apart, nor does any rule.
bool SameFace(const TileType& a, int qa, const TileType& b, int qb);

// All tile types, in file order.
class TileCatalog {
 public:
  static Result<TileCatalog> Load(const std::string& path);
  static Result<TileCatalog> Parse(std::string_view text, const std::string& source = "catalog");
  // The catalog the build was configured with, or CATAPULT_FAIR_CATALOG when set.
  static Result<TileCatalog> LoadDefault();
  static std::string DefaultPath();

  const std::vector<TileType>& types() const { return types_; }
  const TileType& type(int index) const { return types_[index]; }
  int size() const { return static_cast<int>(types_.size()); }
  int find(std::string_view id) const;  // -1 when unknown
  int start_type() const { return start_type_; }
  // A number shared by the placements (type turned `quarter` quarter turns) that show the same
  // face (SameFace), found once when the catalog is read.
  int face(int type, int quarter) const { return faces_[type * 4 + (quarter % 4 + 4) % 4]; }
  std::vector<std::string> sets() const;

 private:
  std::vector<TileType> types_;
  int start_type_ = -1;
  std::vector<int> faces_;  // per placement, type * 4 + quarter
};

}  // namespace cf
