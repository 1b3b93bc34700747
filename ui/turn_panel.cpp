#include "ui/turn_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace cf::ui {

TurnPanel::TurnPanel(QWidget* parent)
    : QWidget(parent),
      text_(new QLabel),
      doubts_(new QListWidget),
      accept_(new QPushButton(tr("Accept into the record"))),
      correct_(new QPushButton(tr("Correct..."))),
      reject_(new QPushButton(tr("Reject"))) {
  QFont big = text_->font();
  big.setPointSizeF(big.pointSizeF() * 1.3);
  text_->setFont(big);
  text_->setWordWrap(true);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(accept_);
  buttons->addWidget(correct_);
  buttons->addWidget(reject_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text_);
  layout->addWidget(doubts_, 1);
  layout->addLayout(buttons);
  connect(accept_, &QPushButton::clicked, this, [this] {
    if (!proposed_) return;
    const Move move = *proposed_;
    Clear();
    emit accepted(move);
  });
  connect(correct_, &QPushButton::clicked, this, [this] {
    if (proposed_) emit correctionRequested(*proposed_);
  });
  connect(reject_, &QPushButton::clicked, this, &TurnPanel::Clear);
  Clear();
}

void TurnPanel::Propose(const Move& move, const QString& text,
                        const std::vector<std::string>& doubts) {
  proposed_ = move;
  text_->setText(tr("Read: %1").arg(text));
  text_->setStyleSheet("");
  doubts_->clear();
  for (const std::string& d : doubts) doubts_->addItem(QString::fromStdString(d));
  accept_->setEnabled(true);
  correct_->setEnabled(true);
  reject_->setEnabled(true);
  emit proposalChanged();
}

void TurnPanel::ShowRefusal(const QString& why) {
  Clear();
  text_->setText(why);
  text_->setStyleSheet("color: #c03000");
}

void TurnPanel::Clear() {
  const bool had = proposed_.has_value();
  proposed_.reset();
  text_->setText(
      tr("Read a photo of the table after a turn (Table > Read turn from photo), or add the turn "
         "by hand (Game > Add a turn by hand)."));
  text_->setStyleSheet("");
  doubts_->clear();
  accept_->setEnabled(false);
  correct_->setEnabled(false);
  reject_->setEnabled(false);
  if (had) emit proposalChanged();
}

QString TurnPanel::text() const { return text_->text(); }

}  // namespace cf::ui
