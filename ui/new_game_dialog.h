#pragma once
// Asks for a new game's players (colours in turn order), expansions and rule variants.

#include <QDialog>
#include <map>
#include <string>

#include "engine/game_state.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace cf::ui {

// The setup of a live game about to start; every expansion and rule switch the engine knows.
class NewGameDialog : public QDialog {
  Q_OBJECT

 public:
  explicit NewGameDialog(QWidget* parent = nullptr);
  GameSetup setup() const;

  // For tests and scripts.
  void SetColours(const QString& colours);
  bool SetExpansion(const std::string& name, bool on);
  bool SetRule(const std::string& key, const QString& value);

 private:
  QLineEdit* colours_;
  std::map<std::string, QCheckBox*> expansions_;
  std::map<std::string, QComboBox*> switches_;
  QSpinBox* followers_;
};

}  // namespace cf::ui
