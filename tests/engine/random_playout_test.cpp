// Thousands of random legal games: undo restores the state, clone equals, the record round-trips,
// follower counts stay in range and scores never go down (but for the beggars' final penalty).

#include <gtest/gtest.h>

#include <random>

#include "engine/game_record.h"
#include "engine/random_game.h"
#include "tests/engine/scenario.h"

namespace cf::testing {
namespace {

// Everything observable about a state, as one comparable string.
std::string Fingerprint(const GameState& g) {
  std::string s = g.ToString();
  for (int v : g.deck()) s += std::to_string(v) + ",";
  s += "|" + std::to_string(g.events().size()) + "|" + std::to_string(g.moves().size());
  for (const auto& e : g.events()) s += e.reason + std::to_string(e.points) + e.feature;
  return s;
}

void CheckInvariants(const GameState& g, const std::vector<int>& scores_before, bool final_step) {
  const int followers = g.setup().rules.followers;
  std::vector<int> on_board(g.player_count(), 0);
  for (const auto& f : g.followers()) ++on_board[f.player];
  for (int p = 0; p < g.player_count(); ++p) {
    ASSERT_GE(g.supply(p), 0);
    ASSERT_LE(g.supply(p), followers);
    ASSERT_EQ(g.supply(p) + on_board[p], followers) << "followers are never lost or made";
    if (!(final_step && g.setup().has("beggars"))) {
      ASSERT_GE(g.scores()[p], scores_before[p]);
    }
  }
}

void PlayMany(int games, const std::vector<std::string>& expansions, Rules rules, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < games; ++i) {
    GameSetup setup;
    for (int p = 0; p < 2 + i % 5; ++p) setup.players.push_back({kColors[p], ""});
    setup.expansions = expansions;
    setup.rules = rules;
    auto created = GameState::Create(Catalog(), setup);
    ASSERT_TRUE(created.ok());
    GameState game = std::move(created).value();
    std::vector<int> scores = game.scores();
    int step = 0;
    // Step through the game by hand so that each move can be undone and redone.
    PlayRandomGame(game, rng, {}, [&](const GameState& g) {
      ++step;
      CheckInvariants(g, scores, g.phase() == Phase::kGameOver);
      scores = g.scores();
      if (step % 9 == 0 || g.phase() == Phase::kGameOver) {
        GameState copy = g.Clone();
        ASSERT_EQ(Fingerprint(copy), Fingerprint(g));
        Move last = copy.moves().back();
        copy.Undo();
        ASSERT_EQ(copy.moves().size() + 1, g.moves().size());
        ASSERT_TRUE(copy.Apply(last).ok()) << "the undone move is legal again";
        ASSERT_EQ(Fingerprint(copy), Fingerprint(g)) << "undo then redo gives the same state";
      }
    });
    ASSERT_EQ(game.phase(), Phase::kGameOver);
    // Undo all the way back to the start tile.
    GameState rewound = game.Clone();
    while (rewound.CanUndo()) rewound.Undo();
    ASSERT_EQ(rewound.board().tile_count(), 1);
    ASSERT_EQ(Fingerprint(rewound), Fingerprint(*GameState::Create(Catalog(), setup)));
    // The record replays to the same scores and events, and writes the same bytes again.
    std::string text = GameRecordToJson(game).dump(2);
    auto record = ParseGameRecord(text, Catalog());
    ASSERT_TRUE(record.ok()) << record.error().message;
    auto replayed = Replay(*record, Catalog());
    ASSERT_TRUE(replayed.ok()) << replayed.error().message;
    ASSERT_EQ(Fingerprint(*replayed), Fingerprint(game));
    ASSERT_EQ(GameRecordToJson(*replayed).dump(2), text);
    ASSERT_EQ(ScoreReport(*replayed).dump(), ScoreReport(game).dump());
  }
}

TEST(RandomPlayout, BaseGameThousandGames) { PlayMany(1000, {}, {}, 1); }

TEST(RandomPlayout, AllExpansionsThousandGames) {
  PlayMany(1000, {"catapult", "fortune_teller", "beggars", "inns_cathedrals"}, {}, 2);
}

TEST(RandomPlayout, VariantsHundredsOfGames) {
  Rules r;
  r.catapult = CatapultMode::kHouseRule;
  r.beggars = BeggarVariant::kMendicantMonks;
  r.farmers = FarmerScoring::kPerCity;
  r.followers = 5;
  PlayMany(300, {"catapult", "fortune_teller", "beggars", "inns_cathedrals"}, r, 3);
}

}  // namespace
}  // namespace cf::testing
