#include "vision/turn_from_reading.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "engine/game_record.h"
#include "tests/vision/vision_test_support.h"
#include "vision/analyze.h"
#include "vision/referee.h"
#include "vision/sequence_renderer.h"
#include "vision/tileset.h"

namespace cf {
namespace {

using testing::VisionCatalog;

bool IsPlace(const json::Value& event) {
  const json::Value* type = event.is_object() ? event.find("type") : nullptr;
  return type && type->is_string() && type->as_string() == "place";
}
size_t MoveOf(const json::Value& event) {
  return static_cast<size_t>(event.find("move")->as_int());
}
std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A 3-player game of 16 turns with one catapult round.
Sequence PlayedGame(uint64_t seed) { return testing::PlayedGame(seed, 3, 16, {6}); }

// The game after the record's first `moves` moves.
GameState GameAfter(const GameRecord& record, size_t moves) {
  auto game = GameState::Create(VisionCatalog(), record.setup);
  EXPECT_TRUE(game);
  for (size_t i = 0; i < moves; ++i) EXPECT_TRUE(game->Apply(record.moves[i]));
  return std::move(game).value();
}

// A reading in another frame than the game's: turned and shifted, as a photo may put [0,0].
Scene InOtherFrame(const Scene& scene, int quarter_turns, Cell offset) {
  FrameMatch m;
  m.quarter_turns = quarter_turns;
  m.cell_offset = offset;
  m.mm_offset[0] = offset.x * kTilePitchMm;
  m.mm_offset[1] = offset.y * kTilePitchMm;
  return MoveToFrame(scene, m);
}

// The same placement up to a face no camera tells apart, and the follower on the same feature.
// A follower that scores at once is not in the photo: the reading must say it may have been.
void ExpectSameTurn(const GameState& game, const TurnReading& turn, const Move& played) {
  const Move& read = turn.move;
  const TileCatalog& catalog = game.catalog();
  EXPECT_EQ(read.player, played.player);
  EXPECT_EQ(read.placement.at, played.placement.at);
  EXPECT_TRUE(SameFace(catalog.type(read.tile), read.placement.rotation, catalog.type(played.tile),
                       played.placement.rotation))
      << catalog.type(read.tile).id << " " << read.placement.rotation << " for "
      << catalog.type(played.tile).id << " " << played.placement.rotation;
  if (played.follower_point && !read.follower_point) {
    const std::string name(PointName(*played.follower_point));
    EXPECT_TRUE(std::any_of(turn.doubts.begin(), turn.doubts.end(),
                            [&](const std::string& d) {
                              return d.find("scored and gone home") != std::string::npos &&
                                     d.find(" " + name) != std::string::npos;
                            }))
        << "follower on " << name << " neither read nor doubted";
    GameState after = game;
    ASSERT_TRUE(after.Apply(played));
    EXPECT_EQ(after.supply(played.player), game.supply(played.player));
    return;
  }
  ASSERT_EQ(read.follower_point.has_value(), played.follower_point.has_value());
  if (!played.follower_point) return;
  const TileType& t = catalog.type(played.tile);
  const int q = played.placement.rotation;
  EXPECT_EQ(t.occupiable_feature_at(UnrotatePoint(*read.follower_point, q)),
            t.occupiable_feature_at(UnrotatePoint(*played.follower_point, q)));
}

TEST(TurnFromReading, ExactTablesGiveTheTurnsPlayedInAnyFrame) {
  int turns = 0, followers = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Sequence s = PlayedGame(seed);
    auto record = GameRecordFromJson(s.game, VisionCatalog());
    ASSERT_TRUE(record) << record.error().message;
    for (const SequenceFrame& frame : s.frames) {
      if (!IsPlace(frame.event)) continue;
      const size_t k = MoveOf(frame.event);
      const GameState game = GameAfter(*record, k - 1);
      const Scene reading = InOtherFrame(frame.scene, static_cast<int>(k % 4), {3, -2});
      auto turn = TurnFromReading(game, reading);
      ASSERT_TRUE(turn) << "move " << k << ": " << turn.error().message;
      ExpectSameTurn(game, *turn, record->moves[k - 1]);
      EXPECT_EQ(turn->tiles_matched, game.board().tile_count());
      GameState next = game;
      EXPECT_TRUE(next.Apply(turn->move));
      ++turns;
      followers += record->moves[k - 1].follower_point.has_value();
    }
  }
  EXPECT_GE(turns, 45);
  EXPECT_GE(followers, 10);
}

TEST(TurnFromReading, RefusesWhatIsNotOneNewTurnOfThisGame) {
  const Sequence s = PlayedGame(4);
  auto record = GameRecordFromJson(s.game, VisionCatalog());
  ASSERT_TRUE(record);
  const Scene& last = s.frames.back().scene;
  const GameState end = GameAfter(*record, record->moves.size());
  auto same = TurnFromReading(end, last);
  ASSERT_FALSE(same);
  EXPECT_NE(same.error().message.find("no new tile"), std::string::npos) << same.error().message;

  const Sequence other = PlayedGame(5);
  auto foreign = TurnFromReading(end, other.frames.back().scene);
  ASSERT_FALSE(foreign);
  EXPECT_NE(foreign.error().message.find("does not show this game's board"), std::string::npos)
      << foreign.error().message;

  // Two turns photographed at once: the table is asked to go one turn at a time.
  for (const SequenceFrame& frame : s.frames) {
    if (!IsPlace(frame.event) || MoveOf(frame.event) < 8) continue;
    const size_t k = MoveOf(frame.event);
    if (record->moves[k - 2].type != MoveType::kPlace) continue;
    auto two = TurnFromReading(GameAfter(*record, k - 2), frame.scene);
    ASSERT_FALSE(two);
    EXPECT_NE(two.error().message.find("2 new tiles"), std::string::npos) << two.error().message;
    return;
  }
  FAIL() << "no two placements in a row";
}

// A small board is placed by two of its tiles when the photo shows another misread, with a doubt;
// the first turn's photo, its new tile read as the start tile, matches two ways and is refused.
TEST(TurnFromReading, PlacesASmallBoardByTwoTilesAndNeverGuessesBetweenFrames) {
  const Sequence s = PlayedGame(1);
  auto record = GameRecordFromJson(s.game, VisionCatalog());
  ASSERT_TRUE(record);
  bool first = false, third = false;
  for (const SequenceFrame& frame : s.frames) {
    if (!IsPlace(frame.event)) continue;
    const size_t k = MoveOf(frame.event);
    const GameState game = GameAfter(*record, k - 1);
    const Move& played = record->moves[k - 1];
    Scene reading = frame.scene;
    auto is_new = [&](const SceneTile& t) { return t.at == played.placement.at; };
    if (k == 1) {
      const Board& board = game.board();
      for (SceneTile& t : reading.tiles)
        if (is_new(t)) t.id = board.type_of(0).id, t.rotation = 90 * board.tile(0).rotation;
      auto turn = TurnFromReading(game, reading);
      ASSERT_FALSE(turn);
      EXPECT_NE(turn.error().message.find("match two ways"), std::string::npos)
          << turn.error().message;
      first = true;
    } else if (game.board().tile_count() == 3) {
      auto misread = std::find_if(reading.tiles.begin(), reading.tiles.end(),
                                  [&](const SceneTile& t) { return !is_new(t); });
      misread->id = misread->id == "B" ? "A" : "B";
      auto turn = TurnFromReading(game, reading);
      ASSERT_TRUE(turn) << turn.error().message;
      ExpectSameTurn(game, *turn, played);
      EXPECT_EQ(turn->tiles_matched, 2);
      EXPECT_NE(std::find(turn->doubts.begin(), turn->doubts.end(),
                          "only 2 of the board's 3 tiles are read as the game has them: check "
                          "the photo"),
                turn->doubts.end());
      third = true;
    }
  }
  EXPECT_TRUE(first && third);
}

TEST(TurnFromReading, TakesTheNewTileReadSurelyOverAStrayOneReadWithDoubt) {
  const Sequence s = PlayedGame(2);
  auto record = GameRecordFromJson(s.game, VisionCatalog());
  ASSERT_TRUE(record);
  for (const SequenceFrame& frame : s.frames) {
    if (!IsPlace(frame.event) || MoveOf(frame.event) < 6) continue;
    const size_t k = MoveOf(frame.event);
    const GameState game = GameAfter(*record, k - 1);
    const Move& played = record->moves[k - 1];
    // A stray reading: another tile that would fit at another cell by the board.
    Scene reading = frame.scene;
    const int stray_type = VisionCatalog().find("B");
    for (const Placement& p : game.LegalPlacements(stray_type)) {
      if (p.at == played.placement.at) continue;
      SceneTile stray;
      stray.id = "B";
      stray.at = p.at;
      stray.rotation = 90 * p.rotation;
      stray.center_mm[0] = kTilePitchMm * p.at.x;
      stray.center_mm[1] = kTilePitchMm * p.at.y;
      stray.confidence = 0.4;
      reading.tiles.push_back(stray);
      break;
    }
    ASSERT_EQ(reading.tiles.size(), frame.scene.tiles.size() + 1);
    auto turn = TurnFromReading(game, reading);
    ASSERT_TRUE(turn) << turn.error().message;
    EXPECT_EQ(turn->move.placement.at, played.placement.at);
    EXPECT_NE(std::find(turn->doubts.begin(), turn->doubts.end(),
                        "1 more new tile(s) read with doubt: look at the table"),
              turn->doubts.end());
    // Read as surely as the real one, it is refused: the table must say which.
    reading.tiles.back().confidence = 1;
    EXPECT_FALSE(TurnFromReading(game, reading));
    return;
  }
  FAIL() << "no placement to try";
}

TEST(TurnFromReading, ReadsAgainstTheTilesTheGameDrawsFrom) {
  const auto tileset = PaintedTileset(VisionCatalog());
  GameSetup setup;
  setup.players = {{"red", ""}, {"blue", ""}};
  setup.expansions = {"catapult"};
  auto game = GameState::Create(VisionCatalog(), setup);
  ASSERT_TRUE(game);
  const auto in_play = TilesInPlay(tileset, *game);
  EXPECT_EQ(in_play.size(), 24u + 12u);  // A-X and the fair tiles
  for (const TileReference& ref : in_play) {
    const std::string& set = VisionCatalog().type(ref.type).set;
    EXPECT_TRUE(set == "base" || set == "catapult") << VisionCatalog().type(ref.type).id;
  }
}

TEST(TurnFromReading, WaitsForTheCatapultRound) {
  const Sequence s = PlayedGame(1);
  auto record = GameRecordFromJson(s.game, VisionCatalog());
  ASSERT_TRUE(record);
  for (size_t i = 0; i < record->moves.size(); ++i) {
    if (record->moves[i].type != MoveType::kCatapult) continue;
    const GameState game = GameAfter(*record, i);
    ASSERT_EQ(game.phase(), Phase::kCatapultRound);
    auto turn = TurnFromReading(game, s.frames.back().scene);
    ASSERT_FALSE(turn);
    EXPECT_NE(turn.error().message.find("catapult round"), std::string::npos);
    return;
  }
  FAIL() << "the game had no catapult round";
}

// The bundled sample game, its photos read as analyze reads them: each gives its turn, the first
// boards of two and three tiles on a green table with a glare beside them too (001.jpg was refused,
// the glare's part taken for the board's outline).
TEST(TurnFromReading, PhotosOfTheSampleGameGiveItsTurns) {
  const std::string dir = std::string(CF_SOURCE_DIR) + "/sample_images/sequence/";
  auto doc = json::parse(ReadText(dir + "game.json"));
  ASSERT_TRUE(doc);
  auto record = GameRecordFromJson(*doc, VisionCatalog());
  ASSERT_TRUE(record);
  auto sequence = json::parse(ReadText(dir + "sequence.json"));
  ASSERT_TRUE(sequence);
  const auto tileset = PaintedTileset(VisionCatalog());
  AnalyzeInput input;
  input.catalog = &VisionCatalog();
  input.tileset = &tileset;
  input.min_joined_tiles = kTurnBoardTiles;
  int read = 0, photos = 0;
  for (const json::Value& frame : sequence->find("frames")->as_array()) {
    const json::Value& event = *frame.find("event");
    if (!IsPlace(event)) continue;
    const size_t k = MoveOf(event);
    ++photos;
    const cv::Mat image = cv::imread(dir + frame.find("image")->as_string());
    auto scene = AnalyzeTable(image, input);
    ASSERT_TRUE(scene) << frame.find("image")->as_string() << ": " << scene.error().message;
    const GameState game = GameAfter(*record, k - 1);
    auto turn = TurnFromReading(game, *scene);
    ASSERT_TRUE(turn) << frame.find("image")->as_string() << ": " << turn.error().message;
    ExpectSameTurn(game, *turn, record->moves[k - 1]);
    ++read;
  }
  EXPECT_EQ(read, photos);
}

}  // namespace
}  // namespace cf
