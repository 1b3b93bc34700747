#pragma once
// Asks which throw to referee: the photos before and after it, the token and the thrower.

#include <QDialog>

#include "engine/game_state.h"

class QComboBox;
class QLineEdit;

namespace cf::ui {

// The two photos and the token of one throw; the thrower's colour from the game's players.
class RefereeDialog : public QDialog {
  Q_OBJECT

 public:
  RefereeDialog(const GameSetup& setup, QWidget* parent = nullptr);
  // For a throw of the round being recorded: its token and thrower are known.
  void Fix(TokenKind token, const std::string& thrower);
  QString before() const;
  QString after() const;
  TokenKind token() const;
  std::string thrower() const;  // empty when not said

 private:
  QLineEdit* before_;
  QLineEdit* after_;
  QComboBox* token_;
  QComboBox* thrower_;
};

}  // namespace cf::ui
