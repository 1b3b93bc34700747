#include "ui/turn_dialog.h"

#include <gtest/gtest.h>

#include <QComboBox>
#include <random>

#include "engine/random_game.h"
#include "tests/ui/ui_test_support.h"

namespace cf::ui {
namespace {

using testing::SampleGameAfter;

// The sample game's last turn entered by hand: the move the record holds.
TEST(TurnDialog, OffersWhatTheRulesAllowAndGivesTheTurnChosen) {
  const GameState game = SampleGameAfter("sequence/game.json", 11);
  const GameState full = SampleGameAfter("sequence/game.json", 12);
  const Move& played = full.moves().back();
  TurnDialog dialog(game);
  ASSERT_TRUE(dialog.ChooseTile("V"));
  EXPECT_FALSE(dialog.ChoosePlacement("[0,0] turned 0"));  // the start tile's cell
  ASSERT_TRUE(dialog.ChoosePlacement("[-3,1] turned 90"));
  EXPECT_FALSE(dialog.ChooseFollower("C"));  // no cloister on V
  ASSERT_TRUE(dialog.ChooseFollower("W2"));
  const Move m = dialog.move();
  EXPECT_EQ(m.type, MoveType::kPlace);
  EXPECT_EQ(m.player, played.player);
  EXPECT_EQ(m.tile, played.tile);
  EXPECT_EQ(m.placement, played.placement);
  EXPECT_EQ(m.follower_point, played.follower_point);
  // Every placement offered is legal, every follower point too.
  auto* places = dialog.findChildren<QComboBox*>()[1];
  EXPECT_EQ(places->count(), static_cast<int>(game.LegalPlacements(played.tile).size()));
  ASSERT_TRUE(dialog.ChooseFollower("none"));
  EXPECT_FALSE(dialog.move().follower_point.has_value());
}

TEST(TurnDialog, StartsFromATurnReadAndOffersTilesLeftOnly) {
  const GameState game = SampleGameAfter("sequence/game.json", 11);
  const GameState full = SampleGameAfter("sequence/game.json", 12);
  const Move& played = full.moves().back();
  TurnDialog dialog(game, &played);
  const Move m = dialog.move();
  EXPECT_EQ(m.tile, played.tile);
  EXPECT_EQ(m.placement, played.placement);
  EXPECT_EQ(m.follower_point, played.follower_point);
  EXPECT_FALSE(dialog.ChooseTile("BEG-01"));   // The Beggars is not in this game
  EXPECT_FALSE(dialog.ChooseTile("FAIR-02"));  // already on the board
}

// Random games with The Beggars (a beggar action is rare: a feature tied to the hut must be
// completed that turn): every beggar action played is one the dialog offers.
TEST(TurnDialog, OffersTheBeggarActionsTheEngineAccepts) {
  int offered = 0;
  for (uint64_t seed = 1; seed <= 150 && offered < 3; ++seed) {
    GameSetup setup;
    setup.players = {{"red", ""}, {"blue", ""}, {"green", ""}};
    setup.expansions = {"beggars"};
    auto game = GameState::Create(testing::UiCatalog(), setup);
    ASSERT_TRUE(game);
    std::mt19937_64 rng(seed);
    PlayRandomGame(*game, rng, {.follower_chance = 0.8, .beggar_action_chance = 1.0});
    GameState replay = *GameState::Create(testing::UiCatalog(), setup);
    for (const Move& m : game->moves()) {
      if (m.beggar && offered < 3) {
        TurnDialog dialog(replay, &m);
        const Move chosen = dialog.move();
        EXPECT_FALSE(chosen.beggar.has_value());  // none until the table says
        const char* names[] = {"replace", "evict", "take back"};
        ASSERT_TRUE(dialog.ChooseBeggarAction(
            QString("%1 the ").arg(names[static_cast<int>(m.beggar->kind)])));
        ASSERT_TRUE(dialog.move().beggar.has_value());
        GameState trial = replay;
        EXPECT_TRUE(trial.Apply(dialog.move()));
        ++offered;
      }
      ASSERT_TRUE(replay.Apply(m));
    }
  }
  EXPECT_EQ(offered, 3);
}

}  // namespace
}  // namespace cf::ui
