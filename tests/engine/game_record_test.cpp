// The game record reader: a good record replays; every kind of bad record is refused with a
// message naming the move and the reason.

#include "engine/game_record.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

std::string Record(const std::string& moves, const std::string& extra = "") {
  return R"({"format": "catapult-fair/game@1", "players": [{"color": "red", "name": "Ana"}, {"color": "blue"}],)" +
         extra + R"( "moves": [)" + moves + "]}";
}

std::string Refusal(const std::string& text) {
  auto rec = ParseGameRecord(text, Catalog());
  if (!rec) return rec.error().message;
  auto game = Replay(*rec, Catalog());
  return game ? "accepted" : game.error().message;
}

const std::string kCityMove =
    R"({"type": "place", "player": "red", "tile": "E", "at": [0, -1], "rotation": 180, "follower": {"on": "S2"}})";

TEST(GameRecord, ReplaysAndScoresTheInterfaceExample) {
  auto rec = ParseGameRecord(
      Record(
          kCityMove +
              R"(, {"type": "place", "player": "blue", "tile": "V", "at": [1, 0], "rotation": 90})",
          R"( "final": true,)"),
      Catalog());
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  auto game = Replay(*rec, Catalog());
  ASSERT_TRUE(game.ok()) << game.error().message;
  auto report = ScoreReport(*game);
  EXPECT_EQ(report.find("format")->as_string(), "catapult-fair/score@1");
  EXPECT_EQ(report.find("scores")->find("red")->as_int(), 4);
  EXPECT_EQ(report.find("scores")->find("blue")->as_int(), 0);
  const auto& ev = report.find("events")->as_array();
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev[0].find("move")->as_int(), 1);
  EXPECT_EQ(ev[0].find("reason")->as_string(), "city");
  EXPECT_EQ(ev[0].find("player")->as_string(), "red");
}

TEST(GameRecord, FilesAreWrittenAndReadBackWithTheirPathInEveryRefusal) {
  auto rec = ParseGameRecord(Record(kCityMove, R"( "final": true,)"), Catalog());
  ASSERT_TRUE(rec.ok());
  auto game = Replay(*rec, Catalog());
  ASSERT_TRUE(game.ok());
  const std::string path = ::testing::TempDir() + "record-file-test.json";
  ASSERT_TRUE(SaveGameRecord(*game, path));
  auto loaded = LoadGameRecord(path, Catalog());
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(loaded->moves.size(), 1u);
  EXPECT_TRUE(loaded->final);
  EXPECT_EQ(Replay(*loaded, Catalog())->scores(), game->scores());

  EXPECT_EQ(LoadGameRecord("/no/such/game.json", Catalog()).error().message,
            "cannot read /no/such/game.json");
  EXPECT_EQ(SaveGameRecord(*game, "/no/such/dir/game.json").error().message,
            "cannot write /no/such/dir/game.json");
  std::ofstream(path) << "{ not json";
  const std::string refusal = LoadGameRecord(path, Catalog()).error().message;
  EXPECT_EQ(refusal.rfind(path + ": ", 0), 0u) << refusal;
}

TEST(GameRecord, RefusesMalformedDocuments) {
  EXPECT_THAT(Refusal("{"), ::testing::StartsWith("not valid JSON: line 1, column 2"));
  EXPECT_EQ(Refusal("[]"), "the record must be a JSON object");
  EXPECT_EQ(Refusal(R"({"format": "x", "players": [], "moves": []})"),
            "record: \"format\" must be \"catapult-fair/game@1\"");
  EXPECT_EQ(Refusal(R"({"format": "catapult-fair/game@1", "moves": []})"),
            "record: \"players\" must be a list");
  EXPECT_EQ(
      Refusal(R"({"format": "catapult-fair/game@1", "players": [{"color": "red"}], "moves": []})"),
      "record: a game needs 2 to 6 players");
  EXPECT_EQ(
      Refusal(
          R"({"format": "catapult-fair/game@1", "players": [{"color": "red"}, {"color": "pink"}], "moves": []})"),
      "record: unknown colour \"pink\" (red blue green yellow black gray)");
  EXPECT_EQ(
      Refusal(
          R"({"format": "catapult-fair/game@1", "players": [{"color": "red"}, {"color": "red"}], "moves": []})"),
      "record: colour \"red\" is taken twice");
  EXPECT_EQ(Refusal(Record("", R"( "expansions": ["dragon"],)")),
            "record: unknown expansion \"dragon\"");
  EXPECT_EQ(Refusal(Record("", R"( "rules": {"farmers": "sometimes"},)")),
            "record: rule \"farmers\" must be \"per_field\" or \"per_city\"");
  EXPECT_EQ(Refusal(Record("", R"( "rules": {"speed": 1},)")),
            "record: unknown rule \"speed\" (see 'catapult-fair rules')");
  EXPECT_EQ(Refusal(Record("", R"( "start": {"tile": "Z"},)")),
            "record: start: unknown tile \"Z\"");
  EXPECT_EQ(Refusal(Record("", R"( "final": "yes",)")), "record: \"final\" must be true or false");
  EXPECT_EQ(Refusal(Record("", R"( "colour": 1,)")), "record: unknown field \"colour\"");
  EXPECT_EQ(
      Refusal(
          R"({"format": "catapult-fair/game@1", "players": [{"color": "red"}, {"color": "blue"}]})"),
      "record: \"moves\" must be a list");
}

