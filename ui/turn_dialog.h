#pragma once
// Asks the table for a turn by hand: the tile drawn, where and how it lies, and the follower.

#include <QDialog>

#include "engine/game_state.h"

class QComboBox;
class QLabel;

namespace cf::ui {

// Offers only what the rules allow at the game's position: tiles left to draw, their legal
// placements, the features a follower may stand on there, and with The Beggars the beggar actions
// the turn allows; a tile that fits nowhere is discarded.
class TurnDialog : public QDialog {
  Q_OBJECT

 public:
  // Starts from `proposed` (a turn read from a photo) when given.
  TurnDialog(const GameState& game, const Move* proposed = nullptr, QWidget* parent = nullptr);
  Move move() const;

  // For tests and scripts: choose by the text shown.
  bool ChooseTile(const QString& id);
  bool ChoosePlacement(const QString& text);
  bool ChooseFollower(const QString& text);
  bool ChooseBeggarAction(const QString& text);

 private:
  void FillPlacements();
  void FillFollowers();
  // The beggar actions the engine accepts with the turn chosen so far (The Beggars).
  void FillBeggarActions();

  const GameState& game_;
  QComboBox* tile_;
  QComboBox* placement_;
  QComboBox* follower_;
  QComboBox* beggar_;
  QLabel* note_;
};

}  // namespace cf::ui
