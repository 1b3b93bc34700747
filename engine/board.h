#pragma once
// The tiles on the table and the roads, cities and fields they join into, with step-by-step undo.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/tile_catalog.h"

namespace cf {

struct Cell {
  int x = 0, y = 0;
  friend bool operator==(Cell a, Cell b) { return a.x == b.x && a.y == b.y; }
  friend bool operator<(Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }
};

// A cell as people write it: [x,y].
std::string CellText(Cell c);

// A tile lying on the board.
struct PlacedTile {
  int type = -1;
  Cell at;
  int rotation = 0;  // quarter turns clockwise
  int first_node = 0;
};

// Where a tile of a type may go.
struct Placement {
  Cell at;
  int rotation = 0;
  friend bool operator==(const Placement&, const Placement&) = default;
};

class Board {
 public:
  explicit Board(const TileCatalog* catalog, int max_tiles);

  const TileCatalog& catalog() const { return *catalog_; }
  int tile_count() const { return static_cast<int>(tiles_.size()); }
  const PlacedTile& tile(int index) const { return tiles_[index]; }
  const TileType& type_of(int index) const { return catalog_->type(tiles_[index].type); }
  // Index of the tile at `c`, or -1.
  int tile_at(Cell c) const;
  int neighbour_count(Cell c) const;  // of the 8 surrounding cells
  int orthogonal_neighbour_count(Cell c) const;

  bool Fits(int type, Placement p) const;
  // In frontier order, which depends only on the moves played.
  std::vector<Placement> LegalPlacements(int type) const;
  // Empty cells next to at least one tile.
  const std::vector<Cell>& frontier() const { return frontier_; }

  // Places without checking the edges (the caller has). Returns the new tile's index.
  int Place(int type, Placement p);
  // Takes back the last placed tile.
  void UndoPlace();

  // Feature nodes: one per feature of every placed tile.
  int node(int tile, int feature) const { return tiles_[tile].first_node + feature; }
  int node_tile(int node) const { return node_tile_[node]; }
  int node_feature(int node) const { return node_feature_[node]; }
  const Feature& feature_of(int node) const {
    return type_of(node_tile_[node]).features[node_feature_[node]];
  }
  int find(int node) const;
  // A road or city is complete when it has no open edge left.
  bool complete(int root) const { return open_[root] == 0; }
  // All nodes joined with `root`.
  std::vector<int> members(int root) const;
  // Distinct tiles a structure covers.
  int distinct_tiles(int root) const;
  // The board-frame edge point `point` of tile `tile` in canonical terms.
  int canonical_point(int tile, int board_point) const;
  int board_point(int tile, int canonical_point) const;

 private:
  struct Join {
    int child, parent, parent_open_before;
  };
  struct PlaceLog {
    size_t joins_before;
    size_t frontier_size_before;  // after taking out the new tile's cell, before adding cells
    int removed_index;            // where the new tile's cell stood in the frontier, or -1
  };
  int grid_index(Cell c) const;
  // Recomputes what the neighbours of an empty cell demand of a tile put there.
  void update_demand(Cell c);
  void join(int a, int b, int matched_points);
  int edge_kind_towards(int type, int rotation, int direction) const;

  const TileCatalog* catalog_;
  int half_;  // the grid spans [-half_, half_] in x and y
  std::vector<int16_t> grid_;
  // Per cell: the edge kinds its neighbours demand (2 bits per side) and which sides have one.
  std::vector<uint8_t> need_, mask_;
  std::vector<PlacedTile> tiles_;
  std::vector<Cell> frontier_;
  std::vector<int> parent_, size_, open_, next_, node_tile_, node_feature_;
  std::vector<Join> joins_;
  std::vector<PlaceLog> place_log_;
};

}  // namespace cf
