#include "ui/new_game_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>

namespace cf::ui {

NewGameDialog::NewGameDialog(QWidget* parent)
    : QDialog(parent),
      colours_(new QLineEdit("red,blue")),
      catapult_(new QCheckBox(tr("The Catapult"))),
      fortune_teller_(new QCheckBox(tr("The Fortune Teller"))),
      beggars_(new QCheckBox(tr("The Beggars"))) {
  setWindowTitle(tr("New game"));
  catapult_->setChecked(true);
  colours_->setToolTip(tr("red blue green yellow black gray, in turn order, comma-separated"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Players' colours"), colours_);
  form->addRow(catapult_);
  form->addRow(fortune_teller_);
  form->addRow(beggars_);
  form->addRow(buttons);
}

GameSetup NewGameDialog::setup() const {
  GameSetup setup;
  for (const QString& c : colours_->text().split(',', Qt::SkipEmptyParts))
    setup.players.push_back({c.trimmed().toLower().toStdString(), ""});
  if (catapult_->isChecked()) setup.expansions.push_back("catapult");
  if (fortune_teller_->isChecked()) setup.expansions.push_back("fortune_teller");
  if (beggars_->isChecked()) setup.expansions.push_back("beggars");
  return setup;
}

}  // namespace cf::ui
