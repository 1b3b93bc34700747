#pragma once
// Asks for a new game's players (colours in turn order) and expansions.

#include <QDialog>

#include "engine/game_state.h"

class QCheckBox;
class QLineEdit;

namespace cf::ui {

// The setup of a live game about to start.
class NewGameDialog : public QDialog {
  Q_OBJECT

 public:
  explicit NewGameDialog(QWidget* parent = nullptr);
  GameSetup setup() const;

 private:
  QLineEdit* colours_;
  QCheckBox* catapult_;
  QCheckBox* fortune_teller_;
  QCheckBox* beggars_;
};

}  // namespace cf::ui
