#include "ui/referee_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace cf::ui {

namespace {

// A path field with a Browse button.
QWidget* PhotoField(QLineEdit* edit, QWidget* parent) {
  auto* box = new QWidget(parent);
  auto* row = new QHBoxLayout(box);
  row->setContentsMargins(0, 0, 0, 0);
  auto* browse = new QPushButton(QObject::tr("Browse..."), box);
  row->addWidget(edit, 1);
  row->addWidget(browse);
  QObject::connect(browse, &QPushButton::clicked, box, [edit, box] {
    const QString path = QFileDialog::getOpenFileName(box, QObject::tr("Photo of the table"), {},
                                                      QObject::tr("Images (*.jpg *.jpeg *.png)"));
    if (!path.isEmpty()) edit->setText(path);
  });
  return box;
}

}  // namespace

RefereeDialog::RefereeDialog(const GameSetup& setup, QWidget* parent)
    : QDialog(parent),
      before_(new QLineEdit),
      after_(new QLineEdit),
      token_(new QComboBox),
      thrower_(new QComboBox) {
  setWindowTitle(tr("Referee a throw"));
  for (TokenKind k :
       {TokenKind::kKnockout, TokenKind::kSeduction, TokenKind::kTarget, TokenKind::kCatch})
    token_->addItem(QString::fromStdString(TokenKindName(k)), static_cast<int>(k));
  thrower_->addItem(tr("(not said)"), QString());
  for (const PlayerInfo& p : setup.players)
    thrower_->addItem(QString::fromStdString(p.color), QString::fromStdString(p.color));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Photo before the throw"), PhotoField(before_, this));
  form->addRow(tr("Photo after the throw"), PhotoField(after_, this));
  form->addRow(tr("Token"), token_);
  form->addRow(tr("Thrower"), thrower_);
  form->addRow(buttons);
}

void RefereeDialog::Fix(TokenKind token, const std::string& thrower) {
  token_->setCurrentIndex(token_->findData(static_cast<int>(token)));
  thrower_->setCurrentIndex(thrower_->findData(QString::fromStdString(thrower)));
  token_->setEnabled(false);
  thrower_->setEnabled(false);
}

QString RefereeDialog::before() const { return before_->text(); }
QString RefereeDialog::after() const { return after_->text(); }
TokenKind RefereeDialog::token() const {
  return static_cast<TokenKind>(token_->currentData().toInt());
}
std::string RefereeDialog::thrower() const {
  return thrower_->currentData().toString().toStdString();
}

}  // namespace cf::ui
