// The tile catalog: counts and edges of interface.md 1.3/1.4, feature geometry, refusal of bad
// files.

#include "engine/tile_catalog.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

std::string Edges(const TileType& t) {
  std::string s;
  for (auto e : t.edges) s += e == EdgeKind::kCity ? 'C' : e == EdgeKind::kRoad ? 'R' : 'F';
  return s;
}

int Shields(const TileType& t) {
  int n = 0;
  for (const auto& f : t.features) n += f.shields;
  return n;
}

TEST(TileCatalog, BaseGameMatchesTheInterfaceTable) {
  // id, count, edges N E S W, shields (interface.md 1.3)
  const std::vector<std::tuple<std::string, int, std::string, int>> table = {
      {"A", 2, "FFRF", 0}, {"B", 4, "FFFF", 0}, {"C", 1, "CCCC", 1}, {"D", 4, "CRFR", 0},
      {"E", 5, "CFFF", 0}, {"F", 2, "FCFC", 1}, {"G", 1, "FCFC", 0}, {"H", 3, "CFCF", 0},
      {"I", 2, "CFFC", 0}, {"J", 3, "CRRF", 0}, {"K", 3, "CFRR", 0}, {"L", 3, "CRRR", 0},
      {"M", 2, "CFFC", 1}, {"N", 3, "CFFC", 0}, {"O", 2, "CRRC", 1}, {"P", 3, "CRRC", 0},
      {"Q", 1, "CCFC", 1}, {"R", 3, "CCFC", 0}, {"S", 2, "CCRC", 1}, {"T", 1, "CCRC", 0},
      {"U", 8, "FRFR", 0}, {"V", 9, "FFRR", 0}, {"W", 4, "FRRR", 0}, {"X", 1, "RRRR", 0}};
  int total = 0;
  for (const auto& [id, count, edges, shields] : table) {
    int i = Catalog().find(id);
    ASSERT_GE(i, 0) << id;
    const TileType& t = Catalog().type(i);
    EXPECT_EQ(t.set, "base");
    EXPECT_EQ(t.count, count) << id;
    EXPECT_EQ(Edges(t), edges) << id;
    EXPECT_EQ(Shields(t), shields) << id;
    total += t.count;
  }
  EXPECT_EQ(total, 72);
  EXPECT_EQ(Catalog().type(Catalog().start_type()).id, "D");
}

// The field of `tile` at `point`, as the set of points it touches.
std::string FieldAt(const std::string& id, const std::string& point) {
  const TileType& t = Catalog().type(Catalog().find(id));
  const Feature& f = t.features[t.feature_at_point[*ParsePoint(point)]];
  std::string s;
  for (int p = 0; p < kEdgePointCount; ++p)
    if (f.points >> p & 1) s += std::string(s.empty() ? "" : " ") + std::string(PointName(p));
  return s;
}

TEST(TileCatalog, FieldsFollowThePrintedTiles) {
  EXPECT_EQ(FieldAt("D", "E1"), "E1 W3");  // north of the road, touching the city
  const TileType& d = Catalog().type(Catalog().find("D"));
  EXPECT_EQ(d.features[d.feature_at_point[*ParsePoint("E1")]].touches.size(), 1u);
  EXPECT_TRUE(d.features[d.feature_at_point[*ParsePoint("S2")]].touches.empty());
  EXPECT_NE(FieldAt("F", "N2"), FieldAt("F", "S2"));
  const TileType& h = Catalog().type(Catalog().find("H"));
  EXPECT_EQ(h.features[h.feature_at_point[*ParsePoint("E2")]].touches.size(), 2u);
}

TEST(TileCatalog, FairTilesMatchTheInterfaceTable) {
  const std::map<std::string, std::string> edges = {
      {"FAIR-01", "CFFF"}, {"FAIR-02", "FCFF"}, {"FAIR-03", "CFFC"}, {"FAIR-04", "CCCC"},
      {"FAIR-05", "CFCF"}, {"FAIR-06", "FFFF"}, {"FAIR-07", "FFFF"}, {"FAIR-08", "RFRF"},
      {"FAIR-09", "FFRR"}, {"FAIR-10", "FRRR"}, {"FAIR-11", "RRFR"}, {"FAIR-12", "RRRR"}};
  for (const auto& [id, e] : edges) {
    int i = Catalog().find(id);
    ASSERT_GE(i, 0) << id;
    EXPECT_EQ(Edges(Catalog().type(i)), e) << id;
    EXPECT_TRUE(Catalog().type(i).has(FeatureKind::kFair)) << id;
    EXPECT_EQ(Catalog().type(i).count, 1);
  }
  EXPECT_EQ(FieldAt("FAIR-02", "N1"), "N1 N2 N3");
  EXPECT_EQ(FieldAt("FAIR-02", "W1"), "S1 S2 S3 W1 W2 W3");
  EXPECT_EQ(FieldAt("FAIR-05", "W1"), "W1 W2 W3");
  EXPECT_EQ(FieldAt("FAIR-07", "W3"), "N1 N2 N3 E1 W3");
  EXPECT_EQ(FieldAt("FAIR-07", "W1"), "E3 S1 S2 S3 W1");
  EXPECT_EQ(FieldAt("FAIR-09", "W1"), "S3 W1");
  EXPECT_EQ(FieldAt("FAIR-10", "E3"), "E3 S1");
  EXPECT_EQ(FieldAt("FAIR-11", "N3"), "N3 E1");
  EXPECT_EQ(FieldAt("FAIR-12", "W3"), "N1 W3");
  EXPECT_EQ(Shields(Catalog().type(Catalog().find("FAIR-03"))), 1);
  EXPECT_EQ(Shields(Catalog().type(Catalog().find("FAIR-04"))), 0);
}

