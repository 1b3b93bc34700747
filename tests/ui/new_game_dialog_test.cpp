#include "ui/new_game_dialog.h"

#include <gtest/gtest.h>

#include "tests/ui/ui_test_support.h"

namespace cf::ui {
namespace {

TEST(NewGameDialog, SetsUpTheGameTheTableChose) {
  NewGameDialog dialog;
  const GameSetup plain = dialog.setup();
  EXPECT_EQ(plain.players.size(), 2u);
  EXPECT_EQ(plain.expansions, std::vector<std::string>{"catapult"});
  EXPECT_EQ(plain.rules.catapult, CatapultMode::kRounds);
  EXPECT_EQ(plain.rules.followers, 7);

  dialog.SetColours(" Green, black ,gray");
  ASSERT_TRUE(dialog.SetExpansion("beggars", true));
  ASSERT_TRUE(dialog.SetExpansion("catapult", true));
  EXPECT_FALSE(dialog.SetExpansion("dragon", true));
  ASSERT_TRUE(dialog.SetRule("catapult", "house_rule"));
  ASSERT_TRUE(dialog.SetRule("farmers", "per_city"));
  ASSERT_TRUE(dialog.SetRule("beggars", "mendicant_monks"));
  ASSERT_TRUE(dialog.SetRule("followers", "5"));
  EXPECT_FALSE(dialog.SetRule("farmers", "per_tile"));
  const GameSetup setup = dialog.setup();
  ASSERT_EQ(setup.players.size(), 3u);
  EXPECT_EQ(setup.players[0].color, "green");
  EXPECT_EQ(setup.players[2].color, "gray");
  EXPECT_TRUE(setup.has("beggars"));
  EXPECT_TRUE(setup.has("catapult"));
  EXPECT_FALSE(setup.has("fortune_teller"));
  EXPECT_EQ(setup.rules.catapult, CatapultMode::kHouseRule);
  EXPECT_EQ(setup.rules.farmers, FarmerScoring::kPerCity);
  EXPECT_EQ(setup.rules.beggars, BeggarVariant::kMendicantMonks);
  EXPECT_EQ(setup.rules.followers, 5);
  auto game = GameState::Create(testing::UiCatalog(), setup);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->supply(0), 5);
}

}  // namespace
}  // namespace cf::ui
