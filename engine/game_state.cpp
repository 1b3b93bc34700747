#include "engine/game_state.h"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <sstream>

namespace cf {

const std::vector<std::string> kColors = {"red", "blue", "green", "yellow", "black", "gray"};

bool GameSetup::has(const std::string& expansion) const {
  return std::find(expansions.begin(), expansions.end(), expansion) != expansions.end();
}

bool GameSetup::draws_from(const std::string& set) const { return set == "base" || has(set); }

GameState::GameState(const TileCatalog& catalog, GameSetup setup, int max_tiles)
    : catalog_(&catalog), setup_(std::move(setup)), board_(&catalog, max_tiles) {}

Result<GameState> GameState::Create(const TileCatalog& catalog, GameSetup setup) {
  int n = static_cast<int>(setup.players.size());
  if (n < 2 || n > 6) return Fail("a game needs 2 to 6 players");
  for (int i = 0; i < n; ++i) {
    const auto& c = setup.players[i].color;
    if (std::find(kColors.begin(), kColors.end(), c) == kColors.end())
      return Fail("unknown colour \"" + c + "\" (red blue green yellow black gray)");
    for (int j = 0; j < i; ++j)
      if (setup.players[j].color == c) return Fail("colour \"" + c + "\" is taken twice");
  }
  for (const auto& e : setup.expansions)
    if (std::find(KnownExpansions().begin(), KnownExpansions().end(), e) == KnownExpansions().end())
      return Fail("unknown expansion \"" + e + "\"");
  if (setup.start_tile < 0) setup.start_tile = catalog.start_type();
  if (setup.start_tile < 0 || setup.start_tile >= catalog.size())
    return Fail("the catalog has no start tile");
  if (!setup.draws_from(catalog.type(setup.start_tile).set))
    return Fail("start tile " + catalog.type(setup.start_tile).id + " is not in play");
  if (setup.start_rotation < 0 || setup.start_rotation > 3) return Fail("bad start rotation");

  std::vector<int> deck(catalog.size(), 0);
  int total = 0;
  for (int t = 0; t < catalog.size(); ++t)
    if (setup.draws_from(catalog.type(t).set)) {
      deck[t] = catalog.type(t).count;
      total += deck[t];
    }
  if (deck[setup.start_tile] < 1) return Fail("no start tile left in the catalog counts");
  --deck[setup.start_tile];

  GameState g(catalog, setup, total);
  g.dyn_.deck = std::move(deck);
  g.dyn_.supply.assign(n, setup.rules.followers);
  g.dyn_.scores.assign(n, 0);
  g.board_.Place(setup.start_tile, {setup.start_at, setup.start_rotation});
  g.moves_.reserve(total + 16);
  return g;
}

int GameState::deck_size() const { return std::accumulate(dyn_.deck.begin(), dyn_.deck.end(), 0); }

int GameState::tiles_to_draw(PlayerId player) const {
  int tellers = 0;
  for (const auto& f : dyn_.followers)
    if (f.player == player && board_.type_of(f.tile).features[f.feature].kind == FeatureKind::kTent)
      ++tellers;
  return 1 + std::min(tellers, 2);
}

bool GameState::IsBeggar(const Follower& f) const {
  return board_.type_of(f.tile).features[f.feature].kind == FeatureKind::kHut;
}

bool GameState::IsLying(const Follower& f) const {
  auto k = board_.type_of(f.tile).features[f.feature].kind;
  return k == FeatureKind::kField || k == FeatureKind::kHut;
}

std::vector<int> GameState::FollowerCounts(int root) const {
  std::vector<int> counts(player_count(), 0);
  for (const auto& f : dyn_.followers)
    if (IsConnectable(board_.type_of(f.tile).features[f.feature].kind) &&
        board_.find(board_.node(f.tile, f.feature)) == root)
      ++counts[f.player];
  return counts;
}

bool GameState::StructureOccupied(int root) const {
  for (const auto& f : dyn_.followers)
    if (IsConnectable(board_.type_of(f.tile).features[f.feature].kind) &&
        board_.find(board_.node(f.tile, f.feature)) == root)
      return true;
  return false;
}

int GameState::FollowerOn(int tile, int feature) const {
  for (size_t i = 0; i < dyn_.followers.size(); ++i)
    if (dyn_.followers[i].tile == tile && dyn_.followers[i].feature == feature)
      return static_cast<int>(i);
  return -1;
}

int GameState::FindFollower(const FollowerRef& ref) const {
  int tile = board_.tile_at(ref.at);
  if (tile < 0 || ref.point < 0 || ref.point >= kPointCount) return -1;
  int feature = board_.type_of(tile).occupiable_feature_at(board_.canonical_point(tile, ref.point));
  if (feature < 0) return -1;
  for (size_t i = 0; i < dyn_.followers.size(); ++i) {
    const auto& f = dyn_.followers[i];
    if (f.tile == tile && f.feature == feature && f.player == ref.player)
      return static_cast<int>(i);
  }
  return -1;
}

FollowerRef GameState::RefOf(const Follower& f) const {
  return {f.player, board_.tile(f.tile).at, f.point};
}

std::string GameState::DescribeStructure(int root) const {
  int tile = board_.node_tile(root);
  const Feature& f = board_.feature_of(root);
  std::string s = std::string(FeatureKindName(f.kind)) + " " + CellText(board_.tile(tile).at) +
                  " " + std::string(PointName(board_.board_point(tile, f.first_point())));
  if (f.kind == FeatureKind::kRoad || f.kind == FeatureKind::kCity) {
    int tiles = board_.distinct_tiles(root);
    s += " (" + std::to_string(tiles) + (tiles == 1 ? " tile" : " tiles");
    if (f.kind == FeatureKind::kCity) {
      int shields = 0;
      for (int n : board_.members(root)) shields += board_.feature_of(n).shields;
      if (shields) s += ", " + std::to_string(shields) + (shields == 1 ? " shield" : " shields");
    }
    s += ")";
  }
  return s;
}

std::vector<Placement> GameState::LegalPlacements(int tile_type) const {
  return board_.LegalPlacements(tile_type);
}

std::vector<int> GameState::LegalFollowerPoints(int tile_type, Placement p) const {
  std::vector<int> points;
  PlayerId me = dyn_.current;
  if (dyn_.supply[me] <= 0) return points;
  const TileType& t = catalog_->type(tile_type);
  for (size_t fi = 0; fi < t.features.size(); ++fi) {
    const Feature& f = t.features[fi];
    if (!IsOccupiable(f.kind)) continue;
    if (f.kind == FeatureKind::kTent && tiles_to_draw(me) >= 3) continue;
    if (IsConnectable(f.kind)) {
      bool taken = false;
      for (int cp = 0; cp < kEdgePointCount && !taken; ++cp) {
        if (!(f.points >> cp & 1)) continue;
        int bp = RotatePoint(cp, p.rotation);
        int n = board_.tile_at({p.at.x + kDx[bp / 3], p.at.y + kDy[bp / 3]});
        if (n < 0) continue;
        int theirs = board_.type_of(n).feature_at_point[board_.canonical_point(n, FacingPoint(bp))];
        if (board_.type_of(n).features[theirs].kind != f.kind) continue;
        taken = StructureOccupied(board_.find(board_.node(n, theirs)));
      }
      if (taken) continue;
    }
    int cp = f.first_point();
    if (cp == kCentrePoint && t.occupiable_feature_at(kCentrePoint) != static_cast<int>(fi))
      continue;
    points.push_back(RotatePoint(cp, p.rotation));
  }
  return points;
}

std::vector<Move> GameState::LegalMoves(int tile_type) const {
  std::vector<Move> out;
  auto placements = LegalPlacements(tile_type);
  if (placements.empty()) {
    Move m;
    m.type = MoveType::kDiscard;
    m.player = dyn_.current;
    m.tile = tile_type;
    out.push_back(m);
    return out;
  }
  for (const auto& p : placements) {
    Move m;
    m.player = dyn_.current;
    m.tile = tile_type;
    m.placement = p;
    out.push_back(m);
    for (int point : LegalFollowerPoints(tile_type, p)) {
      m.follower_point = point;
      out.push_back(m);
    }
  }
  return out;
}

Status GameState::Apply(const Move& m) {
  if (dyn_.phase == Phase::kGameOver) return Fail("the game is over");
  move_number_ = static_cast<int>(moves_.size()) + 1;
  if (history_size_ == history_.size()) history_.emplace_back();
  UndoEntry& undo = history_[history_size_];
  undo.before = dyn_;  // assignment reuses the spare entry's storage
  undo.events = events_.size();
  undo.placed_tile = false;
  Status s;
  if (m.player < 0 || m.player >= player_count()) {
    s = Fail("unknown player");
  } else {
    switch (m.type) {
      case MoveType::kPlace:
        s = ApplyPlace(m, undo);
        break;
      case MoveType::kDiscard:
        s = ApplyDiscard(m);
        break;
      case MoveType::kCatapult:
        s = ApplyCatapult(m);
        break;
      case MoveType::kFinish:
        s = ApplyFinish();
        break;
    }
  }
  if (!s) {
    if (undo.placed_tile) board_.UndoPlace();
    std::swap(dyn_, undo.before);
    events_.resize(undo.events);
    return s;
  }
  ++history_size_;
  moves_.push_back(m);
  return s;
}

void GameState::Undo() {
  assert(history_size_ > 0);
  UndoEntry& u = history_[--history_size_];
  if (u.placed_tile) board_.UndoPlace();
  std::swap(dyn_, u.before);
  events_.resize(u.events);
  moves_.pop_back();
}

Status GameState::CheckDraw(const Move& m) const {
  if (m.tile < 0 || m.tile >= catalog_->size()) return Fail("unknown tile");
  const TileType& t = catalog_->type(m.tile);
  if (!setup_.draws_from(t.set))
    return Fail("tile " + t.id + " belongs to " + t.set + ", which this game does not use");
  if (dyn_.deck[m.tile] <= 0) return Fail("no " + t.id + " tile is left to draw");
  if (m.drawn.empty()) return Status::Ok();
  if (!setup_.has("fortune_teller")) return Fail("\"drawn\" needs the fortune_teller expansion");
  if (std::find(m.drawn.begin(), m.drawn.end(), m.tile) == m.drawn.end())
    return Fail("the placed tile " + t.id + " is not among the drawn tiles");
  if (static_cast<int>(m.drawn.size()) > tiles_to_draw(m.player))
    return Fail("drew " + std::to_string(m.drawn.size()) + " tiles but may draw only " +
                std::to_string(tiles_to_draw(m.player)));
  std::vector<int> need(catalog_->size(), 0);
  for (int d : m.drawn) {
    if (d < 0 || d >= catalog_->size()) return Fail("unknown drawn tile");
    if (++need[d] > dyn_.deck[d]) return Fail("drew " + catalog_->type(d).id + " but none is left");
  }
  return Status::Ok();
}

std::string GameState::WhyNotFit(int type, Placement p) const {
  if (board_.tile_at(p.at) >= 0) return "cell " + CellText(p.at) + " is already taken";
  const char* side[4] = {"north", "east", "south", "west"};
  bool touches = false;
  for (int d = 0; d < 4; ++d) {
    int n = board_.tile_at({p.at.x + kDx[d], p.at.y + kDy[d]});
    if (n < 0) continue;
    touches = true;
    auto mine = catalog_->type(type).edges[(d - p.rotation + 4) % 4];
    const PlacedTile& nt = board_.tile(n);
    auto theirs = catalog_->type(nt.type).edges[((d + 2) % 4 - nt.rotation + 4) % 4];
    if (mine != theirs) return std::string("edge mismatch on the ") + side[d] + " side";
  }
  if (!touches) return "cell " + CellText(p.at) + " touches no tile edge";
  return "cell " + CellText(p.at) + " is off the board";
}

Status GameState::PlaceFollower(PlayerId player, int tile, int board_point) {
  if (dyn_.supply[player] <= 0)
    return Fail("no follower left in " + setup_.players[player].color + "'s supply");
  const TileType& t = board_.type_of(tile);
  int feature = t.occupiable_feature_at(board_.canonical_point(tile, board_point));
  if (feature < 0)
    return Fail("no feature a follower can stand on at " + std::string(PointName(board_point)));
  const Feature& f = t.features[feature];
  if (IsConnectable(f.kind) && StructureOccupied(board_.find(board_.node(tile, feature))))
    return Fail("occupied feature: the " + std::string(FeatureKindName(f.kind)) + " at " +
                std::string(PointName(board_point)) + " already has a follower");
  if (f.kind == FeatureKind::kTent && tiles_to_draw(player) >= 3)
    return Fail("a player may have at most 2 fortune tellers");
  dyn_.followers.push_back({player, tile, feature, board_point});
  --dyn_.supply[player];
  return Status::Ok();
}

void GameState::ReturnFollower(int index) {
  ++dyn_.supply[dyn_.followers[index].player];
  dyn_.followers.erase(dyn_.followers.begin() + index);
}

void GameState::Award(PlayerId p, int points, const std::string& reason,
                      const std::string& feature) {
  dyn_.scores[p] += points;
  events_.push_back({move_number_, p, points, reason, feature});
}

Status GameState::ApplyPlace(const Move& m, UndoEntry& undo) {
  if (dyn_.phase == Phase::kCatapultRound)
    return Fail("the catapult round for the fair tile comes first");
  if (m.player != dyn_.current)
    return Fail("it is " + setup_.players[dyn_.current].color + "'s turn, not " +
                setup_.players[m.player].color + "'s");
  if (auto s = CheckDraw(m); !s) return s;
  if (m.placement.rotation < 0 || m.placement.rotation > 3)
    return Fail("rotation must be 0, 90, 180 or 270");
  if (!board_.Fits(m.tile, m.placement))
    return Fail("tile " + catalog_->type(m.tile).id + " cannot go at " + CellText(m.placement.at) +
                ": " + WhyNotFit(m.tile, m.placement));
  int tile = board_.Place(m.tile, m.placement);
  undo.placed_tile = true;
  --dyn_.deck[m.tile];
  bool placed_follower = m.follower_point.has_value();
  if (placed_follower)
    if (auto s = PlaceFollower(m.player, tile, *m.follower_point); !s) return s;

  std::vector<Completion> done = FindCompletions(tile);
  for (auto& c : done) ScoreCompletion(c);

  const TileType& t = catalog_->type(m.tile);
  bool fair = t.has(FeatureKind::kFair) && setup_.has("catapult");
  if (fair && setup_.rules.catapult == CatapultMode::kHouseRule && placed_follower)
    Award(m.player, 5, "fair", "fair " + CellText(m.placement.at));
  if (m.beggar)
    if (auto s = ApplyBeggarAction(m, done, placed_follower); !s) return s;

  if (fair && setup_.rules.catapult == CatapultMode::kRounds) {
    dyn_.phase = Phase::kCatapultRound;
    dyn_.fair_tile = tile;
  } else {
    dyn_.current = (dyn_.current + 1) % player_count();
  }
  return Status::Ok();
}

Status GameState::ApplyDiscard(const Move& m) {
  if (dyn_.phase == Phase::kCatapultRound)
    return Fail("the catapult round for the fair tile comes first");
  if (m.player != dyn_.current)
    return Fail("it is " + setup_.players[dyn_.current].color + "'s turn, not " +
                setup_.players[m.player].color + "'s");
  if (auto s = CheckDraw(m); !s) return s;
  auto legal = board_.LegalPlacements(m.tile);
  if (!legal.empty()) {
    Cell first =
        std::min_element(legal.begin(), legal.end(), [](const Placement& a, const Placement& b) {
          return a.at < b.at;
        })->at;
    return Fail("tile " + catalog_->type(m.tile).id + " fits at " + CellText(first) +
                ", so it cannot be discarded");
  }
  --dyn_.deck[m.tile];
  return Status::Ok();
}

Status GameState::ApplyFinish() {
  if (dyn_.phase == Phase::kCatapultRound)
    return Fail("the catapult round for the fair tile comes first");
  move_number_ = 0;
  ScoreEndOfGame();
  dyn_.phase = Phase::kGameOver;
  return Status::Ok();
}

std::string GameState::ToString() const {
  std::ostringstream os;
  os << "phase: "
     << (dyn_.phase == Phase::kGameOver        ? "game over"
         : dyn_.phase == Phase::kCatapultRound ? "catapult round"
                                               : "place a tile")
     << ", to move: " << setup_.players[dyn_.current].color << ", tiles left: " << deck_size()
     << "\n";
  os << "scores:";
  for (int p = 0; p < player_count(); ++p)
    os << " " << setup_.players[p].color << " " << dyn_.scores[p] << " (" << dyn_.supply[p]
       << " in supply)";
  os << "\n";
  // A map of the board: one row per grid row, tile ids with rotation.
  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (int i = 0; i < board_.tile_count(); ++i) {
    Cell c = board_.tile(i).at;
    minx = std::min(minx, c.x), maxx = std::max(maxx, c.x), miny = std::min(miny, c.y),
    maxy = std::max(maxy, c.y);
  }
  for (int y = miny; y <= maxy; ++y) {
    for (int x = minx; x <= maxx; ++x) {
      int t = board_.tile_at({x, y});
      std::string cell =
          t < 0 ? "." : board_.type_of(t).id + "/" + std::to_string(board_.tile(t).rotation * 90);
      cell.resize(11, ' ');
      os << cell;
    }
    os << "\n";
  }
  for (const auto& f : dyn_.followers)
    os << setup_.players[f.player].color << " "
       << FeatureKindName(board_.type_of(f.tile).features[f.feature].kind) << " "
       << CellText(board_.tile(f.tile).at) << " " << PointName(f.point) << "\n";
  return os.str();
}

}  // namespace cf