TEST(TileCatalog, ExpansionSetsAreComplete) {
  std::map<std::string, int> tiles;
  for (const auto& t : Catalog().types()) tiles[t.set] += t.count;
  EXPECT_EQ(tiles["catapult"], 12);
  EXPECT_EQ(tiles["fortune_teller"], 8);
  EXPECT_EQ(tiles["beggars"], 12);
  for (int i = 1; i <= 8; ++i) EXPECT_GE(Catalog().find("FT-0" + std::to_string(i)), 0);
  for (int i = 1; i <= 12; ++i)
    EXPECT_GE(Catalog().find("BEG-" + std::string(i < 10 ? "0" : "") + std::to_string(i)), 0);
}

TEST(TileCatalog, EveryEdgePointLiesOnItsOwnFeatureInTheDrawing) {
  for (const auto& t : Catalog().types()) {
    for (int p = 0; p < kEdgePointCount; ++p) {
      Vec2 at = PointPosition(p);
      Vec2 inward{at.x + (0.5 - at.x) * 0.06, at.y + (0.5 - at.y) * 0.06};
      int f = t.feature_at(inward);
      int expected = t.feature_at_point[p];
      if (t.features[expected].kind == FeatureKind::kFair) continue;
      EXPECT_EQ(f, expected) << t.id << " " << PointName(p);
    }
    for (size_t f = 0; f < t.features.size(); ++f)
      EXPECT_EQ(t.feature_at(t.features[f].anchor), static_cast<int>(f))
          << t.id << " anchor of " << t.features[f].name;
  }
}

TEST(TileCatalog, CentreFeatureLiesAtTheCentrePoint) {
  const TileType& b = Catalog().type(Catalog().find("B"));
  EXPECT_EQ(b.features[b.feature_at({0.5, 0.5})].kind, FeatureKind::kCloister);
  EXPECT_EQ(b.occupiable_feature_at(kCentrePoint), b.feature_at({0.5, 0.5}));
  const TileType& fair = Catalog().type(Catalog().find("FAIR-07"));
  EXPECT_EQ(fair.features[fair.occupiable_feature_at(kCentrePoint)].kind, FeatureKind::kCloister);
  const TileType& six = Catalog().type(Catalog().find("FAIR-06"));
  EXPECT_EQ(six.occupiable_feature_at(kCentrePoint), -1) << "nobody stands on the fair";
}

TEST(TileCatalog, RefusesBrokenFiles) {
  auto err = [](const std::string& text) {
    auto c = TileCatalog::Parse(text, "t");
    return c.ok() ? std::string("accepted") : c.error().message;
  };
  const std::string field = "  field f N1 N2 N3 E1 E2 E3 S1 S2 S3 W1 W2 W3\n";
  EXPECT_EQ(err("tile B count=1 set=base edges=FFFF start\n" + field + "end\n"), "accepted");
  EXPECT_EQ(err("tile B count=1 set=base edges=FFFF start\n" + field), "t: tile B has no 'end'");
  EXPECT_EQ(err("tile B count=1 set=base edges=FFFF\n" + field + "end\n"), "t: no start tile");
  EXPECT_EQ(err("tile B count=1 set=base edges=FFFF start\n  field f N1 N2\nend\n"),
            "t:3: tile B: point N3 has no feature");
  EXPECT_EQ(err("tile B count=1 set=base edges=CFFF start\n" + field + "end\n"),
            "t:3: tile B: edge N disagrees with its features");
  EXPECT_EQ(err("tile B count=1 set=base edges=FFFF start\n  lake l C\nend\n"),
            "t:2: unknown feature kind 'lake'");
  EXPECT_EQ(err("tile U count=1 set=base edges=FRFR start\n  road r E2 W2\n  field f1 N1 N2 N3 E1 "
                "W3 E3 S1 S2 S3 W1\nend\n"),
            "t:4: tile U: field f1 is drawn in separate parts");
  EXPECT_THAT(err(""), ::testing::HasSubstr("no tiles"));
  EXPECT_EQ(TileCatalog::Load("/nonexistent/tiles.catalog").error().message,
            "cannot read tile catalog /nonexistent/tiles.catalog");
}

