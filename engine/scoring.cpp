// Scoring of completed features during play and of everything left at the end of the game.

#include <algorithm>
#include <map>
#include <set>

#include "engine/game_state.h"

namespace cf {

namespace {

std::vector<PlayerId> Majority(const std::vector<int>& counts) {
  int best = *std::max_element(counts.begin(), counts.end());
  std::vector<PlayerId> out;
  if (best == 0) return out;
  for (size_t p = 0; p < counts.size(); ++p)
    if (counts[p] == best) out.push_back(static_cast<PlayerId>(p));
  return out;
}

}  // namespace

std::vector<GameState::Completion> GameState::FindCompletions(int tile) {
  std::vector<Completion> out;
  const TileType& t = board_.type_of(tile);
  for (size_t f = 0; f < t.features.size(); ++f) {
    auto kind = t.features[f].kind;
    if (kind != FeatureKind::kRoad && kind != FeatureKind::kCity) continue;
    int root = board_.find(board_.node(tile, static_cast<int>(f)));
    if (!board_.complete(root)) continue;
    bool seen =
        std::any_of(out.begin(), out.end(), [&](const Completion& c) { return c.root == root; });
    if (!seen) out.push_back({kind, root, -1, -1, false});
  }
  Cell at = board_.tile(tile).at;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      Cell c{at.x + dx, at.y + dy};
      int n = board_.tile_at(c);
      if (n < 0) continue;
      const auto& fs = board_.type_of(n).features;
      for (size_t f = 0; f < fs.size(); ++f) {
        if (fs[f].kind == FeatureKind::kCloister && board_.neighbour_count(c) == 8)
          out.push_back({FeatureKind::kCloister, -1, n, static_cast<int>(f), false});
        if (fs[f].kind == FeatureKind::kTent && (dx == 0 || dy == 0) &&
            board_.orthogonal_neighbour_count(c) == 4)
          out.push_back({FeatureKind::kTent, -1, n, static_cast<int>(f), false});
      }
    }
  return out;
}

void GameState::ScoreCompletion(Completion& c) {
  if (c.kind == FeatureKind::kTent) {
    int who = FollowerOn(c.tile, c.feature);
    if (who < 0) return;
    Award(dyn_.current, 3, "fortune_teller", "tent " + CellText(board_.tile(c.tile).at));
    ReturnFollower(who);
    c.scored = true;
    return;
  }
  if (c.kind == FeatureKind::kCloister) {
    int monk = FollowerOn(c.tile, c.feature);
    if (monk < 0) return;
    PlayerId owner = dyn_.followers[monk].player;
    std::string what = "cloister " + CellText(board_.tile(c.tile).at);
    Award(owner, 9, "cloister", what);
    if (setup_.has("beggars") && setup_.rules.beggars == BeggarVariant::kMendicantMonks) {
      Cell at = board_.tile(c.tile).at;
      for (const auto& f : dyn_.followers)
        if (IsBeggar(f) && std::abs(board_.tile(f.tile).at.x - at.x) <= 1 &&
            std::abs(board_.tile(f.tile).at.y - at.y) <= 1)
          Award(owner, 2, "mendicant_bonus", what);
    }
    c.scored = true;
  } else {
    auto winners = Majority(FollowerCounts(c.root));
    if (winners.empty()) return;
    int tiles = board_.distinct_tiles(c.root);
    int shields = 0;
    bool inn = false, cathedral = false;
    for (int n : board_.members(c.root)) {
      const Feature& f = board_.feature_of(n);
      shields += f.shields;
      inn |= f.inn;
      cathedral |= f.cathedral;
    }
    int points = c.kind == FeatureKind::kRoad ? tiles * (inn ? 2 : 1)
                                              : (tiles + shields) * (cathedral ? 3 : 2);
    std::string what = DescribeStructure(c.root);
    for (PlayerId p : winners) Award(p, points, FeatureKindName(c.kind).data(), what);
    c.scored = true;
  }
  // Beggars tied to the feature beg once each, then the scored followers go home.
  if (setup_.has("beggars")) {
    int beg = c.kind == FeatureKind::kCloister ? 9 : board_.distinct_tiles(c.root);
    std::string what = c.kind == FeatureKind::kCloister
                           ? "cloister " + CellText(board_.tile(c.tile).at)
                           : DescribeStructure(c.root);
    for (const auto& f : dyn_.followers)
      if (IsBeggar(f) && BeggarTiedTo(f.tile, c)) Award(f.player, beg, "beggar", what);
  }
  for (int i = static_cast<int>(dyn_.followers.size()) - 1; i >= 0; --i) {
    const Follower& f = dyn_.followers[i];
    bool on_it = c.kind == FeatureKind::kCloister
                     ? (f.tile == c.tile && f.feature == c.feature)
                     : (IsConnectable(board_.type_of(f.tile).features[f.feature].kind) &&
                        board_.find(board_.node(f.tile, f.feature)) == c.root);
    if (on_it) ReturnFollower(i);
  }
}

