// Reading tables: refusals of what is no board, no crash on real photos, and a rendered table read.

#include "vision/analyze.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <set>
#include <tuple>

#include "calibration/plane_pose.h"
#include "tests/vision/vision_test_support.h"
#include "vision/top_view.h"

namespace cf::testing {
namespace {

Result<Scene> Read(const cv::Mat& img, const Calibration* cal = nullptr) {
  return AnalyzeTable(img, {&VisionCatalog(), &Painted(), cal, ""});
}

std::vector<std::filesystem::path> Photos(const std::string& folder) {
  std::vector<std::filesystem::path> out;
  std::filesystem::path dir = std::filesystem::path(CF_SHARED_DIR) / "real_photos" / folder;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// How far `at` (mm) lies from the nearest tile centre of `truth`.
double NearestTileMm(const Scene& truth, const double* at) {
  double best = 1e9;
  for (const auto& t : truth.tiles)
    best = std::min(best, std::hypot(at[0] - t.center_mm[0], at[1] - t.center_mm[1]));
  return best;
}

// The tile `scene` has at cell (x, y), if any.
const SceneTile* TileAt(const Scene& scene, int x, int y) {
  for (const auto& t : scene.tiles)
    if (t.at.x == x && t.at.y == y) return &t;
  return nullptr;
}

// That the tile `truth` has at cell `at`, an `id`, is read there as laid (the same face).
void ExpectReadAsLaid(const Scene& truth, const Scene& read, Cell at, const std::string& id) {
  const SceneTile* laid = TileAt(truth, at.x, at.y);
  ASSERT_TRUE(laid && laid->id == id) << "the scene is not the one the test was written for";
  const SceneTile* seen = TileAt(read, at.x, at.y);
  ASSERT_NE(seen, nullptr) << id << " is not read";
  EXPECT_EQ(seen->id, id);
  EXPECT_EQ(seen->rotation, laid->rotation);
}

TEST(Analyze, RefusesEmptyAndBlankFrames) {
  EXPECT_EQ(Read(cv::Mat()).error().message, "empty frame");
  EXPECT_EQ(Read(cv::Mat(480, 640, CV_8UC3, cv::Scalar(80, 90, 100))).error().message,
            "empty frame: the picture has no detail");
}

TEST(Analyze, RefusesATableWithoutTiles) {
  auto [scene, look] = EmptyTable(3);
  look.hands = 0;
  cv::Mat img = RenderTable(VisionCatalog(), scene, look);
  auto r = Read(img);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message.rfind("no board in view", 0), 0u) << r.error().message;
}

// A calibration target's squares form as fine a grid as tiles and match some tile art weakly;
// they are grey.
TEST(Analyze, RefusesAChArUcoBoard) {
  for (int k : {0, 2}) {
    const std::string path = std::string(CF_SOURCE_DIR) + "/sample_images/calibration/charuco-" +
                             std::to_string(k) + ".jpg";
    cv::Mat img = cv::imread(path, cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << path;
    auto r = Read(img);
    ASSERT_FALSE(r.ok()) << path << " was read as a board of " << r->tiles.size() << " tiles";
    EXPECT_EQ(r.error().message.rfind("no board in view", 0), 0u) << r.error().message;
  }
}

TEST(Analyze, RefusesEveryRealPictureThatIsNoBoard) {
  auto photos = Photos("not_a_board");
  if (photos.empty()) GTEST_SKIP() << "../shared/real_photos is not beside the project";
  for (const auto& p : photos) {
    cv::Mat img = cv::imread(p.string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << p;
    auto r = Read(img);
    EXPECT_FALSE(r.ok()) << p.filename() << " was read as a board of "
                         << (r.ok() ? r->tiles.size() : 0) << " tiles";
  }
}

TEST(Analyze, RealBoardPhotosAreReadOrRefusedNeverCrash) {
  auto photos = Photos("boards");
  if (photos.empty()) GTEST_SKIP() << "../shared/real_photos is not beside the project";
  int read = 0;
  for (const auto& p : photos) {
    cv::Mat img = cv::imread(p.string(), cv::IMREAD_COLOR);
    if (img.empty()) continue;
    if (std::max(img.cols, img.rows) > 2000) cv::resize(img, img, {}, 0.5, 0.5, cv::INTER_AREA);
    auto r = Read(img);
    if (r.ok()) {
      ++read;
      EXPECT_GE(r->tiles.size(), 3u) << p.filename();
    } else {
      EXPECT_EQ(r.error().message.rfind("no board in view", 0), 0u) << r.error().message;
    }
  }
  RecordProperty("boards_read", read);
}

TEST(Analyze, CalibrationForAnotherPictureSizeIsRefused) {
  Calibration cal;
  cal.camera = Camera::LookingAt({0, 0}, 1000, 10, 0, 1920, 1080, 60, {0, 0, 0, 0, 0});
  cal.has_table_pose = true;
  cv::Mat img(1000, 1000, CV_8UC3);
  cv::randu(img, 0, 255);
  EXPECT_EQ(Read(img, &cal).error().message,
            "the calibration is for 1920x1080 pictures, this one is 1000x1000");
}

// A regression floor for the reader on one rendered table it was not tuned on. The targets
// (99.5% tiles, 98% followers) are far above it; `catapult-fair bench vision` measures them.
TEST(Analyze, ReadsARenderedTableWithItsCalibration) {
  auto [game, truth] = RandomTable(7001, 30);
  LookOptions o;
  o.hands_chance = 0;
  o.max_distance = 900;
  Look look = RandomLook(truth, o, 7001);
  cv::Mat img = RenderTable(VisionCatalog(), truth, look);
  auto r = ReadWithItsCamera(img, look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int right = 0;
  for (const auto& t : truth.tiles)
    for (const auto& g : r->tiles)
      if (g.at.x == t.at.x && g.at.y == t.at.y && g.id == t.id) {
        ++right;
        EXPECT_LT(std::hypot(g.center_mm[0] - t.center_mm[0], g.center_mm[1] - t.center_mm[1]),
                  4.0);
      }
  EXPECT_GE(right * 10, static_cast<int>(truth.tiles.size()) * 7)
      << "tiles named right at the right cell";
  EXPECT_LE(r->tiles.size(), truth.tiles.size() + 3) << "few tiles invented";
  int invented = 0;
  for (const auto& f : r->followers) {
    double best = 1e9;
    for (const auto& t : truth.followers)
      best = std::min(best,
                      std::hypot(f.center_mm[0] - t.center_mm[0], f.center_mm[1] - t.center_mm[1]));
    invented += best > 6.0;
  }
  EXPECT_LE(invented * 2, static_cast<int>(r->followers.size()))
      << "most followers read stand where one stands";
}

// The follower of `truth` that `is` picks (the first), or nullptr.
const SceneFollower* TrueFollower(const Scene& truth,
                                  const std::function<bool(const SceneFollower&)>& is) {
  for (const auto& f : truth.followers)
    if (is(f)) return &f;
  return nullptr;
}

// Whether `read` has the follower `truth`: its colour on its tile (on its point, if `same_point`),
// its footprint within `within_mm`.
bool HasFollower(const Scene& read, const SceneFollower& truth, double within_mm, bool same_point) {
  for (const auto& f : read.followers)
    if (f.color == truth.color && f.at.x == truth.at.x && f.at.y == truth.at.y &&
        (!same_point || f.on == truth.on) &&
        std::hypot(f.center_mm[0] - truth.center_mm[0], f.center_mm[1] - truth.center_mm[1]) <
            within_mm)
      return true;
  return false;
}

// Reads the bench scene `seed` and expects the meeple `is` picks out read within `within_mm` on its
// tile (and on its feature point, with `same_point`).
void ExpectFollowerRead(uint64_t seed, double within_mm, bool same_point,
                        const std::function<bool(const SceneFollower&)>& is) {
  RenderedScene s = BenchScene(seed);
  const SceneFollower* meeple = TrueFollower(s.truth, is);
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(HasFollower(*r, *meeple, within_mm, same_point));
}

// Arms reaching over the table beside the board (a rendered scene with two) are smooth where tiles
// are printed all over: they are not read as tiles.
TEST(Analyze, ArmsBesideTheBoardAreNotReadAsTiles) {
  RenderedScene s = BenchScene(915);
  ASSERT_GT(s.look.hands, 0);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int invented = 0;
  for (const auto& g : r->tiles) invented += NearestTileMm(s.truth, g.center_mm) > 20;
  EXPECT_LE(invented, 3) << "tiles read on the arms";
}

// A lamp's glare on the table below the board (bench vision's scene 80006): one pale colour, but
// the picture's noise lends it half a tile's fine detail, and four of its cells had been read as
// tiles joined to the board. Tiles are printed in several colours; the glare's colours spread a
// twentieth as far as the board's tiles'.
TEST(Analyze, AGlareOfOneColourBesideTheBoardIsNoTile) {
  RenderedScene s = BenchScene(80006);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (const auto& g : r->tiles) EXPECT_LT(NearestTileMm(s.truth, g.center_mm), 20) << g.id;
}

// A hand on a wooden table far left of the board (bench vision's scene 951): its fingers over the
// grain look enough like tiles to be read as a patch of seven, eight tiles from the board. Tiles
// are laid beside each other, so such a patch is not part of the board, nor are pieces on it.
TEST(Analyze, TilesReadFarFromTheBoardAreDropped) {
  RenderedScene s = BenchScene(951);
  ASSERT_GT(s.look.hands, 0);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (const auto& g : r->tiles) EXPECT_LT(NearestTileMm(s.truth, g.center_mm), 20) << g.id;
  for (const auto& f : r->followers) EXPECT_LT(NearestTileMm(s.truth, f.center_mm), 35) << f.color;
}

// A tile at the board's edge under a black meeple and a green target token (bench vision's scene
// 926): neither colour is foreign to the art, but both make piece-shaped blobs, which are left
// out when the cell is read again; the tile and its follower are read. The token, partly under
// the meeple, is no clean disc; as a second follower on one tile it is taken for the token.
TEST(Analyze, ReadsATileBesideTheBoardUnderABlackMeepleAndAToken) {
  RenderedScene s = BenchScene(926);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  auto near = [](const double* a, double x, double y, double within) {
    return std::hypot(a[0] - x, a[1] - y) < within;
  };
  const SceneTile* hidden = nullptr;
  for (const auto& t : s.truth.tiles)
    if (near(t.center_mm, -134.8, 44.9, 2)) hidden = &t;
  ASSERT_NE(hidden, nullptr) << "the scene is not the one this test was written for";
  ASSERT_EQ(hidden->id, "IC-04");
  bool tile_read = false, follower_read = false;
  for (const auto& g : r->tiles)
    tile_read |= near(g.center_mm, hidden->center_mm[0], hidden->center_mm[1], 10) &&
                 g.id == hidden->id && g.rotation == hidden->rotation;
  for (const auto& f : r->followers)
    follower_read |= f.color == "black" && near(f.center_mm, -149.5, 59.2, 5);
  EXPECT_TRUE(tile_read);
  EXPECT_TRUE(follower_read);
  bool token_read = false;
  for (const auto& t : r->tokens)
    token_read |= t.kind == "target" && near(t.center_mm, -132.9, 53.5, 5);
  EXPECT_TRUE(token_read);
  EXPECT_EQ(r->followers.size(), s.truth.followers.size()) << "no follower invented";
}

// An inn's pond (bench vision's scene 942: tile IC-01, nothing on it) is blue like a player's
// pieces, and a little off the art where the tile lies shifted; yet it is no piece to leave out of
// the comparison: without the pond the tile is a plain road (U).
TEST(Analyze, AnInnsPondIsReadAsArtNotHiddenAsAPiece) {
  RenderedScene s = BenchScene(942);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ExpectReadAsLaid(s.truth, *r, {-2, 5}, "IC-01");
}

// On a table of the grass's colour (bench vision's scene 80009) a tile mostly of grass is more than
// half the table's colour, so it is not compared with the tile set at first. In a notch of the
// board, beside two of its tiles or more, it is, and read.
TEST(Analyze, ATileOfTheTablesColourInANotchOfTheBoardIsRead) {
  RenderedScene s = BenchScene(80009);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (const Cell at : {Cell{2, 0}, Cell{0, 2}, Cell{2, 1}}) {
    const SceneTile* truth = nullptr;
    for (const auto& t : s.truth.tiles)
      if (t.at == at) truth = &t;
    ASSERT_NE(truth, nullptr) << "the scene is not the one this test was written for";
    const SceneTile* read = nullptr;
    for (const auto& t : r->tiles)
      if (t.at == at) read = &t;
    ASSERT_NE(read, nullptr) << "the tile at " << at.x << "," << at.y << " is not read";
    EXPECT_EQ(read->id, truth->id);
    EXPECT_EQ(read->rotation, truth->rotation);
  }
}

// The first boards of two games of `bench turns` (seed 1, games 5 and 7): a few tiles on a
// mottled purple cloth and on a grained green table, whose bare cells match a city or a field at
// 0.3-0.5 and outnumber the tiles. The board is read, and no tile where the table is bare.
TEST(Analyze, ASmallBoardOnATableThatMatchesArtIsReadWithoutTheTable) {
  int read = 0;
  for (uint64_t game : {5, 7}) {
    Sequence s = testing::PlayedGame(game);
    Calibration cal;
    cal.camera = s.look.camera;
    cal.has_table_pose = true;
    AnalyzeInput input{&VisionCatalog(), &Painted(), &cal, ""};
    input.min_joined_tiles = 2;
    for (SequenceFrame& frame : s.frames) {
      const json::Value* type = frame.event.is_object() ? frame.event.find("type") : nullptr;
      if (!type || type->as_string() != "place") continue;
      const int64_t k = frame.event.find("move")->as_int();
      if (k < 2 || k > 7) continue;
      const cv::Mat image = RenderTable(VisionCatalog(), frame.scene, s.look);
      auto r = AnalyzeTable(image, input);
      ASSERT_TRUE(r) << "game " << game << " move " << k << ": " << r.error().message;
      for (const SceneTile& t : r->tiles)
        EXPECT_LT(NearestTileMm(frame.scene, t.center_mm), 10.0)
            << "game " << game << " move " << k << ": " << t.id << " read on the bare table";
      EXPECT_GE(r->tiles.size() + 1, frame.scene.tiles.size()) << "game " << game << " move " << k;
      ++read;
    }
  }
  EXPECT_GE(read, 10);
}

// bench vision's scene `seed` laid on the named table.
RenderedScene BenchSceneOn(uint64_t seed, const std::string& table) {
  SceneRecipe recipe = BenchRecipe(seed);
  auto cloth = TableSurfaceNamed(table);
  EXPECT_TRUE(cloth) << cloth.error().message;
  if (cloth) recipe.look.surface = *cloth;
  return RenderRecipe(VisionCatalog(), recipe);
}

// How many tiles of `read` lie where `truth` has none (their centres 10 mm or more off every tile).
int TilesReadWhereNoneLies(const Scene& read, const Scene& truth) {
  int none = 0;
  for (const SceneTile& t : read.tiles) none += NearestTileMm(truth, t.center_mm) > 10.0;
  return none;
}

// A board on a red and white checked cloth of 25 mm (bench vision --table gingham-red, scene
// 927): no colour of it is the table alone, and cells of its checks match art at 0.3-0.5, with a
// tile's detail. No tile is read where the cloth is bare, and the board is read.
TEST(Analyze, ABoardOnACheckedClothIsReadWithoutTilesOnTheCloth) {
  RenderedScene s = BenchSceneOn(927, "gingham-red");
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (const SceneTile& t : r->tiles)
    EXPECT_LT(NearestTileMm(s.truth, t.center_mm), 10.0) << t.id << " read on the bare cloth";
  EXPECT_GE(r->tiles.size(), s.truth.tiles.size() - 2);
}

// The same cloth seen at a slant and from afar (scene 51017: 31 degrees, 0.92 px/mm), the checks
// blurred into blobs of a piece's size: left out as pieces, what is left of a bare cell beside the
// board matched art at 0.45-0.52, and 30 cells of bare cloth joined the board as tiles hidden under
// pieces, with red followers on 8 of them. Nearly all of such a cell is the cloth's colours, which
// no tile read surely shows: it stays bare table.
TEST(Analyze, CheckedClothLeftOutAsPiecesIsNoHiddenTile) {
  RenderedScene s = BenchSceneOn(51017, "gingham-red");
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_LE(TilesReadWhereNoneLies(*r, s.truth), 3);
  int followers_on_cloth = 0;
  for (const SceneFollower& f : r->followers)
    followers_on_cloth += NearestTileMm(s.truth, f.center_mm) > 25.0;
  EXPECT_LE(followers_on_cloth, 1);
  EXPECT_GE(r->tiles.size(), s.truth.tiles.size() - 2);
}

// The red checked cloth lit brighter under the board than at the view's rim, where the table's
// colours are learnt (scenes 50000 and 50034, light falloff 0.40 and 0.33): the bare cloth in the
// board's holes showed under 0.9 of the rim's colours, and 10 and 7 of its cells were read as
// tiles, most with a red check on them read as a red follower. The table's colours are taken at
// every lightness the light's falloff gives them.
TEST(Analyze, TheClothInTheBoardsHolesIsKnownUnderBrighterLight) {
  for (uint64_t seed : {50000u, 50034u}) {
    RenderedScene s = BenchSceneOn(seed, "gingham-red");
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_LE(TilesReadWhereNoneLies(*r, s.truth), 2) << "scene " << seed;
  }
}

// Every follower of `colour` (in `pose`, when given) that no piece hides in rendered scene `s`
// (bench vision's `seed`) is read, near where it stands; the scene holds `least` of them or more.
void ExpectEveryFollowerRead(const RenderedScene& s, uint64_t seed, const std::string& colour,
                             const std::optional<std::string>& pose, int least) {
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int looked_for = 0;
  for (const SceneFollower& f : s.truth.followers) {
    if (f.color != colour || (pose && f.pose != *pose) || f.occluded) continue;
    ++looked_for;
    EXPECT_TRUE(HasFollower(*r, f, 8, false))
        << "scene " << seed << ": the " << colour << " meeple at " << f.at.x << "," << f.at.y << " "
        << f.on;
  }
  EXPECT_GE(looked_for, least) << "scene " << seed << " is not the one this test was written for";
}

// Black meeples lying on tiles of a board on a black table (scenes 51022 and 51035, two each):
// compared by its detail with the art, a black meeple differs from it at its outline only, and off
// the tiles black is the table's colour, so only specks of its rim were taken for a piece. Each
// black meeple is read on its tile.
TEST(Analyze, BlackMeeplesOnABoardOnABlackTableAreRead) {
  for (uint64_t seed : {51022u, 51035u})
    ExpectEveryFollowerRead(BenchSceneOn(seed, "black"), seed, "black", std::nullopt, 2);
}

// Black meeples lying on tiles (bench vision's scenes 962, 82015 and 82098) and gray ones standing
// on grass (82089, 82118): compared with the art by its standardised pattern, such a meeple
// differs at its outline only, in specks no blob is made of. In colour it is unlike the art there,
// and the art paints little black or gray: each is read.
TEST(Analyze, MeeplesOfColoursTheArtPaintsLittleAreReadWhole) {
  for (uint64_t seed : {962u, 82015u, 82098u})
    ExpectEveryFollowerRead(BenchScene(seed), seed, "black", "lying", 1);
  for (uint64_t seed : {82089u, 82118u})
    ExpectEveryFollowerRead(BenchScene(seed), seed, "gray", "standing", 1);
}

// A blue meeple at the board's edge on a cloth checked in blue (gingham-blue scenes 50017 and
// 50030): grown over its colour to find a knockout token beside it, it took in a check of the cloth
// seen in a notch of the board, and a token was read there. What it took in is the cloth's
// colours: no token is read where none lies.
TEST(Analyze, ACheckOfTheClothBesideAMeepleOfItsColourIsNoToken) {
  for (uint64_t seed : {50017u, 50030u}) {
    RenderedScene s = BenchSceneOn(seed, "gingham-blue");
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (const SceneToken& k : r->tokens) {
      double nearest = 1e9;
      for (const SceneToken& t : s.truth.tokens)
        nearest = std::min(
            nearest, std::hypot(k.center_mm[0] - t.center_mm[0], k.center_mm[1] - t.center_mm[1]));
      EXPECT_LT(nearest, 10.0) << "scene " << seed << ": a " << k.kind << " token read at "
                               << k.center_mm[0] << ", " << k.center_mm[1];
    }
  }
}

// A board on a cloth checked at the tiles' pitch, square with it (bench vision --table
// gingham-blue, scene 51000): the checks' edges are as strong as the tiles' borders, and the comb
// found them, half a tile off the tiles: the picture was refused. The board is read on the tiles'
// grid, nine tiles in ten or more right.
TEST(Analyze, ACheckedClothAtTheTilesPitchDoesNotShiftTheGrid) {
  RenderedScene s = BenchSceneOn(51000, "gingham-blue");
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int right = 0;
  for (const SceneTile& t : r->tiles)
    if (const SceneTile* laid = TileAt(s.truth, t.at.x, t.at.y);
        laid && laid->id == t.id && laid->rotation == t.rotation)
      ++right;
  EXPECT_GE(right, static_cast<int>(s.truth.tiles.size() * 9 / 10));
}

// A cloister at the board's edge (bench vision's scene 922) whose building a black meeple hides and
// whose grass a knockout token half covers: too little of it shows to be read with confidence, but
// a follower stands on it, and followers stand on tiles. The tile is read, with a low confidence,
// and the follower on its cloister.
TEST(Analyze, ACellAFollowerStandsOnIsATileHoweverHidden) {
  RenderedScene s = BenchScene(922);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "black" && f.at.x == -1 && f.at.y == -4;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  ASSERT_EQ(meeple->on, "C");
  const SceneTile* tile = TileAt(*r, -1, -4);
  ASSERT_NE(tile, nullptr) << "the hidden tile is not read";
  EXPECT_EQ(tile->id, "B");
  EXPECT_LT(tile->confidence, 0.45);
  EXPECT_TRUE(HasFollower(*r, *meeple, 3, true));
}

// A black meeple standing on the west edge of a tile at the board's edge (bench vision's scene
// 947): the tile lies a little shifted, so the meeple's footprint is half a millimetre beyond the
// tile's grid cell, over the table. It still stands on that tile.
TEST(Analyze, AFollowerOnAShiftedTilesEdgeStandsOnThatTile) {
  RenderedScene s = BenchScene(947);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneFollower* meeple = TrueFollower(
      s.truth, [](const SceneFollower& f) { return f.color == "black" && f.on == "W1"; });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  ASSERT_LT(meeple->center_mm[0], (meeple->at.x - 0.5) * kTilePitchMm) << "not beyond its cell";
  EXPECT_TRUE(HasFollower(*r, *meeple, 5, true));
}

// The true token of `kind` in scene `seed` is read as that token within 3 mm, and as no follower.
void ExpectTokenReadWhole(uint64_t seed, const std::string& kind) {
  RenderedScene s = BenchScene(seed);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneToken* token = nullptr;
  for (const auto& k : s.truth.tokens)
    if (k.kind == kind) token = &k;
  ASSERT_NE(token, nullptr) << "the scene is not the one this test was written for";
  auto distance = [&](const double* at) {
    return std::hypot(at[0] - token->center_mm[0], at[1] - token->center_mm[1]);
  };
  bool read = false;
  for (const auto& k : r->tokens) read |= k.kind == kind && distance(k.center_mm) < 3;
  EXPECT_TRUE(read);
  for (const auto& f : r->followers) {
    bool a_true_one = false;  // a meeple lying on the token, say
    for (const auto& t : s.truth.followers)
      a_true_one |= f.color == t.color && std::hypot(f.center_mm[0] - t.center_mm[0],
                                                     f.center_mm[1] - t.center_mm[1]) < 6;
    if (!a_true_one) {
      EXPECT_GT(distance(f.center_mm), 15) << "the token read as a " << f.color << " follower";
    }
  }
}

// A catch token on a city (bench vision's scene 971): where the city's shading is like the token's,
// the picture differs from the art too little, and only part of the token stands out: a ragged
// half disc, like a meeple. Grown over every red pixel joined to it, it is a whole disc again.
TEST(Analyze, ATokenOnArtPartlyLikeItIsReadWhole) { ExpectTokenReadWhole(971, "catch"); }

// A seduction token on a city (bench vision's scene 962): its shaded rim is of the city's colour
// class, and growing over that class runs into the city; over the token's own colour as seen it
// makes the whole disc.
TEST(Analyze, ATokenOnArtOfItsColourClassIsReadWhole) { ExpectTokenReadWhole(962, "seduction"); }

// A seduction token with a gray meeple lying against it (bench vision's scene 960), and one whose
// rim's shade shows (80057): a quarter of the face's disc is not the face's colour, yet most of it
// is one colour, as a token's is and a meeple's shaded body is not.
TEST(Analyze, ATokenPartlyUnderAnotherPieceIsStillAToken) {
  ExpectTokenReadWhole(960, "seduction");
  ExpectTokenReadWhole(80057, "seduction");
}

// A seduction token with a meeple of another colour lying across it (bench vision's scenes 939,
// 950 and 996): the token's colour makes a ragged crescent, but its round rim shows along most
// of its outline, and the disc within is its colour and the meeple's.
TEST(Analyze, ATokenUnderAMeepleOfAnotherColourIsFoundByItsRim) {
  for (int seed : {939, 950, 996}) ExpectTokenReadWhole(seed, "seduction");
}

// A catch token, no wider than a meeple, with a red meeple lying across it (bench vision's scene
// 80046): the blob of both, more than any meeple alone, holds the token's disc whole, and the
// disc's rim shows.
TEST(Analyze, ACatchTokenAndARedMeepleOnItAreTold) { ExpectTokenReadWhole(80046, "catch"); }

// Knockout tokens with a blue meeple standing or lying against them (bench vision's scenes 82015,
// 82145 and 984): much of the token's flat face differs from the art less, in the standardised
// pattern the cells are compared by, than the art's own shading does, and what is left of it is
// a strip. Grown over its colour it takes in the meeple too, and the token's disc lies whole in
// that blob.
TEST(Analyze, AKnockoutTokenWithABlueMeepleAgainstItIsRead) {
  for (int seed : {82015, 82145, 984}) ExpectTokenReadWhole(seed, "knockout");
}

// A knockout token with a blue meeple lying beside it (bench vision's scene 82108) is read from
// its own blob and again from the blob of both grown over its colour: it is one token.
TEST(Analyze, ATokenReadFromTwoBlobsIsOneToken) {
  RenderedScene s = BenchScene(82108);
  const SceneToken* knockout = nullptr;
  for (const auto& k : s.truth.tokens)
    if (k.kind == "knockout") knockout = &k;
  ASSERT_NE(knockout, nullptr) << "the scene is not the one this test was written for";
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int read = 0;
  for (const auto& k : r->tokens)
    read += k.kind == "knockout" && std::hypot(k.center_mm[0] - knockout->center_mm[0],
                                               k.center_mm[1] - knockout->center_mm[1]) < 15;
  EXPECT_EQ(read, 1);
}

// A catch token seen at a slant (bench vision's scene 80071): its clean outline takes in its
// side, so that its blob's middle is off its face; the face, looked for within it, is one colour.
TEST(Analyze, ATokenSeenAtASlantShowsItsFaceOfOneColour) { ExpectTokenReadWhole(80071, "catch"); }

// A target token seen in part on grass beside a green meeple lying on the same tile (bench vision's
// scene 80064): both blobs are shaped like a target partly hidden, but only the token's is flat,
// the meeple being lit from above.
TEST(Analyze, OfTwoTargetLikeBlobsOnATileTheFlatOneIsTheToken) {
  ExpectTokenReadWhole(80064, "target");
}

// Target tokens seen in part on grass (bench vision's scenes 965 and 80056): darker grass about
// them is like their face over a fifth of the ring around them, and their colour as seen, the
// printed target's, tells them from a patch of grass.
TEST(Analyze, ATargetOnGrassIsATokenThoughTheGrassAboutItIsLikeIt) {
  for (int seed : {965, 80056}) ExpectTokenReadWhole(seed, "target");
}

// Knockout tokens seen at a slant at about 1 px/mm (bench vision's scenes 958 and 959): the side
// and the blurred rim reach into the face, which spreads more than a flat face's, but the outline
// is as clean as a cut disc's, which no meeple's is.
TEST(Analyze, ATokenWithTheOutlineOfACutDiscIsATokenSeenAtASlant) {
  ExpectTokenReadWhole(958, "knockout");
  ExpectTokenReadWhole(959, "knockout");
}

// A token seen only in part, beside a meeple (bench vision's scenes 80007 and 80017: targets on
// grass, a meeple touching each; 925: a seduction token with a yellow meeple against it): most of
// its face is one colour, and it is wider than any meeple, so that no meeple lying down is taken
// for it.
TEST(Analyze, ATokenSeenInPartBesideAMeepleIsStillAToken) {
  ExpectTokenReadWhole(80007, "target");
  ExpectTokenReadWhole(80017, "target");
  ExpectTokenReadWhole(925, "seduction");
}

// A round token with a meeple standing against it (bench vision's scenes 82024 and 82066: targets
// on a field and beside the table's edge; 994: a seduction token): the meeple hides much of its
// rim, and the blob of both is no token's shape, yet the disc there is the token's colour, most of
// it one colour as printed, with none of it round about.
TEST(Analyze, ATokenWithAMeepleStandingAgainstItIsFoundByItsDisc) {
  ExpectTokenReadWhole(82024, "target");
  ExpectTokenReadWhole(82066, "target");
  ExpectTokenReadWhole(994, "seduction");
}

// A catch token lying at the board's edge, partly hidden or seen at a slant (bench vision's scenes
// 960 and 82187): its blob is shaped like a meeple as much as like the token, and its footprint is
// on no tile. Followers stand on tiles, tokens anywhere: shaped like the token seen in part and
// reaching a tile, it is the token.
TEST(Analyze, ATokenAtTheBoardsEdgeIsNoFollowerOnNoTile) {
  ExpectTokenReadWhole(960, "catch");
  ExpectTokenReadWhole(82187, "catch");
}

// A knockout token with a blue meeple standing against its rim (bench vision's scenes 82023 and
// 974): one blob of both, whose part beyond the token's reach is too small for a meeple, so that
// the whole blob was read as a meeple lying. Cut at the rim of the token's disc it leaves the
// meeple: both are read, each where it is.
TEST(Analyze, AMeepleStandingAgainstATokenOfItsColourIsToldFromIt) {
  for (int seed : {82023, 974}) {
    SCOPED_TRACE("scene " + std::to_string(seed));
    ExpectTokenReadWhole(seed, "knockout");
    RenderedScene s = BenchScene(seed);
    const SceneToken* token = nullptr;
    for (const auto& k : s.truth.tokens)
      if (k.kind == "knockout") token = &k;
    ASSERT_NE(token, nullptr);
    const SceneFollower* meeple = TrueFollower(s.truth, [&](const SceneFollower& f) {
      return f.color == "blue" && f.pose == "standing" &&
             std::hypot(f.center_mm[0] - token->center_mm[0],
                        f.center_mm[1] - token->center_mm[1]) < 25;
    });
    ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(HasFollower(*r, *meeple, 4, true));
  }
}

// A catch token with a meeple of another colour lying beside it (bench vision's scenes 50052 and
// 50087): flat and red as a red meeple lying is, and no other piece's colour along its blob's
// edge, but the picture's edges follow its round rim nearly all round, as no meeple's notched
// outline does. It is the token, not a meeple (nor nothing, off the board).
TEST(Analyze, ACatchTokenWhoseRimShowsAllRoundIsNoMeeple) {
  ExpectTokenReadWhole(50052, "catch");
  ExpectTokenReadWhole(50087, "catch");
}

// A catch token whole in view, half on a city's ochre and half on grass (bench vision's scene
// 50150): compared with the art by its pattern it shows in part, a sliver no piece's shape, and in
// grey its rim hardly differs from the grass. Its rim found in how far each pixel lies from the
// sliver's colour, it is the token.
TEST(Analyze, ATokenWhoseRimShowsInColourOnlyIsRead) { ExpectTokenReadWhole(50150, "catch"); }

// A catch token on the table far from a distant camera (bench vision's scene 80032), where the
// picture has fewer pixels per millimetre than the top view: its blur widens it by two of the
// picture's pixels all round, more than two of the top view's, and it is still a token.
TEST(Analyze, ATokenFarFromTheCameraIsWidenedByThePicturesBlur) {
  ExpectTokenReadWhole(80032, "catch");
}

// A knockout token and a blue meeple lying against it (bench vision's scene 966) make one blob too
// large for a meeple that eroding does not part. The token's whole disc lies in it: both are read.
TEST(Analyze, ATokenAndAMeepleOfItsColourLyingTogetherAreBothRead) {
  RenderedScene s = BenchScene(966);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "blue" && f.at.x == 5 && f.at.y == -4;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  bool token_read = false;
  for (const auto& k : r->tokens)
    token_read |=
        k.kind == "knockout" && std::hypot(k.center_mm[0] - 253.5, k.center_mm[1] + 179.2) < 3;
  EXPECT_TRUE(token_read);
  EXPECT_TRUE(HasFollower(*r, *meeple, 4, true));
}

// Reads the bench scene `seed` and expects the meeple `is` picks out read as a follower on its
// tile, and no token read on it.
void ExpectAMeepleNoToken(uint64_t seed, const std::function<bool(const SceneFollower&)>& is) {
  RenderedScene s = BenchScene(seed);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneFollower* meeple = TrueFollower(s.truth, is);
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  EXPECT_TRUE(HasFollower(*r, *meeple, 5, false));
  for (const auto& t : r->tokens)
    EXPECT_GT(
        std::hypot(t.center_mm[0] - meeple->center_mm[0], t.center_mm[1] - meeple->center_mm[1]),
        15)
        << "a " << t.kind << " token read on the meeple";
}

// A yellow meeple lying on a field (bench vision's scene 923) makes a blob of a seduction token's
// size and outline. Its face is shaded, not of one colour as a token's is: it is the meeple.
TEST(Analyze, AMeepleShapedLikeATokenIsReadAsTheMeeple) {
  ExpectAMeepleNoToken(923, [](const SceneFollower& f) {
    return f.color == "yellow" && f.pose == "lying" &&
           std::hypot(f.center_mm[0] + 33.6, f.center_mm[1] + 263.0) < 10;
  });
}

// A red meeple lying alone on a field (bench vision's scene 59094) is as flat and as red as a catch
// token and its size, and was read as one; its outline leaves more of the token's disc uncovered.
TEST(Analyze, ARedMeepleLyingAloneIsNoCatchToken) {
  ExpectAMeepleNoToken(59094, [](const SceneFollower& f) {
    return f.color == "red" && f.pose == "lying" && f.at.x == 8 && f.at.y == -1;
  });
}

// A catch token with a meeple of another colour standing against it or lying on part of it (bench
// vision's scenes 82005 and 82000: blue and gray meeples on it; 82054: a blue one against it): the
// red left in view is a disc cut by the meeple, as flat and as large as a red meeple lying down,
// and was read as one. The other meeple's colour runs along its cut edge, and with it the disc
// is whole.
TEST(Analyze, ACatchTokenWithAMeepleOfAnotherColourAgainstItIsNoRedFollower) {
  for (int seed : {82005, 82000, 82054}) ExpectTokenReadWhole(seed, "catch");
}

// A catch token with a meeple of another colour lying over a third of it or more (bench vision's
// scenes 82019: a gray one; 82115: a yellow one; 82102): the red left in view, cut deep, was read
// as a red meeple lying down, or not at all. The other colour fills the token's disc with it.
TEST(Analyze, ACatchTokenWithAMeepleLyingOverItIsNoRedFollower) {
  for (int seed : {82019, 82115, 82102}) ExpectTokenReadWhole(seed, "catch");
}

// Red meeples lying down beside pieces of other colours (bench vision's scenes 82119, 965 and
// 82145), as flat and as round as a catch token cut by a meeple: next to none of their edge
// touches the other pieces, and they are meeples still.
TEST(Analyze, ARedMeepleLyingBesideAnotherPieceIsNoCatchToken) {
  const std::vector<std::tuple<int, int, int>> meeples = {
      {82119, -3, 3}, {965, -5, -1}, {82145, -4, 3}};
  for (const auto& [seed, col, row] : meeples)
    ExpectAMeepleNoToken(seed, [col, row](const SceneFollower& f) {
      return f.color == "red" && f.pose == "lying" && f.at.x == col && f.at.y == row;
    });
}

// A green meeple standing against a catch token (bench vision's scene 82173): the token seen in
// part and the meeple, whose outline is like a target's seen in part, were read as two followers
// on one tile, and neither was taken for the token. The meeple's body is lit from above (its
// lightness spreads 31), the token is flat (15): the flat one is the token.
TEST(Analyze, OfTwoFollowersOnATileLikeTokensTheFlatOneIsTheToken) {
  RenderedScene s = BenchScene(82173);
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "green" && f.pose == "standing" && f.at.x == 1 && f.at.y == -5;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  const SceneToken* token = nullptr;
  for (const auto& k : s.truth.tokens)
    if (k.kind == "catch") token = &k;
  ASSERT_NE(token, nullptr) << "the scene is not the one this test was written for";
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(HasFollower(*r, *meeple, 4, true));
  auto off_token = [&](const double* at) {
    return std::hypot(at[0] - token->center_mm[0], at[1] - token->center_mm[1]);
  };
  bool read = false;
  for (const auto& k : r->tokens) read |= k.kind == "catch" && off_token(k.center_mm) < 4;
  EXPECT_TRUE(read);
  for (const auto& f : r->followers) {
    if (f.color == "red") {
      EXPECT_GT(off_token(f.center_mm), 15) << "the token read as a follower";
    }
  }
}

// Beside an arm reaching over a striped wooden table (bench vision's scene 982), cells of table and
// arm matched a tile's art fairly (0.5) with half a tile's detail, and were read as tiles.
TEST(Analyze, TheTableBesideAnArmIsNoTile) {
  RenderedScene s = BenchScene(982);
  ASSERT_EQ(TileAt(s.truth, 7, -3), nullptr)
      << "the scene is not the one this test was written for";
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneTile* read = TileAt(*r, 7, -3);
  EXPECT_EQ(read, nullptr) << read->id << " read on the table";
}

// Arms reaching in over the table beside the board (bench vision's scenes 82167, 82130 and 982):
// cells half arm, half table and a tile's edge matched some tile's art weakly (0.44-0.46; 982's
// hand 0.61), with the detail of the arm's and the tiles' edges, and were read as tiles. Once the
// picture's noise is blurred away, most of such a cell shows no edge at all.
TEST(Analyze, AnArmOverTheTableIsNoTile) {
  const std::vector<std::tuple<int, int, int>> cells = {
      {82167, 1, 5}, {82167, -1, 6}, {82130, -5, -2}, {982, 7, -4}};
  for (const auto& [seed, col, row] : cells) {
    RenderedScene s = BenchScene(seed);
    ASSERT_GT(s.look.hands, 0) << "the scene is not the one this test was written for";
    ASSERT_EQ(TileAt(s.truth, col, row), nullptr)
        << "the scene is not the one this test was written for";
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const SceneTile* read = TileAt(*r, col, row);
    EXPECT_EQ(read, nullptr) << read->id << " read under the arm, scene " << seed;
  }
}

// An arm over the board's edge (bench vision's scene 82014) hides most of the tiles a black and a
// green meeple lie on; each is read, and so is what the arm leaves of its tile.
TEST(Analyze, AMeepleBesideAnArmKeepsItsTile) {
  RenderedScene s = BenchScene(82014);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (const auto& [colour, col, row] :
       std::vector<std::tuple<std::string, int, int>>{{"black", -5, 0}, {"green", -7, 1}}) {
    const SceneFollower* meeple = TrueFollower(s.truth, [&](const SceneFollower& f) {
      return f.color == colour && f.at.x == col && f.at.y == row;
    });
    ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
    EXPECT_TRUE(HasFollower(*r, *meeple, 4, false)) << colour;
    EXPECT_NE(TileAt(*r, col, row), nullptr) << colour;
  }
}

// A fair tile's yellow disc (bench vision's scene 80035), where the light moved its colour off the
// art's, was read as a yellow meeple lying beside the fair. No follower stands on a fair.
TEST(Analyze, AFairsDiscIsNoFollower) {
  RenderedScene s = BenchScene(80035);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneTile* fair = TileAt(s.truth, -3, -4);
  ASSERT_TRUE(fair && fair->id.rfind("FAIR-", 0) == 0)
      << "the scene is not the one this test was written for";
  for (const auto& f : r->followers)
    EXPECT_GT(std::hypot(f.center_mm[0] - fair->center_mm[0], f.center_mm[1] - fair->center_mm[1]),
              10)
        << "a " << f.color << " follower read on the fair";
}

// Fairs' yellow discs of which only part differs from the art as read (bench vision's scenes 82072
// and 59089): the blob is ragged, no disc's outline, and was read as a yellow meeple lying on the
// fair. All of it lies on the art's yellow paint.
TEST(Analyze, AFairsDiscSeenInPartIsNoFollower) {
  for (const auto& [seed, col, row] :
       std::vector<std::tuple<int, int, int>>{{82072, 4, 2}, {59089, -1, -3}}) {
    RenderedScene s = BenchScene(seed);
    const SceneTile* fair = TileAt(s.truth, col, row);
    ASSERT_TRUE(fair && fair->id.rfind("FAIR-", 0) == 0)
        << "the scene is not the one this test was written for";
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (const auto& f : r->followers)
      EXPECT_FALSE(f.at == fair->at && f.color == "yellow")
          << "a yellow follower read on the fair, scene " << seed;
  }
}

// The cloisters' buildings are painted gray, square and solid; under some lights (bench vision's
// scene 82166, two of them) they differed from the art as read and were read as gray monks.
TEST(Analyze, ACloistersBuildingIsNoMonk) {
  RenderedScene s = BenchScene(82166);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int bare_cloisters = 0;
  for (const auto& t : s.truth.tiles) {
    if (t.id != "A" && t.id != "B") continue;
    if (std::any_of(s.truth.followers.begin(), s.truth.followers.end(),
                    [&](const SceneFollower& f) { return f.at == t.at; }))
      continue;
    ++bare_cloisters;
    for (const auto& f : r->followers)
      EXPECT_FALSE(f.at == t.at && f.on == "C")
          << "a " << f.color << " monk read on the cloister at " << t.at.x << "," << t.at.y;
  }
  EXPECT_GE(bare_cloisters, 2) << "the scene is not the one this test was written for";
}

// A gray meeple standing on its tile's very edge over a hole in the board (bench vision's scene
// 80050, the camera 25 degrees off straight down): its footprint, measured from its middle, fell
// 4 mm beyond the tile, and it was dropped as standing on no tile.
TEST(Analyze, AMeepleOnATilesEdgeOverAHoleIsOnTheTile) {
  RenderedScene s = BenchScene(80050);
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "gray" && f.pose == "standing" && f.at.x == 0 && f.at.y == 2;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  ASSERT_EQ(TileAt(s.truth, 0, 3), nullptr) << "the scene is not the one this test was written for";
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(HasFollower(*r, *meeple, 6, true));
}

// Green meeples standing on grass within a token's breadth of a token read already (bench vision's
// scenes 82179, beside a catch token, and 80009, beside a target): the parts of the board off the
// grass's hue that lay so near a token were all taken for that token, and the meeples went unread.
TEST(Analyze, AGreenMeepleBesideATokenIsRead) {
  ExpectFollowerRead(82179, 4, true, [](const SceneFollower& f) {
    return f.color == "green" && f.pose == "standing" && f.at.x == 2 && f.at.y == 3;
  });
  ExpectFollowerRead(80009, 7, true, [](const SceneFollower& f) {
    return f.color == "green" && f.pose == "standing" && f.at.x == 2 && f.at.y == -3;
  });
}

// Green meeples on grass found by their hue whose blobs hardly differ from the art in the
// standardised pattern the cells are compared by (bench vision's scenes 935, 82099 and 80067): in
// colour they do, and they are read.
TEST(Analyze, AGreenMeepleOnGrassUnlikeTheArtInColourIsRead) {
  ExpectFollowerRead(935, 4, true, [](const SceneFollower& f) {
    return f.color == "green" && f.pose == "standing" && f.at.x == -3 && f.at.y == 7;
  });
  ExpectFollowerRead(82099, 4, true, [](const SceneFollower& f) {
    return f.color == "green" && f.pose == "lying" && f.at.x == -7 && f.at.y == -3;
  });
  ExpectFollowerRead(80067, 4, true, [](const SceneFollower& f) {
    return f.color == "green" && f.pose == "lying" && f.at.x == -1 && f.at.y == 2;
  });
}

// A black meeple lying across the dark seam between two tiles (bench vision's scene 963) was seen
// in specks that, grown over the black pixels, ran on along the seam: it was left unread.
TEST(Analyze, ABlackMeepleAcrossASeamIsRead) {
  ExpectFollowerRead(963, 3, true, [](const SceneFollower& f) {
    return f.color == "black" && f.pose == "lying" && f.at.x == 2 && f.at.y == 1;
  });
}

// A gray meeple standing lit from one side (bench vision's scene 82024): its side in shade is of
// the black class, and the gray part alone, long and thin, is no meeple's shape. Grown over the
// black pixels beside it that are unlike the art, it is one meeple.
TEST(Analyze, AGrayMeeplesSideInShadeIsPartOfIt) {
  ExpectFollowerRead(82024, 4, true, [](const SceneFollower& f) {
    return f.color == "gray" && f.pose == "standing" && f.at.x == 7 && f.at.y == 1;
  });
}

// A gray meeple standing on the seam of two tiles (bench vision's scene 59015) is read from its
// lit part, on the tile beside its own; a part of it in shade, grown whole over the lit part, reads
// it again on its own tile. Blobs sharing much of the smaller are one meeple, where the larger
// shows it.
TEST(Analyze, AMeepleGrownOverOneReadAlreadyIsThatOne) {
  RenderedScene s = BenchScene(59015);
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "gray" && f.pose == "standing" && f.at.x == 4 && f.at.y == -1;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int read_near = 0;
  for (const auto& f : r->followers)
    read_near += f.color == "gray" && std::hypot(f.center_mm[0] - meeple->center_mm[0],
                                                 f.center_mm[1] - meeple->center_mm[1]) < 12;
  EXPECT_EQ(read_near, 1);
  EXPECT_TRUE(HasFollower(*r, *meeple, 4, true));
}

// Two gray meeples standing lit from one side (bench vision's scene 82035): each made a gray blob
// and, a few millimetres off, a black one of its side in shade, both read as followers on its
// tile, and the black one was kept. Two meeples never stand that close: one gray meeple each.
TEST(Analyze, AGrayMeeplesSideReadBlackIsThatGrayMeeple) {
  RenderedScene s = BenchScene(82035);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int gray = 0;
  for (const auto& t : s.truth.followers) {
    if (t.color != "gray") continue;
    ++gray;
    EXPECT_TRUE(HasFollower(*r, t, 4, true)) << "at " << t.at.x << "," << t.at.y;
    for (const auto& f : r->followers)
      EXPECT_FALSE(f.color == "black" && f.at == t.at) << "at " << t.at.x << "," << t.at.y;
  }
  EXPECT_EQ(gray, 2) << "the scene is not the one this test was written for";
}

// A gray meeple lying on a field (bench vision's scene 930) made two blobs that were both read
// as followers a millimetre apart. Two meeples cannot lie that close: it is read once.
TEST(Analyze, AMeepleSeenAsTwoBlobsIsOneFollower) {
  RenderedScene s = BenchScene(930);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "gray" && f.pose == "lying" && f.at.x == 0 && f.at.y == -5;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  EXPECT_TRUE(HasFollower(*r, *meeple, 3, false));
  int near = 0;
  for (const auto& f : r->followers)
    near += std::hypot(f.center_mm[0] - meeple->center_mm[0],
                       f.center_mm[1] - meeple->center_mm[1]) < 15;
  EXPECT_EQ(near, 1);
}

// A target token thrown to the board's rim (bench vision's scene 942): its centre lies beyond the
// last tile, but 7 mm of it rest on that tile, so it rests on the board (the seduction rule asks
// just that); tokens lying wholly on the table are off it. In 991 and 996 a knockout token rests on
// the rim of a tile that lies a little off its grid cell, beyond it: on the tile where it lies. In
// 947 (a seduction token) and 80011 (a target) the part of the token that lies on the tile is the
// part the picture does not show as the token's: only its whole disc reaches the tile.
TEST(Analyze, ATokenPartlyOnATileRestsOnTheBoard) {
  for (uint64_t seed : {942, 991, 996, 947, 80011}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    int compared = 0;
    for (const auto& truth : s.truth.tokens)
      for (const auto& read : r->tokens) {
        if (read.kind != truth.kind || std::hypot(read.center_mm[0] - truth.center_mm[0],
                                                  read.center_mm[1] - truth.center_mm[1]) > 3)
          continue;
        ++compared;
        EXPECT_EQ(read.on_board, truth.on_board)
            << "scene " << seed << ": the " << truth.kind << " token";
        if (seed == 942 && truth.kind == "target") {
          EXPECT_GT(NearestTileMm(s.truth, truth.center_mm), kTilePitchMm / 2)
              << "the scene is not the one this test was written for";
        }
      }
    EXPECT_GE(compared, 2) << "scene " << seed;
  }
}

// The view Rectify makes is sampled half a pixel off its grid of table points; the positions read
// must say which table point each pixel shows, or every follower and token is placed some 0.3 mm
// off the same way (toward the view's origin: 0.37 mm on average over these scenes). Over six bench
// scenes, the median offset of the followers and tokens read is under 0.25 mm (0.22 mm; the mean
// moves with the one or two pieces read 4 to 5 mm off).
TEST(Analyze, PiecesArePlacedWithoutASystematicOffset) {
  std::vector<double> dx, dy;
  for (uint64_t seed = 930; seed < 936; ++seed) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    auto add = [&](const double* truth, const double* read) {
      const cv::Point2d d(read[0] - truth[0], read[1] - truth[1]);
      if (std::hypot(d.x, d.y) < 5) dx.push_back(d.x), dy.push_back(d.y);
    };
    for (const auto& truth : s.truth.followers)
      for (const auto& read : r->followers)
        if (read.color == truth.color) add(truth.center_mm, read.center_mm);
    for (const auto& truth : s.truth.tokens)
      for (const auto& read : r->tokens)
        if (read.kind == truth.kind) add(truth.center_mm, read.center_mm);
  }
  ASSERT_GE(dx.size(), 60u);
  // The middle offset along each axis: one piece measured a few millimetres off does not move it.
  auto middle = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
  };
  EXPECT_LT(std::hypot(middle(dx), middle(dy)), 0.25)
      << "median offset " << middle(dx) << ", " << middle(dy) << " mm over " << dx.size()
      << " pieces";
}

// Bench vision's scene 950: the camera sees two yellow meeples far off its axis (the ray 41 and 44
// degrees from straight down), their sides shaded dark olive, which the yellow class misses. Placed
// by their yellow tops alone they were 5.2 and 6.3 mm off; by their whole figure, under 3 mm.
TEST(Analyze, AMeepleSeenFromTheSideIsPlacedByItsShadedSidesToo) {
  RenderedScene s = BenchScene(950);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int checked = 0;
  for (const auto& truth : s.truth.followers) {
    const cv::Point2d at(truth.center_mm[0], truth.center_mm[1]);
    if (truth.color != "yellow" || cv::norm(at - cv::Point2d(200, 170)) > 120) continue;
    double nearest = 1e9;
    for (const auto& read : r->followers)
      if (read.color == "yellow")
        nearest =
            std::min(nearest, cv::norm(at - cv::Point2d(read.center_mm[0], read.center_mm[1])));
    EXPECT_LT(nearest, 3.0) << truth.pose << " meeple at " << at;
    ++checked;
  }
  EXPECT_EQ(checked, 2);
}

// A target token (green) on grass is seen only where it differs from the grass: its blob lost
// the disc's outline (bench vision's scene 920) or a fifth of the disc (scene 988), or ran on
// along a tile's dark edge beyond the token (scene 997). Each was read as a green follower and
// the token was missed.
// Bench vision's scene `seed` has one target token, read once, within `within_mm` of where it
// lies, and no follower is read on it.
void ExpectTheTargetTokenRead(int seed, double within_mm = 3) {
  RenderedScene s = BenchScene(seed);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneToken* target = nullptr;
  for (const auto& t : s.truth.tokens)
    if (t.kind == "target") target = &t;
  ASSERT_NE(target, nullptr);
  const cv::Point2d at(target->center_mm[0], target->center_mm[1]);
  int found = 0;
  for (const auto& t : r->tokens)
    if (t.kind == "target" &&
        cv::norm(at - cv::Point2d(t.center_mm[0], t.center_mm[1])) < within_mm)
      ++found;
  EXPECT_EQ(found, 1) << "scene " << seed;
  for (const auto& f : r->followers)
    EXPECT_GT(cv::norm(at - cv::Point2d(f.center_mm[0], f.center_mm[1])), 10)
        << "scene " << seed << ": a " << f.color << " follower on the token";
}

TEST(Analyze, ATargetTokenOnGrassIsATokenNotAFollower) {
  for (int seed : {920, 988, 997}) ExpectTheTargetTokenRead(seed);
}

// A green follower is lit from above; a flat green blob shaped like a partly hidden target, alone
// on its tile, is that target (in bench vision's scene 80023 it had been read as a green follower).
// Placed from the part that shows, it lies within 5 mm of where it is.
TEST(Analyze, AFlatGreenFollowerAloneOnItsTileIsATarget) { ExpectTheTargetTokenRead(80023, 5); }

// A token is looked for by its rim only round a sliver of its colour that lies within the token's
// reach and is no larger than a token and a meeple. Bench vision's scene 70021, read without a
// calibration (a held-out scene, kept here only for this fault), has a wide green area in which a
// circle was found; the rest of the area, the circle cut out, found it again without end.
TEST(Analyze, ATokenFoundByItsRimIsNotFoundAgainInWhatIsLeft) {
  RenderedScene s = BenchScene(70021);
  auto r = Read(s.image);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_LE(r->tokens.size(), s.truth.tokens.size());
}

// Where a target lies on grass much like it, only slivers of its side differ from the art (47 and
// 74 mm2 of a 456 mm2 disc in bench vision's scenes 927 and 935; in scene 925 a blob that runs on
// into a green meeple lying beside it): the token is found by its round rim from them, and its
// face, one colour unlike the grass round it, confirms it.
TEST(Analyze, ATargetTokenSeenOnlyAtItsRimIsFoundByItsOutline) {
  for (int seed : {925, 927, 935}) ExpectTheTargetTokenRead(seed);
}

// A target on grass may differ from the tile's art so little that no blob shows it at all (bench
// vision's scenes 978, 80043, 80049 and 80058: whole targets, in plain view; 989, 80032 and 80044:
// beside or partly under a meeple). Its face is of another hue than the grass: its rim is looked
// for round the board's green pixels of that hue. Each target had been missed, one read as a
// green follower. Scenes 80043 and 80049 are seen at 34 and 22 degrees under 1.05 pixels per mm:
// there the whole blob places the token within 5 mm.
TEST(Analyze, ATargetOnGrassThatGivesNoBlobIsFoundByItsHue) {
  for (int seed : {978, 80058, 989, 80032, 80044}) ExpectTheTargetTokenRead(seed);
  for (int seed : {80043, 80049}) ExpectTheTargetTokenRead(seed, 5);
}

// A token's blob may be read a second time as a follower of its colour: in bench vision's scene
// 50041 (a held-out scene, kept here only for this fault) a green follower was read 12 mm from
// the target token, on its disc. No follower of a token's colour stands on such a token read.
TEST(Analyze, AFollowerOnATokenOfItsColourIsThatTokenReadTwice) {
  RenderedScene s = BenchScene(50041);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int targets = 0;
  for (const auto& t : r->tokens) {
    if (t.kind != "target") continue;
    ++targets;
    const double radius = TokenShapeOf(TokenKind::kTarget).width / 2;
    for (const auto& f : r->followers) {
      if (f.color != "green") continue;
      EXPECT_GT(std::hypot(f.center_mm[0] - t.center_mm[0], f.center_mm[1] - t.center_mm[1]),
                radius);
    }
  }
  EXPECT_EQ(targets, 1);
}

// Hands never lay a tile quite on the grid (the renderer shifts each up to a few mm). The referee
// measures a target token's distance to the fair tile's centre, so each tile is reported where it
// lies, not at its grid cell's centre (1.3 mm off at the median, 0.4 mm of it a half-pixel slip).
TEST(Analyze, ATileIsReportedWhereItLiesNotWhereTheGridPutsIt) {
  RenderedScene s = BenchScene(930);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::vector<double> errors;
  cv::Point2d bias(0, 0);
  for (const auto& t : s.truth.tiles)
    for (const auto& g : r->tiles)
      if (g.at.x == t.at.x && g.at.y == t.at.y && g.id == t.id) {
        const cv::Point2d off(g.center_mm[0] - t.center_mm[0], g.center_mm[1] - t.center_mm[1]);
        errors.push_back(cv::norm(off));
        bias += off;
      }
  ASSERT_GE(errors.size(), 40u);
  bias *= 1.0 / errors.size();
  std::nth_element(errors.begin(), errors.begin() + errors.size() / 2, errors.end());
  EXPECT_LT(errors[errors.size() / 2], 0.8) << "median tile centre error, mm";
  EXPECT_LT(cv::norm(bias), 0.2) << "mean tile centre error " << bias << " mm";
}

// Every tile is laid beside another, but the tiles beside one may all be hidden or missed. In
// bench vision's scene 923 a fair tile and a road tile, both in plain view and matching their art
// well, had no read tile beside them and were dropped as things beside the board.
TEST(Analyze, ATileAloneBesideTheBoardIsReadWhenItMatchesWell) {
  RenderedScene s = BenchScene(923);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  for (const auto& [x, y] : {std::pair{-2, 1}, std::pair{1, 6}}) {
    const SceneTile* truth = TileAt(s.truth, x, y);
    ASSERT_NE(truth, nullptr);
    bool read = false;
    for (const auto& g : r->tiles)
      read |= g.at.x == x && g.at.y == y && g.id == truth->id && g.rotation == truth->rotation;
    EXPECT_TRUE(read) << truth->id << " at " << x << "," << y;
  }
}

// A road's pale edge taken for pieces (bench vision's scene 952): left out, the rest of a road tile
// matched a beggars' tile better, and the tile, in plain view and matched at 0.95 at first, was
// read as BEG-12 at 0.41. Leaving out what pieces hide makes a reading less sure, not much worse.
TEST(Analyze, ATileReadWellIsNotMisreadWhereItsArtIsTakenForPieces) {
  RenderedScene s = BenchScene(952);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ExpectReadAsLaid(s.truth, *r, {-2, 2}, "D");
}

// A meeple on a tile's edge pulls the tile's place toward it when the picture is correlated with
// the art, and the tile's own detail, a fortune teller's flower or a city's edge, then sits a pixel
// or two off the art's: on these bench scenes the covered tile had been read as its plainer
// look-alike, the flower or the edge in plain view. Read again beside the pieces, a tile is placed
// with the pieces left out.
TEST(Analyze, ATileUnderAMeepleIsPlacedBesideItAndRead) {
  const struct {
    uint64_t seed;
    Cell at;
    const char* id;
  } cases[] = {{82015, {-2, 4}, "FT-03"},
               {82022, {-1, 0}, "J"},
               {82041, {6, 0}, "F"},
               {82034, {-7, 2}, "M"}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.seed);
    RenderedScene s = BenchScene(c.seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ExpectReadAsLaid(s.truth, *r, c.at, c.id);
  }
}

// Two cloisters at the board's edge, each with a meeple on it, turned two degrees (bench vision's
// scene 961): beside the meeples the open grass fits the art square well enough, but turned it fits
// far better; placed square, the cloisters were read as a fair and a road.
TEST(Analyze, CloistersUnderMeeplesAreReadTurnedAsTheyLie) {
  RenderedScene s = BenchScene(961);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  // Turned half round, the fair and the cloister show the same face (edges and features).
  const TileCatalog& cat = VisionCatalog();
  for (const auto& [at, id] : {std::pair{Cell{-4, 4}, "FAIR-07"}, std::pair{Cell{-4, 5}, "B"}}) {
    const SceneTile *laid = TileAt(s.truth, at.x, at.y), *seen = TileAt(*r, at.x, at.y);
    ASSERT_TRUE(laid && laid->id == id) << "the scene is not the one the test was written for";
    ASSERT_NE(seen, nullptr) << id << " is not read";
    EXPECT_TRUE(SameFace(cat.type(cat.find(seen->id)), seen->rotation / 90, cat.type(cat.find(id)),
                         laid->rotation / 90))
        << id << " read as " << seen->id << " " << seen->rotation;
  }
}

// A yellow monk standing on a cloister at the board's corner hides the cloister (bench vision's
// scene 933): what is left is grass, on which no art's pattern correlates well, and the tile had
// been read as a city corner (N) at 0.25, the monk on its field. The colours in view are grass, not
// the city's: the tile is the cloister and the monk stands on it.
TEST(Analyze, AMonkHidingHisCloisterStandsOnACloister) {
  RenderedScene s = BenchScene(933);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneTile* tile = TileAt(*r, -5, -1);
  ASSERT_NE(tile, nullptr) << "the cloister is not read";
  EXPECT_EQ(tile->id, "B");  // its turn the monk hides
  const SceneFollower* monk = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "yellow" && f.at.x == -5 && f.at.y == -1;
  });
  ASSERT_NE(monk, nullptr) << "the scene is not the one this test was written for";
  EXPECT_EQ(monk->on, "C");
  EXPECT_TRUE(HasFollower(*r, *monk, 3, true));
}

// The box holds one BEG-12 and one BEG-10: on these bench scenes a straight road, two cities over
// a road and a crossing had each been read as one of those beside the real one (the tiles the first
// reading had not looked at closely sank too far for the tile counts to turn them). No reading
// holds more of a tile than the box. (A cell mostly hidden, as by the target token of scene
// 80013, stays as read: any reading of it is a guess.)
TEST(Analyze, NoTileIsReadMoreOftenThanTheBoxHoldsIt) {
  for (uint64_t seed : {925, 944, 80025}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << seed << ": " << r.error().message;
    std::map<std::string, int> read;
    for (const SceneTile& t : r->tiles) ++read[t.id];
    for (const auto& [id, n] : read)
      EXPECT_LE(n, VisionCatalog().type(VisionCatalog().find(id)).count)
          << "scene " << seed << " reads " << n << " of " << id;
  }
}

// Scene 925's straight road (U) beside a field: a piece's mask took in its road, and the cell was
// read as the box's one BEG-12, already read right two cells away. Read again without BEG-12, it is
// the road.
TEST(Analyze, ACellReadAsATileReadElsewhereIsReadAgain) {
  RenderedScene s = BenchScene(925);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneTile* truth = TileAt(s.truth, -2, -3);
  ASSERT_TRUE(truth != nullptr && truth->id == "U")
      << "the scene is not the one this test was written for";
  const SceneTile* tile = TileAt(*r, -2, -3);
  ASSERT_NE(tile, nullptr) << "the road is not read";
  EXPECT_EQ(tile->id, "U");
}

// A piece on a tile whose first reading is wrong: the grass where that reading has roads or a city
// is unlike its art, and of the green players' class, so it had joined the piece's mask, and the
// reread, leaving it out, had kept the wrong tile (bench vision's scenes 948, 956 and 80035). The
// grass of the cell's own colour is left in view. (Scene 948's cloister, read at 0.2 under a
// green meeple on a table of the grass's colour, is a coin toss between its faces since the
// table's bare cells are left out before the pieces are found: no longer asked here.)
TEST(Analyze, GrassBesideAPieceIsNotHiddenWhenTheTileIsReadAgain) {
  struct Case {
    uint64_t seed;
    Cell at;
    const char* id;
  };
  for (const Case& c : {Case{956, {-4, 3}, "V"}, Case{80035, {1, 0}, "V"}}) {
    RenderedScene s = BenchScene(c.seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    SCOPED_TRACE("scene " + std::to_string(c.seed) + " " + c.id);
    ExpectReadAsLaid(s.truth, *r, c.at, c.id);
  }
}

// A green meeple lying on grass: its colour class is the grass's, so the colour masks see it only
// in specks or take in the grass around it (bench vision's scenes 927, 82025 and 82140 missed
// one each). Its paint is not the grass's hue: the board's green pixels off that hue show it
// whole, and it is read there when no target is.
TEST(Analyze, AGreenMeepleLyingOnGrassIsFoundByItsHue) {
  struct Case {
    uint64_t seed;
    Cell at;
    const char* on;
  };
  for (const Case& c :
       {Case{927, {4, -4}, "N1"}, Case{82025, {3, 1}, "C"}, Case{82140, {2, 3}, "E1"}}) {
    RenderedScene s = BenchScene(c.seed);
    SCOPED_TRACE("scene " + std::to_string(c.seed));
    const SceneFollower* meeple = TrueFollower(s.truth, [&](const SceneFollower& f) {
      return f.color == "green" && f.pose == "lying" && f.at.x == c.at.x && f.at.y == c.at.y &&
             f.on == c.on;
    });
    ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE(HasFollower(*r, *meeple, 4, true));
  }
}

// A green meeple standing on the road of a tile at the board's edge (bench vision's scene 80031):
// the first look left the tile unread, matched weakly around the meeple on grass, and dropped the
// meeple as standing on no tile. Followers stand on tiles: the picture is read once more with that
// cell taken as covered, and both are found.
TEST(Analyze, AFollowerOnATileTheFirstLookMissedIsReadWithItsTile) {
  RenderedScene s = BenchScene(80031);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const SceneFollower* meeple = TrueFollower(s.truth, [](const SceneFollower& f) {
    return f.color == "green" && f.at.x == 1 && f.at.y == 4;
  });
  ASSERT_NE(meeple, nullptr) << "the scene is not the one this test was written for";
  const SceneTile* tile = TileAt(*r, 1, 4);
  ASSERT_NE(tile, nullptr) << "the road tile under the meeple is not read";
  EXPECT_EQ(tile->id, "U");
  // U turned half round is the same face: the meeple's point is named either way.
  EXPECT_TRUE(HasFollower(*r, *meeple, 3, false));
}

// A tile whose look-alike differs from it only where a piece lies is a coin toss, however well it
// matches: in bench vision's scene 923 a meeple hides N's shield (M lacks it) and the hut by U's
// road (BEG-01); each was read right with confidence 0.51-0.81 and no alternative. (A meeple there
// hides R's missing shield too, but R's and Q's painted houses lie apart all over the tile: placed
// beside the meeple, R is told from Q by them, and is read sure.)
TEST(Analyze, ATileWhoseLookAlikeDiffersOnlyUnderAPieceIsADoubtfulReading) {
  RenderedScene s = BenchScene(923);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  struct Expected {
    int x, y;
    const char *id, *twin;
  };
  for (const Expected& e : {Expected{6, 0, "N", "M"}, Expected{1, 4, "U", "BEG-01"}}) {
    const SceneTile* read = TileAt(*r, e.x, e.y);
    ASSERT_NE(read, nullptr) << e.id << " at " << e.x << "," << e.y;
    EXPECT_EQ(read->id, e.id);
    EXPECT_LT(read->confidence, 0.7) << e.id;
    ASSERT_TRUE(read->alternative.has_value()) << e.id;
    EXPECT_EQ(read->alternative->id, e.twin) << e.id;
  }
  const SceneTile* r_tile = TileAt(*r, 0, 3);
  ASSERT_NE(r_tile, nullptr) << "R at 0,3";
  EXPECT_EQ(r_tile->id, "R");
}

// Where the pieces read hide all that tells a tile from a look-alike of which the catalog holds
// far fewer, the commoner is read, still in doubt: in bench vision's scenes 958, 960, 80010 and
// 80028 meeples and tokens hide where an inn (IC-02), a tent (FT-04) or a hut (BEG-08) would be;
// each of these V and U tiles had been read as the rarer look-alike. In 80010 the picture prefers
// D, on which the meeple lying there stands on nothing; of the faces it stands on a road of, U and
// the hut alike, the picture prefers U: D is the alternative.
TEST(Analyze, ATileWhoseRareLookAlikeDiffersOnlyUnderPiecesIsReadAsTheCommonOne) {
  struct Case {
    uint64_t seed;
    Cell at;
    const char *id, *alternative;
  };
  for (const Case& c : {Case{958, {-9, -1}, "V", "IC-02"}, Case{960, {2, -2}, "V", "FT-04"},
                        Case{80010, {2, 5}, "U", "D"}, Case{80028, {-6, 4}, "V", "IC-02"}}) {
    RenderedScene s = BenchScene(c.seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    SCOPED_TRACE("scene " + std::to_string(c.seed) + " " + c.id);
    ExpectReadAsLaid(s.truth, *r, c.at, c.id);
    const SceneTile* read = TileAt(*r, c.at.x, c.at.y);
    ASSERT_NE(read, nullptr);
    EXPECT_LT(read->confidence, 0.7);
    ASSERT_TRUE(read->alternative.has_value());
    EXPECT_EQ(read->alternative->id, c.alternative);
  }
}

// Where two faces of a tile fit the picture nearly alike, the follower on it says which lies
// there: in bench vision's scenes 935 and 970 meeples hide the detail that tells J from V and
// FAIR-11 from BEG-02, and monks hide their cloisters (B had been read as V, FT-01 as G, the monks
// put on those tiles' roads). Each had been read on the face where no follower stands there.
TEST(Analyze, AFollowerOnATileTellsItsFaceWhenThePictureCannot) {
  struct Case {
    uint64_t seed;
    Cell at;
    bool tile_told;  // the tile read right too, not only its follower's feature
  };
  for (const Case& c : {Case{935, {0, 1}, true}, Case{970, {-1, -1}, true},
                        Case{935, {3, -2}, false}, Case{970, {3, -3}, false}}) {
    RenderedScene s = BenchScene(c.seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const std::string what = "scene " + std::to_string(c.seed) + " " + std::to_string(c.at.x) +
                             "," + std::to_string(c.at.y);
    const SceneTile *truth = nullptr, *read = nullptr;
    for (const auto& t : s.truth.tiles)
      if (t.at == c.at) truth = &t;
    for (const auto& t : r->tiles)
      if (t.at == c.at) read = &t;
    ASSERT_TRUE(truth && read) << what;
    if (c.tile_told) {
      EXPECT_EQ(read->id, truth->id) << what;
      EXPECT_EQ(read->rotation, truth->rotation) << what;
    }
    // Its follower on the same feature, whichever of its points names it.
    const TileType& type = VisionCatalog().type(VisionCatalog().find(truth->id));
    auto feature = [&](const std::string& on) {
      auto p = ParsePoint(on);
      return p ? type.occupiable_feature_at(UnrotatePoint(*p, truth->rotation / 90)) : -2;
    };
    const SceneFollower* on_truth = nullptr;
    for (const auto& f : s.truth.followers)
      if (f.at == c.at) on_truth = &f;
    ASSERT_NE(on_truth, nullptr) << what;
    int found = 0;
    for (const auto& f : r->followers)
      if (f.at == c.at) {
        ++found;
        EXPECT_EQ(f.color, on_truth->color) << what;
        EXPECT_EQ(feature(f.on), feature(on_truth->on))
            << what << ": " << f.on << " for " << on_truth->on;
      }
    EXPECT_EQ(found, 1) << what;
  }
}

// Every follower read in bench vision's scene `seed` (of colour `only`, if given) stands within
// 10 mm of a true one of its colour; at least `least` are read.
void ExpectNoFollowerWhereNoneStands(uint64_t seed, size_t least, const std::string& only = "") {
  RenderedScene s = BenchScene(seed);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  size_t read = 0;
  for (const auto& f : r->followers) {
    if (!only.empty() && f.color != only) continue;
    ++read;
    const bool real = std::any_of(
        s.truth.followers.begin(), s.truth.followers.end(), [&](const SceneFollower& t) {
          return t.color == f.color &&
                 std::hypot(t.center_mm[0] - f.center_mm[0], t.center_mm[1] - f.center_mm[1]) < 10;
        });
    EXPECT_TRUE(real) << "scene " << seed << ": a " << f.color << " follower read at "
                      << f.center_mm[0] << "," << f.center_mm[1] << " where none stands";
  }
  EXPECT_GE(read, least) << "scene " << seed;
}

// A piece stands out from what it lies on; a patch of the art's own colour that a colour class
// cuts out of grass does not. In bench vision's scenes 934 and 964 such patches (a blue one, two
// green ones) had been read as followers.
TEST(Analyze, APatchThatDoesNotStandOutFromTheArtIsNoFollower) {
  for (uint64_t seed : {934, 964}) ExpectNoFollowerWhereNoneStands(seed, 5);
}

// A green meeple is a body lit from above, its sides in shade; a patch of grass is flat. In bench
// vision's scenes 980, 80025 and 80070 such a patch, standing out from the grass around it, had
// been read as a green follower lying on the art; their green meeples are still read.
TEST(Analyze, AFlatPatchOfGrassIsNoGreenFollower) {
  for (uint64_t seed : {980, 80025, 80070}) ExpectNoFollowerWhereNoneStands(seed, 1, "green");
}

// A green meeple's paint is not the grass's print. In bench vision's scenes 925, 942 and 967 a
// patch of grass that a misread tile left unexplained, of the board's grass's own colour, had been
// read as a green follower (in 942 it also hid a red meeple beside it); their green meeples, three,
// four and one, are still read.
TEST(Analyze, APatchOfTheGrassColourIsNoGreenFollower) {
  for (uint64_t seed : {925, 942, 967}) ExpectNoFollowerWhereNoneStands(seed, 1, "green");
}

// A green meeple is a body lit from above: a tenth of it at least lies in shade, darker than the
// grass. In bench vision's scene 80032 a patch of lighter grass beside a yellow meeple, of no
// flat colour, had been read as a green follower.
TEST(Analyze, AGreenPatchWithNoSideInShadeIsNoFollower) {
  ExpectNoFollowerWhereNoneStands(80032, 0, "green");
}

// A meeple's blob is compact, a ragged patch of grass is not: in bench vision's scenes 961, 80021
// and 80028 such patches (overlapping their moments' ellipse by a third) had been read as green
// followers.
TEST(Analyze, ARaggedPatchOfGrassIsNoFollower) {
  ExpectNoFollowerWhereNoneStands(961, 1, "green");
  ExpectNoFollowerWhereNoneStands(80021, 1, "green");
  ExpectNoFollowerWhereNoneStands(80028, 0, "green");
}

// Skin falls in the red players' class, but a hand is smooth where a meeple's body is shaded. In
// bench vision's scenes 982, 80068 and 80023 the parts of hands over the board had been read as
// red followers (four of them in 982); the red meeples there are read still.
TEST(Analyze, AHandOverTheBoardIsNoRedFollower) {
  for (uint64_t seed : {982, 80068, 80023}) ExpectNoFollowerWhereNoneStands(seed, 1, "red");
}

// A target whose face is of another hue than the board's grass is a token even where its blurred
// face spreads a little more than a token's (found by its rim in scene 80053: 6.1, the rim at a
// slant; seen whole in scene 994: 8.3, where it had been read as a green follower; seen in part
// in scene 80009: 9.9) or the grass about it is darker and partly of its colour (scene 80052; in
// 80013 its blob takes in grass 30% of its area besides).
TEST(Analyze, ATargetIsToldFromGrassByItsHue) {
  for (int seed : {80052, 80053, 994, 80009, 80013}) ExpectTheTargetTokenRead(seed);
  ExpectNoFollowerWhereNoneStands(994, 1, "green");
}

// A green meeple on grass differs from the grass in colour, but both fall in the green class:
// the pattern comparison sees its outline only, in specks. In bench vision's scenes 963, 80058
// and 80062 three green meeples so seen had been missed; grown over the green pixels unlike the
// art, each is read on its tile and feature.
TEST(Analyze, AGreenMeepleOnGrassIsReadWhole) {
  for (uint64_t seed : {963, 80058, 80062}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (const auto& t : s.truth.followers) {
      if (t.color != "green") continue;
      const SceneTile* tile = nullptr;
      for (const auto& k : s.truth.tiles)
        if (k.at == t.at) tile = &k;
      ASSERT_NE(tile, nullptr);
      const TileType& type = VisionCatalog().type(VisionCatalog().find(tile->id));
      auto feature = [&](const std::string& on) {  // whichever of its points names it
        auto p = ParsePoint(on);
        return p ? type.occupiable_feature_at(UnrotatePoint(*p, tile->rotation / 90)) : -2;
      };
      const bool read = std::any_of(r->followers.begin(), r->followers.end(), [&](const auto& f) {
        return f.color == t.color && f.at == t.at && feature(f.on) == feature(t.on) &&
               std::hypot(f.center_mm[0] - t.center_mm[0], f.center_mm[1] - t.center_mm[1]) < 10;
      });
      EXPECT_TRUE(read) << "scene " << seed << ": the green " << t.pose << " meeple on " << t.on
                        << " at " << t.center_mm[0] << "," << t.center_mm[1];
    }
  }
}

// Where a tile is left unread or misread, its grass joins a green meeple or target on it into one
// green area wider than any piece: the parts of it off the grass's colour are the pieces. In bench
// vision's scenes 978 and 80021 a green meeple so joined had been missed, in 80041 a green meeple
// and a target, in 971 a target.
TEST(Analyze, AGreenPieceInAWideGreenAreaIsFoundOffTheGrass) {
  for (uint64_t seed : {978, 80021, 80041}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (const auto& t : s.truth.followers) {
      if (t.color != "green") continue;
      EXPECT_TRUE(HasFollower(*r, t, 10, /*same_point=*/false))
          << "scene " << seed << ": the green " << t.pose << " meeple at " << t.center_mm[0] << ","
          << t.center_mm[1];
    }
  }
  for (int seed : {80041, 971}) ExpectTheTargetTokenRead(seed);
}

// Grass is printed on tiles only: a target found in the grass of a tile left unread rests on the
// board (the seduction rule and the referee ask), though no tile is read under it. In bench
// vision's scenes 971, 80031 and 80045 such targets had been read off the board.
TEST(Analyze, ATokenFoundInTheGrassOfAnUnreadTileRestsOnTheBoard) {
  for (uint64_t seed : {971, 80031, 80045}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (const auto& truth : s.truth.tokens) {
      if (truth.kind != "target") continue;
      ASSERT_TRUE(truth.on_board) << "scene " << seed;
      const auto read = std::find_if(r->tokens.begin(), r->tokens.end(), [&](const SceneToken& t) {
        return t.kind == truth.kind && std::hypot(t.center_mm[0] - truth.center_mm[0],
                                                  t.center_mm[1] - truth.center_mm[1]) < 3;
      });
      ASSERT_NE(read, r->tokens.end()) << "scene " << seed << ": the target is not read";
      EXPECT_TRUE(read->on_board) << "scene " << seed;
    }
  }
}

// The scene tells how long each stage of the reading took, the pieces' too; the stages make up
// most of the whole.
TEST(Analyze, EveryStageOfTheReadingIsTimed) {
  RenderedScene s = BenchScene(920);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_TRUE(r->timing_ms.is_object());
  double stages = 0;
  for (const char* stage : {"rectify", "grid", "tiles", "covered_tiles", "place_tiles", "pieces"}) {
    const json::Value* ms = r->timing_ms.find(stage);
    ASSERT_TRUE(ms && ms->is_number()) << stage;
    EXPECT_GE(ms->as_number(), 0) << stage;
    stages += ms->as_number();
  }
  const json::Value* total = r->timing_ms.find("total");
  ASSERT_TRUE(total && total->is_number());
  EXPECT_LE(stages, total->as_number());
  EXPECT_GE(stages, 0.8 * total->as_number());
}

// A tile a follower hides too much for the first reading joins the board beside a read tile; in
// bench vision's scenes 994 and 80010 such a tile lay beside another covered one, reached only
// once that one had joined (80010: on a table of the grass's colour), and both had been missed
// with the followers on them. Every tile a follower stands on is now read.
TEST(Analyze, ACoveredTileBesideACoveredTileIsRead) {
  for (uint64_t seed : {994, 80010}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    for (const auto& f : s.truth.followers) {
      const bool read = std::any_of(r->tiles.begin(), r->tiles.end(),
                                    [&](const SceneTile& t) { return t.at == f.at; });
      EXPECT_TRUE(read) << "scene " << seed << ": the tile under the " << f.color << " " << f.pose
                        << " follower at " << f.at.x << "," << f.at.y;
    }
  }
}

// A follower standing near its tile's edge is on the tile whose square, where the tile lies,
// holds it: in bench vision's scenes 936 and 969 the tiles lie a millimetre or two off their grid
// cells, and a follower read within a millimetre of where it stands had been put on the tile
// beside. In 80045 and 80060 a follower stands on a thin city cap of tile H, by its edge: of the
// two tiles there, it is on the one where a follower would likeliest stand (in its feature's
// middle).
TEST(Analyze, AFollowerNearItsTilesEdgeIsOnThatTile) {
  for (uint64_t seed : {936, 969, 80045, 80060}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    int compared = 0;
    for (const auto& t : s.truth.followers)
      for (const auto& f : r->followers) {
        if (f.color != t.color ||
            std::hypot(f.center_mm[0] - t.center_mm[0], f.center_mm[1] - t.center_mm[1]) > 3)
          continue;
        ++compared;
        EXPECT_EQ(f.at, t.at) << "scene " << seed << ": " << t.color << " " << t.pose << " at "
                              << t.center_mm[0] << "," << t.center_mm[1];
      }
    EXPECT_GE(compared, 5) << "scene " << seed;
  }
}

// An inn beside its road (IC-01) differs from the plain road (U) in a small house and half a
// pond, which the whole tile's correlation hardly weighs: in bench vision's scenes 968, 985 and
// 997 an inn with no piece near had been read as the plain road. Compared where the two differ,
// each is read as the inn.
TEST(Analyze, AnInnBesideItsRoadIsToldFromThePlainRoad) {
  for (uint64_t seed : {968, 985, 997}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    int inns = 0;
    for (const auto& t : s.truth.tiles) {
      if (t.id != "IC-01") continue;
      for (const auto& read : r->tiles)
        if (read.at == t.at) {
          ++inns;
          EXPECT_NE(read.id, "U") << "scene " << seed << ": the inn at " << t.at.x << "," << t.at.y;
        }
    }
    EXPECT_GE(inns, 1) << "scene " << seed;
  }
}

// A hut by a plain road (BEG-01, bench vision's scene 922) whose neighbour's meeple leans its
// shadow over the tile's edge: nothing along the road pins where the tile lies, and the shadow
// pulls the place found 3 mm along the road, off the hut. It had been read as the plain road (U),
// as had an inn (IC-01) in scene 980; each detail is now compared where it fits best, within 2
// pixels of the place found, and each tile is read right.
TEST(Analyze, AHutOrInnIsToldWhereTheTilesPlaceAlongItsRoadIsLoose) {
  const struct {
    uint64_t seed;
    Cell at;
    const char* id;
  } laid[] = {{922, {0, 4}, "BEG-01"}, {980, {4, -1}, "IC-01"}};
  for (const auto& [seed, at, id] : laid) {
    SCOPED_TRACE("scene " + std::to_string(seed));
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ExpectReadAsLaid(s.truth, *r, at, id);
  }
}

// A tile read wrong is told by its confidence: in bench vision's scenes 922, 938, 950 and 953 the
// tiles misread (mostly look-alikes whose telling hut or inn a piece hides, such as IC-01 read as
// the plain road U) each come with a confidence under 0.7, while most tiles are read with more;
// were scene 938's hidden IC-01 misread, it would be named as the alternative. The meeples hiding
// those lakes stand on a feature only as sure as their tile: under 0.7 too (on scenes 922 and 950
// two more IC-01 are read right: their meeples stand where none would on U).
TEST(Analyze, ATileReadWrongIsReadWithLowConfidence) {
  const TileCatalog& cat = VisionCatalog();
  int read = 0, sure = 0, wrong = 0, on_hidden_lakes = 0;
  for (uint64_t seed : {922, 938, 950, 953}) {
    RenderedScene s = BenchScene(seed);
    auto r = ReadWithItsCamera(s.image, s.look);
    ASSERT_TRUE(r.ok()) << r.error().message;
    std::map<std::pair<int, int>, const SceneTile*> truth;
    for (const auto& t : s.truth.tiles) truth[{t.at.x, t.at.y}] = &t;
    for (const auto& t : r->tiles) {
      ++read;
      sure += t.confidence >= 0.7;
      auto it = truth.find({t.at.x, t.at.y});
      if (it == truth.end()) continue;
      const SceneTile& real = *it->second;
      if (SameFace(cat.type(cat.find(real.id)), real.rotation / 90, cat.type(cat.find(t.id)),
                   t.rotation / 90))
        continue;
      ++wrong;
      EXPECT_LT(t.confidence, 0.7) << "scene " << seed << ": " << real.id << " read as " << t.id
                                   << " at " << t.at.x << "," << t.at.y;
      if (seed == 938 && real.id == "IC-01") {
        ASSERT_TRUE(t.alternative.has_value());
        EXPECT_EQ(t.alternative->id, "IC-01");
        EXPECT_EQ(t.alternative->rotation, real.rotation);
      }
      if (real.id != "IC-01") continue;
      for (const auto& f : r->followers)
        if (f.at == t.at) {
          ++on_hidden_lakes;
          EXPECT_LT(f.confidence, 0.7) << "scene " << seed << ": the " << f.color << " follower";
        }
    }
  }
  EXPECT_GE(on_hidden_lakes, 1);
  // Eight when written; 922's hut by its road has since been read right, 950's fair tile FT-01 by
  // its colours, 922's J (read as K) once bare table no longer joined the board, and 922's M, 938's
  // IC-01 and 953's E once covered tiles were placed beside their pieces (938's V is read as T).
  EXPECT_GE(wrong, 3) << "the scenes are not the ones this test was written for";
  EXPECT_GE(sure, read * 8 / 10);
}

// A follower is placed with its tile, so one at most stands on a tile. In bench vision's scene 931
// two tiles under blue meeples were read with green grass or red roofs beside the meeple as more
// followers; the one whose colour the tile shows least besides it is the piece.
TEST(Analyze, OneFollowerAtMostIsReadOnATile) {
  RenderedScene s = BenchScene(931);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::map<std::pair<int, int>, int> on_tile;
  for (const auto& f : r->followers) ++on_tile[{f.at.x, f.at.y}];
  for (const auto& [at, n] : on_tile)
    EXPECT_EQ(n, 1) << "followers read on the tile at " << at.first << "," << at.second;
  int found = 0;
  for (const auto& t : s.truth.followers)
    for (const auto& f : r->followers)
      found += f.color == t.color &&
               std::hypot(f.center_mm[0] - t.center_mm[0], f.center_mm[1] - t.center_mm[1]) < 6;
  EXPECT_GE(found, static_cast<int>(s.truth.followers.size()) - 1);
}

// Bench vision's scene 938: a glare on a wooden table beside the board. The table cells under
// it matched some tile weakly, fitted their neighbours and were read as five tiles. They have
// about half the art's detail: none is a tile.
TEST(Analyze, TableCellsMatchedWeaklyAreNoTiles) {
  RenderedScene s = BenchScene(938);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::set<std::pair<int, int>> real;
  for (const auto& t : s.truth.tiles) real.insert({t.at.x, t.at.y});
  for (const auto& t : r->tiles)
    EXPECT_TRUE(real.count({t.at.x, t.at.y})) << t.id << " read at " << t.at.x << "," << t.at.y;
  EXPECT_GE(r->tiles.size(), s.truth.tiles.size() - 1);
}

// A purple table (bench vision's scene 973): a colour the tile art never uses, which marks pieces
// on the board, but here the table's own. Taken for pieces, it joined every blue meeple and token
// on the board's rim into one blob the size of the table, and no blue piece was read.
TEST(Analyze, ATableOfAColourTheArtNeverUsesIsNoPiece) {
  RenderedScene s = BenchScene(973);
  auto r = ReadWithItsCamera(s.image, s.look);
  ASSERT_TRUE(r.ok()) << r.error().message;
  int blue_truth = 0, blue_read = 0;
  for (const auto& f : s.truth.followers)
    if (f.color == "blue") ++blue_truth, blue_read += HasFollower(*r, f, 5, false);
  ASSERT_EQ(blue_truth, 5) << "the scene is not the one this test was written for";
  EXPECT_GE(blue_read, 4);
  bool knockout = false;
  for (const auto& k : r->tokens) knockout |= k.kind == "knockout";
  EXPECT_TRUE(knockout);
}

// A black meeple lying on a field (bench vision's scene 963): in places its dark paint hardly
// differs from the art's shading, so only specks of it stand out. Grown over the black pixels
// joined to them (which stay within a meeple's reach), they are the meeple again.
TEST(Analyze, AMeepleOnlyPartlyUnlikeTheArtIsReadWhole) {
  ExpectFollowerRead(963, 3, false, [](const SceneFollower& f) {
    return f.color == "black" && f.pose == "lying" && f.at.x == -2 && f.at.y == 1;
  });
}

// A table of `tiles` tiles seen by a camera tilted `tilt_deg` from straight down, within 0.9 m,
// without hands.
std::tuple<Scene, Look, cv::Mat> TiltedTable(uint64_t seed, int tiles, double tilt_deg,
                                             bool undistorted = false) {
  auto [game, truth] = RandomTable(seed, tiles);
  LookOptions o;
  o.hands_chance = 0;
  o.min_tilt = o.max_tilt = tilt_deg;
  o.max_distance = 900;
  Look look = RandomLook(truth, o, seed);
  if (undistorted) look.camera.dist = {0, 0, 0, 0, 0};
  return {truth, look, RenderTable(VisionCatalog(), truth, look)};
}

// Without any calibration a tilted picture still gives millimetres: the plane comes from the tiles,
// so neighbouring tiles read 45 mm apart, and most tiles are named right.
TEST(Analyze, ReadsATiltedTableWithoutCalibration) {
  auto [truth, look, img] = TiltedTable(7002, 30, 25);
  auto r = Read(img);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_NE(r->grid.find("plane")->as_string().find("tile edges"), std::string::npos);
  std::map<std::pair<int, int>, const SceneTile*> at;
  for (const auto& t : r->tiles) at[{t.at.x, t.at.y}] = &t;
  std::vector<double> gaps;
  for (const auto& t : r->tiles)
    for (auto [dx, dy] : {std::pair{1, 0}, std::pair{0, 1}})
      if (auto it = at.find({t.at.x + dx, t.at.y + dy}); it != at.end())
        gaps.push_back(std::hypot(it->second->center_mm[0] - t.center_mm[0],
                                  it->second->center_mm[1] - t.center_mm[1]));
  ASSERT_GE(gaps.size(), 10u);
  std::sort(gaps.begin(), gaps.end());
  EXPECT_NEAR(gaps[gaps.size() / 2], 45.0, 1.0) << "neighbouring tiles 45 mm apart";
  // The reading's frame is its own: count the tiles named right under the best shift and turn.
  int best = 0;
  for (int q = 0; q < 4; ++q)
    for (const auto& anchor : truth.tiles) {
      int right = 0;
      for (const auto& g : r->tiles) {
        int x = g.at.x, y = g.at.y;
        for (int k = 0; k < q; ++k) std::tie(x, y) = std::pair{-y, x};
        for (const auto& t : truth.tiles)
          right += t.at.x == x + anchor.at.x && t.at.y == y + anchor.at.y && t.id == g.id;
      }
      best = std::max(best, right);
    }
  EXPECT_GE(best * 2, static_cast<int>(truth.tiles.size()))
      << "at least half the tiles named right";
}

// A phone photo of many megapixels is read a second time at the finest templates' scale (72 px a
// tile), not at the photo's: as many tiles right, in a fraction of the time.
TEST(Analyze, ReadsAHugePhotoAtTheTemplatesScale) {
  auto [truth, look, img] = TiltedTable(7002, 30, 25);
  cv::Mat huge;
  cv::resize(img, huge, {}, 3, 3, cv::INTER_CUBIC);
  auto r = Read(huge);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_NE(r->grid.find("plane")->as_string().find("fitted"), std::string::npos);
  EXPECT_LE(r->grid.find("px_per_mm")->as_number(), 1.6 + 1e-9);
  EXPECT_GE(r->tiles.size() * 4, truth.tiles.size() * 3);
}

// calibrate --tiles: a picture of the tiles alone fixes the camera, which then measures the table
// in millimetres like a printed target's calibration.
TEST(Analyze, CalibratesTheCameraFromTheTileGridAlone) {
  // The camera model assumes an undistorted lens.
  auto [truth, look, img] = TiltedTable(7003, 40, 30, /*undistorted=*/true);
  auto tileset = PaintedTileset(VisionCatalog());
  auto plane = TablePlaneFromTiles(img, {&VisionCatalog(), &tileset, nullptr, ""});
  ASSERT_TRUE(plane.ok()) << plane.error().message;
  EXPECT_GE(plane->tiles, 15);
  EXPECT_LT(plane->rms_mm, 2.0) << "tile centres on the 45 mm grid";
  auto camera = CameraFromPlane(plane->picture_to_mm, img.size(), kTileTop);
  ASSERT_TRUE(camera.ok()) << camera.error().message;
  EXPECT_TRUE(camera->focal_estimated);
  EXPECT_NEAR(camera->camera.fx / look.camera.fx, 1.0, 0.05);
  EXPECT_NEAR(camera->tilt_deg, 30, 3);
  // A 400 mm stretch of the board, seen by the true camera, measured by the recovered one.
  const SceneTile& first = truth.tiles.front();
  cv::Point2d a(first.center_mm[0] - 200, first.center_mm[1]), b = a + cv::Point2d(400, 0);
  cv::Point2d pa, pb;
  ASSERT_TRUE(camera->camera.PixelToPlane(look.camera.Project({a.x, a.y, kTileTop}), kTileTop, pa));
  ASSERT_TRUE(camera->camera.PixelToPlane(look.camera.Project({b.x, b.y, kTileTop}), kTileTop, pb));
  EXPECT_NEAR(cv::norm(pa - pb), 400.0, 0.5) << "the issue's target for a printed board";
}

}  // namespace
}  // namespace cf::testing
