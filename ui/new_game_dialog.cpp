#include "ui/new_game_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace cf::ui {

NewGameDialog::NewGameDialog(QWidget* parent)
    : QDialog(parent), colours_(new QLineEdit("red,blue")), followers_(new QSpinBox) {
  setWindowTitle(tr("New game"));
  colours_->setToolTip(tr("red blue green yellow black gray, in turn order, comma-separated"));
  auto* form = new QFormLayout(this);
  form->addRow(tr("Players' colours"), colours_);
  for (const std::string& name : KnownExpansions()) {
    auto* box = new QCheckBox(QString::fromStdString(name));
    box->setChecked(name == "catapult");
    expansions_[name] = box;
    form->addRow(box);
  }
  for (const RuleSwitch& rule : RuleSwitches()) {
    const QString key = QString::fromStdString(rule.key);
    const QString tip = QString::fromStdString(rule.description);
    if (rule.key == "followers") {
      followers_->setRange(1, 20);
      followers_->setValue(Rules{}.followers);
      followers_->setToolTip(tip);
      form->addRow(key, followers_);
      continue;
    }
    auto* values = new QComboBox;
    for (const std::string& v : rule.values) values->addItem(QString::fromStdString(v));
    values->setToolTip(tip);
    switches_[rule.key] = values;
    form->addRow(key, values);
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

GameSetup NewGameDialog::setup() const {
  GameSetup setup;
  for (const QString& c : colours_->text().split(',', Qt::SkipEmptyParts))
    setup.players.push_back({c.trimmed().toLower().toStdString(), ""});
  for (const auto& [name, box] : expansions_)
    if (box->isChecked()) setup.expansions.push_back(name);
  json::Value rules{json::Object{}};
  rules["followers"] = followers_->value();
  for (const auto& [key, values] : switches_) rules[key] = values->currentText().toStdString();
  // The dialog offers only values the engine documents, so they parse.
  if (auto parsed = ParseRules(rules)) setup.rules = *parsed;
  return setup;
}

void NewGameDialog::SetColours(const QString& colours) { colours_->setText(colours); }

bool NewGameDialog::SetExpansion(const std::string& name, bool on) {
  auto it = expansions_.find(name);
  if (it == expansions_.end()) return false;
  it->second->setChecked(on);
  return true;
}

bool NewGameDialog::SetRule(const std::string& key, const QString& value) {
  if (key == "followers") {
    followers_->setValue(value.toInt());
    return followers_->value() == value.toInt();
  }
  auto it = switches_.find(key);
  if (it == switches_.end() || it->second->findText(value) < 0) return false;
  it->second->setCurrentIndex(it->second->findText(value));
  return true;
}

}  // namespace cf::ui