TEST(TileCatalog, NearestOccupiableFeatureStepsOffTheFair) {
  const TileType& six = Catalog().type(Catalog().find("FAIR-06"));
  EXPECT_EQ(six.nearest_occupiable_feature({0.5, 0.5}, 0.01), -1) << "only the fair is that close";
  int f = six.nearest_occupiable_feature({0.5, 0.5}, 0.5);
  ASSERT_GE(f, 0);
  EXPECT_NE(six.features[f].kind, FeatureKind::kFair);
  EXPECT_EQ(six.feature_at(six.features[f].anchor), f);
  const TileType& b = Catalog().type(Catalog().find("B"));
  EXPECT_EQ(b.nearest_occupiable_feature({0.5, 0.5}, 0.1), b.feature_at({0.5, 0.5}));
}

// The Beggars' hut beside a straight road is printed twice, once above the road (BEG-01) and once
// below it (BEG-08): turned half round, one is the other. A plain road (U) is no inn (IC-01), a
// city with a shield (F) is not one without (G), and each tile is itself in every turn only where
// it looks the same turned (U and H by half turns, X by quarter turns). The catalog's only other
// twins: F turned a quarter is IC-06.
TEST(TileCatalog, SameFaceTellsTilesNoCameraCanTellApart) {
  auto type = [](const char* id) -> const TileType& { return Catalog().type(Catalog().find(id)); };
  EXPECT_TRUE(SameFace(type("BEG-01"), 0, type("BEG-08"), 2));
  EXPECT_TRUE(SameFace(type("BEG-01"), 3, type("BEG-08"), 1));
  EXPECT_FALSE(SameFace(type("BEG-01"), 0, type("BEG-08"), 0));
  EXPECT_FALSE(SameFace(type("U"), 0, type("IC-01"), 0));
  EXPECT_FALSE(SameFace(type("F"), 0, type("G"), 0));
  EXPECT_TRUE(SameFace(type("U"), 1, type("U"), 3));
  EXPECT_FALSE(SameFace(type("U"), 0, type("U"), 1));
  for (int q = 0; q < 4; ++q) EXPECT_TRUE(SameFace(type("X"), 0, type("X"), q));
  EXPECT_TRUE(SameFace(type("H"), 0, type("H"), 2));
  EXPECT_FALSE(SameFace(type("H"), 0, type("H"), 1));
  EXPECT_TRUE(SameFace(type("F"), 1, type("IC-06"), 0));  // a shielded city across the tile
  std::set<std::string> twins;                            // distinct types that show the same face
  for (int i = 0; i < Catalog().size(); ++i) {
    for (int q = 0; q < 4; ++q) EXPECT_TRUE(SameFace(Catalog().type(i), q, Catalog().type(i), q));
    for (int j = i + 1; j < Catalog().size(); ++j)
      for (int q = 0; q < 4; ++q)
        if (SameFace(Catalog().type(i), 0, Catalog().type(j), q))
          twins.insert(Catalog().type(i).id + "=" + Catalog().type(j).id);
  }
  EXPECT_THAT(twins, ::testing::ElementsAre("BEG-01=BEG-08", "F=IC-06"));
}

// The catalog numbers the faces once: two placements share a number exactly when they show the
// same face.
TEST(TileCatalog, FaceNumbersAgreeWithSameFace) {
  const TileCatalog& cat = Catalog();
  for (int i = 0; i < cat.size(); ++i)
    for (int j = 0; j < cat.size(); ++j)
      for (int qi = 0; qi < 4; ++qi)
        for (int qj = 0; qj < 4; ++qj)
          ASSERT_EQ(cat.face(i, qi) == cat.face(j, qj), SameFace(cat.type(i), qi, cat.type(j), qj))
              << cat.type(i).id << "@" << qi * 90 << " and " << cat.type(j).id << "@" << qj * 90;
  EXPECT_EQ(cat.face(cat.find("BEG-08"), 3), cat.face(cat.find("BEG-01"), 1));
  EXPECT_EQ(cat.face(cat.find("U"), 1), cat.face(cat.find("U"), -1));
}

}  // namespace
}  // namespace cf::testing
