#include "engine/board.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace cf {

std::string CellText(Cell c) { return "[" + std::to_string(c.x) + "," + std::to_string(c.y) + "]"; }

Board::Board(const TileCatalog* catalog, int max_tiles)
    : catalog_(catalog),
      half_(max_tiles + 2),
      grid_((2 * half_ + 1) * (2 * half_ + 1), -1),
      need_(grid_.size(), 0),
      mask_(grid_.size(), 0) {}

void Board::update_demand(Cell c) {
  int i = grid_index(c);
  if (i < 0) return;
  unsigned need = 0, mask = 0;
  for (int d = 0; d < 4; ++d) {
    int n = tile_at({c.x + kDx[d], c.y + kDy[d]});
    if (n < 0) continue;
    need |=
        static_cast<unsigned>(edge_kind_towards(tiles_[n].type, tiles_[n].rotation, (d + 2) % 4))
        << (2 * d);
    mask |= 3u << (2 * d);
  }
  need_[i] = static_cast<uint8_t>(need);
  mask_[i] = static_cast<uint8_t>(mask);
}

int Board::grid_index(Cell c) const {
  if (c.x < -half_ || c.x > half_ || c.y < -half_ || c.y > half_) return -1;
  return (c.y + half_) * (2 * half_ + 1) + (c.x + half_);
}

int Board::tile_at(Cell c) const {
  int i = grid_index(c);
  return i < 0 ? -1 : grid_[i];
}

int Board::neighbour_count(Cell c) const {
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if ((dx || dy) && tile_at({c.x + dx, c.y + dy}) >= 0) ++n;
  return n;
}

int Board::orthogonal_neighbour_count(Cell c) const {
  int n = 0;
  for (int d = 0; d < 4; ++d)
    if (tile_at({c.x + kDx[d], c.y + kDy[d]}) >= 0) ++n;
  return n;
}

int Board::edge_kind_towards(int type, int rotation, int direction) const {
  return static_cast<int>(catalog_->type(type).edges[(direction - rotation + 4) % 4]);
}

bool Board::Fits(int type, Placement p) const {
  if (grid_index(p.at) < 0 || tile_at(p.at) >= 0) return false;
  bool touches = tiles_.empty();
  for (int d = 0; d < 4; ++d) {
    int n = tile_at({p.at.x + kDx[d], p.at.y + kDy[d]});
    if (n < 0) continue;
    touches = true;
    if (edge_kind_towards(type, p.rotation, d) !=
        edge_kind_towards(tiles_[n].type, tiles_[n].rotation, (d + 2) % 4))
      return false;
  }
  return touches;
}

std::vector<Placement> Board::LegalPlacements(int type) const {
  std::vector<Placement> out;
  const auto& signature = catalog_->type(type).edge_signature;
  for (Cell c : frontier_) {
    int i = grid_index(c);
    for (int r = 0; r < 4; ++r)
      if ((signature[r] & mask_[i]) == need_[i]) out.push_back({c, r});
  }
  return out;
}

int Board::canonical_point(int tile, int board_point) const {
  return UnrotatePoint(board_point, tiles_[tile].rotation);
}

int Board::board_point(int tile, int canonical) const {
  return RotatePoint(canonical, tiles_[tile].rotation);
}

int Board::find(int n) const {
  while (parent_[n] != n) n = parent_[n];
  return n;
}

void Board::join(int a, int b, int matched_points) {
  int ra = find(a), rb = find(b);
  if (ra == rb) {
    joins_.push_back({ra, ra, open_[ra]});
    open_[ra] -= 2 * matched_points;
    return;
  }
  if (size_[ra] < size_[rb]) std::swap(ra, rb);
  joins_.push_back({rb, ra, open_[ra]});
  parent_[rb] = ra;
  size_[ra] += size_[rb];
  open_[ra] += open_[rb] - 2 * matched_points;
  std::swap(next_[ra], next_[rb]);
}