TEST(GameRecord, RefusesMalformedMovesNamingTheMove) {
  auto move = [](const std::string& m) { return Refusal(Record(kCityMove + ", " + m)); };
  EXPECT_EQ(move("3"), "move 2: a move must be an object");
  EXPECT_EQ(move(R"({"type": "jump"})"), "move 2: unknown move type \"jump\"");
  EXPECT_EQ(move(R"({"type": "place", "player": "green", "tile": "E", "at": [0, 1]})"),
            "move 2: \"player\": no player is green");
  EXPECT_EQ(move(R"({"type": "place", "player": "blue", "tile": "Q9", "at": [0, 1]})"),
            "move 2: unknown tile \"Q9\"");
  EXPECT_EQ(move(R"({"type": "place", "player": "blue", "tile": "E", "at": [0.5, 1]})"),
            "move 2: \"at\" must be [x, y] with whole numbers");
  EXPECT_EQ(
      move(R"({"type": "place", "player": "blue", "tile": "E", "at": [0, 1], "rotation": 45})"),
      "move 2: \"rotation\" must be 0, 90, 180 or 270");
  EXPECT_EQ(
      move(
          R"({"type": "place", "player": "blue", "tile": "E", "at": [0, 1], "follower": {"on": "Q"}})"),
      "move 2: \"on\": no point is called Q");
  EXPECT_EQ(
      move(
          R"({"type": "place", "player": "blue", "tile": "E", "at": [0, 1], "follower": {"on": "N2", "kind": "abbot"}})"),
      "move 2: follower kind must be \"meeple\"");
  EXPECT_EQ(
      move(R"({"type": "place", "player": "blue", "tile": "E", "at": [0, 1], "folower": {}})"),
      "move 2: unknown field \"folower\"");
}

TEST(GameRecord, RefusesIllegalMovesNamingTheMoveAndTheRule) {
  auto move = [](const std::string& m) { return Refusal(Record(kCityMove + ", " + m)); };
  EXPECT_EQ(move(R"({"type": "place", "player": "red", "tile": "U", "at": [1, 0]})"),
            "move 2: it is blue's turn, not red's");
  EXPECT_EQ(
      move(R"({"type": "place", "player": "blue", "tile": "U", "at": [0, 1], "rotation": 90})"),
      "move 2: tile U cannot go at [0,1]: edge mismatch on the north side");
  EXPECT_EQ(move(R"({"type": "place", "player": "blue", "tile": "U", "at": [0, 0]})"),
            "move 2: tile U cannot go at [0,0]: cell [0,0] is already taken");
  EXPECT_EQ(move(R"({"type": "place", "player": "blue", "tile": "U", "at": [5, 5]})"),
            "move 2: tile U cannot go at [5,5]: cell [5,5] touches no tile edge");
  EXPECT_EQ(
      move(R"({"type": "place", "player": "blue", "tile": "C", "at": [0, -2], "rotation": 0})"),
      "move 2: tile C cannot go at [0,-2]: edge mismatch on the south side");
  EXPECT_EQ(
      move(
          R"({"type": "place", "player": "blue", "tile": "FAIR-01", "at": [0, 1], "rotation": 180})"),
      "move 2: tile FAIR-01 belongs to catapult, which this game does not use");
  EXPECT_EQ(
      move(
          R"({"type": "place", "player": "blue", "tile": "X", "at": [1, 0], "follower": {"on": "C"}})"),
      "move 2: no feature a follower can stand on at C");
  EXPECT_EQ(move(R"({"type": "discard", "player": "blue", "tile": "U"})"),
            "move 2: tile U fits at [0,-2], so it cannot be discarded");
  EXPECT_EQ(move(R"({"type": "catapult", "token": "target", "thrower": "blue", "throws": []})"),
            "move 2: catapult rounds need the catapult expansion");
  // The only X tile is drawn twice.
  EXPECT_EQ(Refusal(Record(kCityMove +
                           R"(, {"type": "place", "player": "blue", "tile": "X", "at": [1, 0]},
                                            {"type": "place", "player": "red", "tile": "X", "at": [-1, 0]})")),
            "move 3: no X tile is left to draw");
  // A robber on a road that already has one.
  EXPECT_EQ(
      Refusal(Record(
          R"({"type": "place", "player": "red", "tile": "U", "at": [1, 0], "follower": {"on": "E2"}},
                              {"type": "place", "player": "blue", "tile": "U", "at": [2, 0], "follower": {"on": "W2"}})")),
      "move 2: occupied feature: the road at W2 already has a follower");
}

TEST(GameRecord, CarriesEveryCatapultTokenAndRoundTrips) {
  const std::string text = R"({"format": "catapult-fair/game@1",
    "players": [{"color": "red"}, {"color": "blue"}], "expansions": ["catapult"],
    "moves": [
      {"type": "place", "player": "red", "tile": "U", "at": [1, 0], "follower": {"on": "E2"}},
      {"type": "place", "player": "blue", "tile": "FAIR-06", "at": [0, 1], "follower": {"on": "N1"}},
      {"type": "catapult", "token": "seduction", "thrower": "blue", "throws": [
        {"player": "blue", "on_board": true, "seduced": {"color": "red", "at": [1, 0], "on": "E2"}, "replacement": "supply"},
        {"player": "red", "on_board": false, "seduced": null}]},
      {"type": "place", "player": "red", "tile": "FAIR-07", "at": [0, 2]},
      {"type": "catapult", "token": "knockout", "thrower": "red", "throws": [
        {"player": "red", "hit": [{"color": "blue", "at": [1, 0], "on": "W2"}]},
        {"player": "blue", "hit": []}]},
      {"type": "place", "player": "blue", "tile": "FAIR-12", "at": [2, 0], "rotation": 0},
      {"type": "catapult", "token": "catch", "thrower": "blue", "throws": [
        {"player": "blue", "catcher": "red", "case": "A"}, {"player": "red", "catcher": "blue", "case": "B"}]},
      {"type": "place", "player": "red", "tile": "FAIR-08", "at": [0, 3], "rotation": 90},
      {"type": "catapult", "token": "target", "thrower": "red", "throws": [
        {"player": "red", "distance_mm": 31.0}, {"player": "blue", "distance_mm": null}]}
    ], "final": true})";
  auto rec = ParseGameRecord(text, Catalog());
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  auto game = Replay(*rec, Catalog());
  ASSERT_TRUE(game.ok()) << game.error().message;
  EXPECT_EQ(game->scores()[0], 5 + 5 + 5)
      << "caught blue's token, threw far enough, closest to the fair";
  EXPECT_EQ(game->scores()[1], 0);
  auto again = ParseGameRecord(GameRecordToJson(*game).dump(2), Catalog());
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_EQ(Replay(*again, Catalog())->scores(), game->scores());
}