void GameState::ScoreEndOfGame() {
  std::set<int> seen;
  const bool mendicant =
      setup_.has("beggars") && setup_.rules.beggars == BeggarVariant::kMendicantMonks;
  for (const auto& f : std::vector<Follower>(dyn_.followers)) {
    const Feature& feat = board_.type_of(f.tile).features[f.feature];
    if (feat.kind == FeatureKind::kRoad || feat.kind == FeatureKind::kCity) {
      int root = board_.find(board_.node(f.tile, f.feature));
      if (!seen.insert(root).second || board_.complete(root)) continue;
      int tiles = board_.distinct_tiles(root), shields = 0;
      bool inn = false, cathedral = false;
      for (int n : board_.members(root)) {
        shields += board_.feature_of(n).shields;
        inn |= board_.feature_of(n).inn;
        cathedral |= board_.feature_of(n).cathedral;
      }
      int points =
          feat.kind == FeatureKind::kRoad ? (inn ? 0 : tiles) : (cathedral ? 0 : tiles + shields);
      std::string what = DescribeStructure(root);
      for (PlayerId p : Majority(FollowerCounts(root)))
        Award(p, points, FeatureKindName(feat.kind).data(), what);
    } else if (feat.kind == FeatureKind::kCloister) {
      Cell at = board_.tile(f.tile).at;
      Award(f.player, 1 + board_.neighbour_count(at), "cloister", "cloister " + CellText(at));
    }
  }
  if (mendicant) {
    for (const auto& f : dyn_.followers) {
      if (!IsBeggar(f)) continue;
      for (int root : BeggarRoots(f.tile, true)) {
        if (board_.complete(root) || board_.feature_of(root).kind != FeatureKind::kCity) continue;
        bool cathedral = false;
        for (int n : board_.members(root)) cathedral |= board_.feature_of(n).cathedral;
        if (cathedral)
          Award(f.player, board_.distinct_tiles(root), "beggar", DescribeStructure(root));
      }
      for (auto [tile, feature] : BeggarCloisters(f.tile, false)) {
        Cell at = board_.tile(tile).at;
        if (board_.neighbour_count(at) < 8)
          Award(f.player, 1 + board_.neighbour_count(at), "beggar", "cloister " + CellText(at));
      }
    }
  }
  ScoreFields();
  if (setup_.has("beggars") && !mendicant) {
    std::vector<int> beggars(player_count(), 0);
    for (const auto& f : dyn_.followers)
      if (IsBeggar(f)) ++beggars[f.player];
    for (PlayerId p = 0; p < player_count(); ++p)
      if (beggars[p])
        Award(p, -beggars[p] * beggars[p], "beggar_penalty",
              std::to_string(beggars[p]) + " beggars on huts");
  }
}

void GameState::ScoreFields() {
  // Completed cities each field borders.
  std::map<int, std::set<int>> cities_of_field;
  for (int t = 0; t < board_.tile_count(); ++t) {
    const auto& fs = board_.type_of(t).features;
    for (size_t f = 0; f < fs.size(); ++f) {
      if (fs[f].kind != FeatureKind::kField) continue;
      int field = board_.find(board_.node(t, static_cast<int>(f)));
      auto& cities = cities_of_field[field];
      for (int c : fs[f].touches) {
        int city = board_.find(board_.node(t, c));
        if (board_.complete(city)) cities.insert(city);
      }
    }
  }
  if (setup_.rules.farmers == FarmerScoring::kPerField) {
    for (const auto& [field, cities] : cities_of_field) {
      if (cities.empty()) continue;
      auto winners = Majority(FollowerCounts(field));
      std::string what = DescribeStructure(field) + " (" + std::to_string(cities.size()) +
                         " completed " + (cities.size() == 1 ? "city)" : "cities)");
      for (PlayerId p : winners) Award(p, 3 * static_cast<int>(cities.size()), "field", what);
    }
    return;
  }
  // First edition: each completed city once, to the most farmers in all fields bordering it.
  std::map<int, std::vector<int>> farmers_of_city;
  for (const auto& [field, cities] : cities_of_field) {
    auto counts = FollowerCounts(field);
    for (int city : cities) {
      auto& sum = farmers_of_city[city];
      sum.resize(player_count(), 0);
      for (PlayerId p = 0; p < player_count(); ++p) sum[p] += counts[p];
    }
  }
  for (const auto& [city, counts] : farmers_of_city)
    for (PlayerId p : Majority(counts))
      Award(p, 4, "field", "farmers supplying " + DescribeStructure(city));
}

}  // namespace cf
