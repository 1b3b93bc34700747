#pragma once
// A game of Carcassonne with its expansions: legal moves, apply, undo, clone, to-string.

#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/moves.h"
#include "engine/result.h"
#include "engine/rules.h"
#include "engine/tile_catalog.h"

namespace cf {

struct PlayerInfo {
  std::string color;
  std::string name;
};

// Everything fixed before the first move.
struct GameSetup {
  std::vector<PlayerInfo> players;
  std::vector<std::string> expansions;
  Rules rules;
  int start_tile = -1;  // catalog index; -1: the catalog's start tile
  Cell start_at;
  int start_rotation = 0;

  bool has(const std::string& expansion) const;
  // Whether the tiles of catalog set `set` (base, catapult, ...) are drawn in this game.
  bool draws_from(const std::string& set) const;
};

// A follower on the board.
struct Follower {
  PlayerId player = -1;
  int tile = -1;             // board tile index
  int feature = -1;          // feature of that tile
  int point = kCentrePoint;  // board-frame point it was placed on
};

// Points given to one player, with the reason a referee would announce.
struct ScoreEvent {
  int move = 0;  // 1-based index into the record's moves; 0 for the final scoring
  PlayerId player = -1;
  int points = 0;
  std::string reason;   // road, city, cloister, field, fortune_teller, beggar, target, catch, fair
  std::string feature;  // e.g. "city [0,-1] S2 (3 tiles, 1 shield)"
};

enum class Phase { kPlaceTile, kCatapultRound, kGameOver };

extern const std::vector<std::string> kColors;

class GameState {
 public:
  static Result<GameState> Create(const TileCatalog& catalog, GameSetup setup);

  const TileCatalog& catalog() const { return *catalog_; }
  const GameSetup& setup() const { return setup_; }
  const Board& board() const { return board_; }
  int player_count() const { return static_cast<int>(setup_.players.size()); }
  PlayerId current_player() const { return dyn_.current; }
  Phase phase() const { return dyn_.phase; }
  const std::vector<int>& scores() const { return dyn_.scores; }
  int supply(PlayerId p) const { return dyn_.supply[p]; }
  const std::vector<Follower>& followers() const { return dyn_.followers; }
  const std::vector<ScoreEvent>& events() const { return events_; }
  const std::vector<Move>& moves() const { return moves_; }
  // Tiles of each catalog type still to be drawn.
  const std::vector<int>& deck() const { return dyn_.deck; }
  int deck_size() const;
  // The board tile that started the pending catapult round, or -1.
  int fair_tile() const { return dyn_.fair_tile; }
  // How many tiles `player` may draw at the start of a turn (fortune tellers).
  int tiles_to_draw(PlayerId player) const;

  std::vector<Placement> LegalPlacements(int tile_type) const;
  // Follower points (board frame) allowed on `tile_type` put at `p`; "no follower" is always
  // allowed.
  std::vector<int> LegalFollowerPoints(int tile_type, Placement p) const;
  // Every place move for the current player, or the discard when the tile fits nowhere.
  std::vector<Move> LegalMoves(int tile_type) const;

  // Applies a move after checking it; on refusal the state is unchanged.
  Status Apply(const Move& move);
  bool CanUndo() const { return history_size_ > 0; }
  void Undo();
  GameState Clone() const { return *this; }
  std::string ToString() const;

  // Followers of the structure containing `node`, counted per player.
  std::vector<int> FollowerCounts(int root) const;
  std::string DescribeStructure(int root) const;
  // The follower a reference names, or -1.
  int FindFollower(const FollowerRef& ref) const;
  FollowerRef RefOf(const Follower& f) const;
  bool IsBeggar(const Follower& f) const;
  bool IsLying(const Follower& f) const;

 private:
  // The part of the state that is cheap to copy, saved whole before each move for undo.
  struct Dynamic {
    std::vector<Follower> followers;
    std::vector<int> supply, scores, deck;
    PlayerId current = 0;
    Phase phase = Phase::kPlaceTile;
    int fair_tile = -1;
  };
  struct UndoEntry {
    Dynamic before;
    size_t events = 0;
    bool placed_tile = false;
  };
  // A road, city or cloister finished by the move being applied.
  struct Completion {
    FeatureKind kind;
    int root = -1;  // road/city structure root
    int tile = -1;  // cloister or tent tile
    int feature = -1;
    bool scored = false;
  };

  GameState(const TileCatalog& catalog, GameSetup setup, int max_tiles);
  Status ApplyPlace(const Move& m, UndoEntry& undo);
  Status ApplyDiscard(const Move& m);
  Status ApplyCatapult(const Move& m);
  Status ApplyFinish();
  Status CheckDraw(const Move& m) const;
  std::string WhyNotFit(int type, Placement p) const;
  Status PlaceFollower(PlayerId player, int tile, int board_point);
  std::vector<Completion> FindCompletions(int tile);
  void ScoreCompletion(Completion& c);
  Status ApplyBeggarAction(const Move& m, const std::vector<Completion>& done,
                           bool placed_follower);
  void Award(PlayerId p, int points, const std::string& reason, const std::string& feature);
  void ReturnFollower(int index);
  void ScoreEndOfGame();
  void ScoreFields();
  // Beggar helpers (beggars.cpp).
  std::vector<int> BeggarRoots(int hut_tile, bool along_roads) const;
  std::vector<std::pair<int, int>> BeggarCloisters(int hut_tile,
                                                   bool along_roads) const;  // tile, feature
  bool BeggarTiedTo(int hut_tile, const Completion& c) const;
  int HutFeature(int tile) const;
  int FollowerOn(int tile, int feature) const;
  bool StructureOccupied(int root) const;

  const TileCatalog* catalog_;
  GameSetup setup_;
  Board board_;
  Dynamic dyn_;
  std::vector<ScoreEvent> events_;
  std::vector<Move> moves_;
  // Undo entries; those past history_size_ are spare, kept so their storage is reused.
  std::vector<UndoEntry> history_;
  size_t history_size_ = 0;
  int move_number_ = 0;  // 1-based number of the move being applied
};

}  // namespace cf