TEST(GameRecord, RefusesBadCatapultRounds) {
  auto round = [](const std::string& r) {
    return Refusal(
        R"({"format": "catapult-fair/game@1", "players": [{"color": "red"}, {"color": "blue"}],
      "expansions": ["catapult"], "moves": [
      {"type": "place", "player": "red", "tile": "FAIR-06", "at": [0, 1]}, )" +
        r + "]}");
  };
  EXPECT_EQ(round(R"({"type": "catapult", "token": "pie", "thrower": "red", "throws": []})"),
            "move 2: \"token\" must be knockout, seduction, target or catch");
  EXPECT_EQ(
      round(
          R"({"type": "catapult", "token": "target", "thrower": "red", "throws": [{"player": "red"}]})"),
      "move 2: a target throw needs \"distance_mm\" (null when off the playing area)");
  EXPECT_EQ(
      round(
          R"({"type": "catapult", "token": "knockout", "thrower": "red", "throws": [{"player": "red", "hit": 3}]})"),
      "move 2: \"hit\" must be a list of followers");
  EXPECT_EQ(
      round(
          R"({"type": "catapult", "token": "seduction", "thrower": "red", "throws": [{"player": "red"}]})"),
      "move 2: a seduction throw needs \"on_board\": true or false");
  EXPECT_EQ(
      round(
          R"({"type": "catapult", "token": "catch", "thrower": "red", "throws": [{"player": "red", "catcher": "blue", "case": "E"}]})"),
      "move 2: \"case\" must be \"A\", \"B\", \"C\" or \"D\"");
  EXPECT_EQ(round(R"({"type": "catapult", "token": "target", "thrower": "blue", "throws": []})"),
            "move 2: the round is red's to start, who placed the fair tile");
  EXPECT_EQ(round(R"({"type": "place", "player": "blue", "tile": "U", "at": [1, 0]})"),
            "move 2: the catapult round for the fair tile comes first");
}

TEST(GameRecord, RefusesAPlayerWithoutFollowers) {
  EXPECT_EQ(
      Refusal(Record(
          R"({"type": "place", "player": "red", "tile": "U", "at": [1, 0], "follower": {"on": "E2"}},
                              {"type": "place", "player": "blue", "tile": "V", "at": [-1, 0], "rotation": 180},
                              {"type": "place", "player": "red", "tile": "B", "at": [0, 1], "follower": {"on": "C"}})",
          R"( "rules": {"followers": 1},)")),
      "move 3: no follower left in red's supply");
}

}  // namespace
}  // namespace cf::testing
