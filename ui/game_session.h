#pragma once
// The game on the shared screen: its record, the position shown, and turns added as they happen.

#include <QObject>
#include <string>

#include "engine/game_state.h"

namespace cf::ui {

// The whole game (every move applied) and the position the screen shows, which may be earlier.
class GameSession : public QObject {
  Q_OBJECT

 public:
  GameSession(const TileCatalog& catalog, QObject* parent = nullptr);

  const TileCatalog& catalog() const { return *catalog_; }
  // Every move of the record applied.
  const GameState& game() const { return game_; }
  // The game after the first position() moves.
  const GameState& shown() const { return shown_; }
  int position() const { return position_; }
  int move_count() const { return static_cast<int>(game_.moves().size()); }
  bool at_end() const { return position_ == move_count(); }
  const std::string& path() const { return path_; }
  // Grows whenever the record itself changes (not when another position is shown).
  int version() const { return version_; }

  // A new game; refused (nothing changes) for a setup the engine refuses.
  Status NewGame(GameSetup setup);
  // A game record file; refused (nothing changes) when unreadable or any move is illegal.
  Status Load(const std::string& path);
  Status Save(const std::string& path);
  // Shows the position after `moves` moves (clamped to the record).
  void GoTo(int moves);
  // Adds a move at the end of the record (and shows the end); refused when illegal.
  Status AddMove(const Move& move);
  // Takes back the record's last move; false when there is none.
  bool TakeBackLast();
  // Applies the end-of-game scoring.
  Status Finish();

 signals:
  // The record or the position shown changed.
  void changed();

 private:
  void Show(int moves);

  const TileCatalog* catalog_;
  GameState game_, shown_;
  int position_ = 0;
  int version_ = 0;
  std::string path_;
};

}  // namespace cf::ui