int Board::Place(int type, Placement p) {
  assert(grid_index(p.at) >= 0 && tile_at(p.at) < 0);
  const TileType& t = catalog_->type(type);
  int index = static_cast<int>(tiles_.size());
  PlaceLog log{joins_.size(), 0, -1};
  int first = static_cast<int>(parent_.size());
  tiles_.push_back({type, p.at, p.rotation, first});
  grid_[grid_index(p.at)] = static_cast<int16_t>(index);
  for (size_t f = 0; f < t.features.size(); ++f) {
    int n = first + static_cast<int>(f);
    parent_.push_back(n);
    size_.push_back(1);
    next_.push_back(n);
    node_tile_.push_back(index);
    node_feature_.push_back(static_cast<int>(f));
    int open = IsConnectable(t.features[f].kind)
                   ? std::popcount(static_cast<unsigned>(t.features[f].points & 0xFFF))
                   : 0;
    open_.push_back(open);
  }
  for (int d = 0; d < 4; ++d) {
    int n = tile_at({p.at.x + kDx[d], p.at.y + kDy[d]});
    if (n < 0) continue;
    const TileType& nt = catalog_->type(tiles_[n].type);
    for (int j = 0; j < 3; ++j) {
      int bp = 3 * d + j;
      int mine = t.feature_at_point[UnrotatePoint(bp, p.rotation)];
      int theirs = nt.feature_at_point[UnrotatePoint(FacingPoint(bp), tiles_[n].rotation)];
      if (IsConnectable(t.features[mine].kind) && t.features[mine].kind == nt.features[theirs].kind)
        join(first + mine, node(n, theirs), 1);
    }
  }
  for (size_t i = 0; i < frontier_.size(); ++i)
    if (frontier_[i] == p.at) {
      log.removed_index = static_cast<int>(i);
      frontier_[i] = frontier_.back();
      frontier_.pop_back();
      break;
    }
  log.frontier_size_before = frontier_.size();
  for (int d = 0; d < 4; ++d) {
    Cell c{p.at.x + kDx[d], p.at.y + kDy[d]};
    update_demand(c);
    if (grid_index(c) < 0 || tile_at(c) >= 0) continue;
    if (std::find(frontier_.begin(), frontier_.end(), c) == frontier_.end()) frontier_.push_back(c);
  }
  place_log_.push_back(std::move(log));
  return index;
}

void Board::UndoPlace() {
  assert(!tiles_.empty());
  PlaceLog log = std::move(place_log_.back());
  place_log_.pop_back();
  while (joins_.size() > log.joins_before) {
    Join j = joins_.back();
    joins_.pop_back();
    if (j.child != j.parent) {
      std::swap(next_[j.parent], next_[j.child]);
      size_[j.parent] -= size_[j.child];
      parent_[j.child] = j.child;
    }
    open_[j.parent] = j.parent_open_before;
  }
  const PlacedTile& t = tiles_.back();
  size_t first = static_cast<size_t>(t.first_node);
  parent_.resize(first);
  size_.resize(first);
  next_.resize(first);
  node_tile_.resize(first);
  node_feature_.resize(first);
  open_.resize(first);
  grid_[grid_index(t.at)] = -1;
  for (int d = 0; d < 4; ++d) update_demand({t.at.x + kDx[d], t.at.y + kDy[d]});
  frontier_.resize(log.frontier_size_before);
  if (log.removed_index >= 0) {
    size_t i = static_cast<size_t>(log.removed_index);
    if (i == frontier_.size()) {
      frontier_.push_back(t.at);
    } else {
      frontier_.push_back(frontier_[i]);
      frontier_[i] = t.at;
    }
  }
  tiles_.pop_back();
}

std::vector<int> Board::members(int root) const {
  std::vector<int> out{root};
  for (int n = next_[root]; n != root; n = next_[n]) out.push_back(n);
  return out;
}

int Board::distinct_tiles(int root) const {
  std::vector<int> t;
  for (int n : members(root)) t.push_back(node_tile_[n]);
  std::sort(t.begin(), t.end());
  return static_cast<int>(std::unique(t.begin(), t.end()) - t.begin());
}

}  // namespace cf
