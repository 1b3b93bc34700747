#pragma once
// The catapult round being played: one row per throw, clockwise from the player who placed the
// fair tile; each outcome from the referee's call or set by the table; recorded once all are in.

#include <QWidget>
#include <optional>

#include "engine/game_state.h"

class QComboBox;
class QDoubleSpinBox;
class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QStackedWidget;
class QTableWidget;

namespace cf::ui {

class CatapultRoundPanel : public QWidget {
  Q_OBJECT

 public:
  explicit CatapultRoundPanel(QWidget* parent = nullptr);

  // A new round for `game` when one is due at its end, else an idle panel.
  void Reset(const GameState& game);
  bool active() const { return game_.has_value(); }
  TokenKind token() const;
  PlayerId player(int index) const;
  // The first throw without an outcome, or -1.
  int next_throw() const;
  // The game as the throws before `index` left it (throws not yet set taken as no effect).
  Result<GameState> GameAtThrow(int index) const;
  void SetOutcome(int index, const CatapultThrow& outcome, const std::vector<std::string>& doubts);
  // The round as the record takes it; refused while a throw has no outcome.
  Result<Move> RoundMove() const;

 signals:
  // The table asks for throw `index` to be refereed from photos, or from the camera.
  void refereeRequested(int index);
  void cameraRefereeRequested(int index);
  // The table asks the camera to keep the table as it is before a throw.
  void snapRequested();
  void recordRequested();

 private:
  void ShowEditor();
  void SetFromEditor();
  int selected() const;

  std::optional<GameState> game_;
  std::vector<std::optional<CatapultThrow>> outcomes_;
  QLabel* title_;
  QComboBox* token_;
  QTableWidget* throws_;
  QStackedWidget* editors_;
  QDoubleSpinBox* distance_;
  QCheckBox* off_table_;
  QListWidget* hits_;
  QComboBox* seduced_;
  QComboBox* catch_case_;
  QPushButton* referee_;
  QPushButton* snap_;
  QPushButton* camera_;
  QPushButton* set_;
  QPushButton* record_;
};

}  // namespace cf::ui
