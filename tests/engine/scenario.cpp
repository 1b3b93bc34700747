#include "tests/engine/scenario.h"

namespace cf::testing {

const TileCatalog& Catalog() {
  static const TileCatalog catalog = [] {
    auto c = TileCatalog::Load(CF_CATALOG_PATH);
    if (!c) {
      ADD_FAILURE() << c.error().message;
      std::abort();
    }
    return std::move(c).value();
  }();
  return catalog;
}

Scenario::Scenario(int players, std::vector<std::string> expansions, Rules rules,
                   const std::string& start, int start_rotation) {
  GameSetup s;
  for (int i = 0; i < players; ++i) s.players.push_back({kColors[i], ""});
  s.expansions = std::move(expansions);
  s.rules = rules;
  s.start_tile = Catalog().find(start);
  s.start_rotation = start_rotation / 90;
  auto g = GameState::Create(Catalog(), s);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  game_.emplace(std::move(g).value());
}

Scenario::Scenario(const std::vector<std::string>& colors, std::vector<std::string> expansions,
                   Rules rules) {
  GameSetup s;
  for (const auto& c : colors) s.players.push_back({c, ""});
  s.expansions = std::move(expansions);
  s.rules = rules;
  auto g = GameState::Create(Catalog(), s);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  game_.emplace(std::move(g).value());
}

std::string Scenario::Round(TokenKind token, std::vector<CatapultThrow> throws) {
  Move m;
  m.type = MoveType::kCatapult;
  m.player = game_->current_player();
  m.catapult.token = token;
  m.catapult.thrower = game_->current_player();
  m.catapult.throws = std::move(throws);
  Status s = game_->Apply(m);
  return s.ok() ? "" : s.error().message;
}

FollowerRef Scenario::Ref(const std::string& color, int x, int y, const std::string& on) const {
  return {player(color), {x, y}, ParsePoint(on).value()};
}

int Scenario::type(const std::string& id) const {
  int t = Catalog().find(id);
  EXPECT_GE(t, 0) << "no tile " << id;
  return t;
}

Move Scenario::PlaceMove(const std::string& id, int x, int y, int degrees,
                         const std::string& on) const {
  Move m;
  m.player = game_->current_player();
  m.tile = type(id);
  m.placement = {{x, y}, degrees / 90};
  if (!on.empty()) m.follower_point = ParsePoint(on).value();
  return m;
}

void Scenario::Place(const std::string& id, int x, int y, int degrees, const std::string& on) {
  Status s = game_->Apply(PlaceMove(id, x, y, degrees, on));
  ASSERT_TRUE(s.ok()) << id << " at [" << x << "," << y << "]: " << s.error().message;
}

std::string Scenario::TryPlace(const std::string& id, int x, int y, int degrees,
                               const std::string& on) {
  Status s = game_->Apply(PlaceMove(id, x, y, degrees, on));
  return s.ok() ? "" : s.error().message;
}

void Scenario::Finish() {
  Move m;
  m.type = MoveType::kFinish;
  m.player = game_->current_player();
  ASSERT_TRUE(game_->Apply(m).ok());
}

PlayerId Scenario::player(const std::string& color) const {
  for (int p = 0; p < game_->player_count(); ++p)
    if (game_->setup().players[p].color == color) return p;
  ADD_FAILURE() << "no player " << color;
  return 0;
}

int Scenario::score(const std::string& color) const { return game_->scores()[player(color)]; }
int Scenario::supply(const std::string& color) const { return game_->supply(player(color)); }

}  // namespace cf::testing
