// The Beggars: what a beggar on a hut is tied to, and replacing, evicting or taking back a beggar.

#include <algorithm>
#include <cstdlib>

#include "engine/game_state.h"

namespace cf {

int GameState::HutFeature(int tile) const {
  const auto& fs = board_.type_of(tile).features;
  for (size_t f = 0; f < fs.size(); ++f)
    if (fs[f].kind == FeatureKind::kHut) return static_cast<int>(f);
  return -1;
}

std::vector<int> GameState::BeggarRoots(int hut_tile, bool along_roads) const {
  std::vector<int> roots;
  int hut = HutFeature(hut_tile);
  if (hut < 0) return roots;
  auto add = [&](int root) {
    if (std::find(roots.begin(), roots.end(), root) == roots.end()) roots.push_back(root);
  };
  for (int l : board_.type_of(hut_tile).features[hut].links)
    add(board_.find(board_.node(hut_tile, l)));
  if (along_roads) {  // mendicant monks: cities at the gates of the hut's roads
    for (int root : std::vector<int>(roots)) {
      if (board_.feature_of(root).kind != FeatureKind::kRoad) continue;
      for (int n : board_.members(root)) {
        const Feature& f = board_.feature_of(n);
        if (f.ends >= 0 &&
            board_.type_of(board_.node_tile(n)).features[f.ends].kind == FeatureKind::kCity)
          add(board_.find(board_.node(board_.node_tile(n), f.ends)));
      }
    }
  }
  return roots;
}

std::vector<std::pair<int, int>> GameState::BeggarCloisters(int hut_tile, bool along_roads) const {
  std::vector<std::pair<int, int>> out;
  Cell hut_at = board_.tile(hut_tile).at;
  for (int root : BeggarRoots(hut_tile, false)) {
    if (board_.feature_of(root).kind != FeatureKind::kRoad) continue;
    for (int n : board_.members(root)) {
      const Feature& f = board_.feature_of(n);
      int t = board_.node_tile(n);
      if (f.ends < 0 || board_.type_of(t).features[f.ends].kind != FeatureKind::kCloister) continue;
      Cell at = board_.tile(t).at;
      bool in_range = std::abs(at.x - hut_at.x) <= 1 && std::abs(at.y - hut_at.y) <= 1;
      std::pair<int, int> c{t, f.ends};
      if ((in_range || along_roads) && std::find(out.begin(), out.end(), c) == out.end())
        out.push_back(c);
    }
  }
  return out;
}

bool GameState::BeggarTiedTo(int hut_tile, const Completion& c) const {
  const bool along = setup_.rules.beggars == BeggarVariant::kMendicantMonks;
  if (c.kind == FeatureKind::kCloister) {
    auto cl = BeggarCloisters(hut_tile, along);
    return std::find(cl.begin(), cl.end(), std::pair<int, int>{c.tile, c.feature}) != cl.end();
  }
  if (c.kind != FeatureKind::kRoad && c.kind != FeatureKind::kCity) return false;
  auto roots = BeggarRoots(hut_tile, along);
  return std::find(roots.begin(), roots.end(), c.root) != roots.end();
}

Status GameState::ApplyBeggarAction(const Move& m, const std::vector<Completion>& done,
                                    bool placed_follower) {
  if (!setup_.has("beggars")) return Fail("beggar actions need the beggars expansion");
  const BeggarAction& a = *m.beggar;
  int tile = board_.tile_at(a.hut);
  int hut = tile < 0 ? -1 : HutFeature(tile);
  if (hut < 0)
    return Fail("no beggar hut at [" + std::to_string(a.hut.x) + "," + std::to_string(a.hut.y) +
                "]");
  if (placed_follower)
    return Fail(
        "a beggar can only be replaced, evicted or taken back by a player who placed no follower "
        "this turn");
  int beggar = FollowerOn(tile, hut);
  if (beggar < 0) return Fail("the hut is empty: an empty hut cannot be taken this way");
  PlayerId me = m.player;
  PlayerId owner = dyn_.followers[beggar].player;
  auto tied = [&](bool want_scored) {
    return std::any_of(done.begin(), done.end(), [&](const Completion& c) {
      return c.kind != FeatureKind::kTent && c.scored == want_scored && BeggarTiedTo(tile, c);
    });
  };
  auto swap_in = [&]() -> Status {
    if (owner == me) return Fail("the beggar on that hut is already yours");
    if (dyn_.supply[me] <= 0) return Fail("no follower left to put on the hut");
    FollowerRef where = RefOf(dyn_.followers[beggar]);
    ReturnFollower(beggar);
    dyn_.followers.push_back({me, tile, hut, where.point});
    --dyn_.supply[me];
    return Status::Ok();
  };
  switch (a.kind) {
    case BeggarActionKind::kReplace:
      if (!tied(false))
        return Fail("replace needs a feature tied to the hut completed this turn and not scored");
      return swap_in();
    case BeggarActionKind::kEvict:
      if (!tied(true))
        return Fail("evict needs a feature tied to the hut completed and scored this turn");
      return swap_in();
    case BeggarActionKind::kTakeBack:
      if (owner != me) return Fail("only the beggar's owner can take him back");
      if (!tied(true) && !tied(false))
        return Fail("take back needs a feature tied to the hut completed this turn");
      ReturnFollower(beggar);
      return Status::Ok();
  }
  return Status::Ok();
}

}  // namespace cf
