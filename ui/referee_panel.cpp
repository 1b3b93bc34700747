#include "ui/referee_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/score_model.h"

namespace cf::ui {

namespace {

QString Mm(double mm) { return QString::number(mm, 'f', 1) + " mm"; }

// The call's answer in one line: who is nearest, who was hit, or how far the fair is.
QString Verdict(TokenKind token, const RefereeCall& call) {
  if (call.too_close_to_call) return QObject::tr("Too close to call: the table decides");
  switch (token) {
    case TokenKind::kKnockout: {
      if (call.hit.empty()) return QObject::tr("No follower hit");
      QString names;
      for (const RefereeFollower& f : call.hit)
        names +=
            (names.isEmpty() ? "" : ", ") + QString::fromStdString(f.color + " " + CellText(f.at));
      return QObject::tr("Knocked out: %1").arg(names);
    }
    case TokenKind::kSeduction:
      if (!call.token.on_board) return QObject::tr("Off the board: no seduction");
      if (call.followers_by_distance.empty()) return QObject::tr("No follower to seduce");
      return QObject::tr("Nearest: %1 %2")
          .arg(QString::fromStdString(call.followers_by_distance.front().color),
               QString::fromStdString(CellText(call.followers_by_distance.front().at)));
    case TokenKind::kTarget:
      if (!call.fair_distance_mm) return QObject::tr("No fair tile known");
      return QObject::tr("%1 from the fair").arg(Mm(*call.fair_distance_mm));
    case TokenKind::kCatch:
      return QObject::tr("Catch: the table calls cases A-D");
  }
  return {};
}

}  // namespace

RefereePanel::RefereePanel(QWidget* parent)
    : QWidget(parent),
      verdict_(new QLabel(tr("No throw refereed yet"))),
      details_(new QLabel),
      followers_(new QTableWidget(0, 4)),
      doubts_(new QListWidget) {
  QFont big = verdict_->font();
  big.setPointSizeF(big.pointSizeF() * 1.6);
  big.setBold(true);
  verdict_->setFont(big);
  verdict_->setWordWrap(true);
  details_->setWordWrap(true);
  followers_->setHorizontalHeaderLabels({tr("Follower"), tr("On"), tr("Distance"), tr("Hit")});
  followers_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  followers_->horizontalHeader()->setStretchLastSection(true);
  followers_->verticalHeader()->hide();
  followers_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(verdict_);
  layout->addWidget(details_);
  layout->addWidget(followers_, 3);
  layout->addWidget(new QLabel(tr("For the table to check:")));
  layout->addWidget(doubts_, 1);
}

void RefereePanel::ShowCall(TokenKind token, const RefereeCall& call) {
  verdict_->setText(Verdict(token, call));
  verdict_->setStyleSheet(call.too_close_to_call ? "color: #c03000" : "");
  QString details = tr("%1 token at (%2, %3) mm, %4")
                        .arg(QString::fromStdString(TokenKindName(token)))
                        .arg(call.token.center_mm[0], 0, 'f', 1)
                        .arg(call.token.center_mm[1], 0, 'f', 1)
                        .arg(call.token.on_board ? tr("on the board") : tr("off the board"));
  if (call.token_from_change) details += tr(", found by what changed");
  if (call.fair_distance_mm) details += tr("; fair %1").arg(Mm(*call.fair_distance_mm));
  details += tr("; measured within %1").arg(Mm(call.uncertainty_mm));
  details_->setText(details);
  followers_->setRowCount(0);
  for (const RefereeFollower& f : call.followers_by_distance) {
    const int row = followers_->rowCount();
    followers_->insertRow(row);
    auto* who = new QTableWidgetItem(QString::fromStdString(f.color + " " + CellText(f.at)));
    who->setData(Qt::DecorationRole, PlayerColour(f.color));
    followers_->setItem(row, 0, who);
    followers_->setItem(row, 1, new QTableWidgetItem(QString::fromStdString(f.on)));
    followers_->setItem(row, 2, new QTableWidgetItem(Mm(f.distance_mm)));
    for (const RefereeFollower& h : call.hit)
      if (h.color == f.color && h.at == f.at && h.on == f.on)
        followers_->setItem(row, 3, new QTableWidgetItem(QString::fromStdString(h.why)));
  }
  doubts_->clear();
  for (const std::string& d : call.doubts) doubts_->addItem(QString::fromStdString(d));
}

void RefereePanel::ShowRefusal(const QString& why) {
  verdict_->setText(tr("No call"));
  verdict_->setStyleSheet("color: #c03000");
  details_->setText(why);
  followers_->setRowCount(0);
  doubts_->clear();
}

QString RefereePanel::verdict() const { return verdict_->text(); }
int RefereePanel::follower_rows() const { return followers_->rowCount(); }
QString RefereePanel::follower(int row) const {
  const QTableWidgetItem* item = followers_->item(row, 0);
  return item ? item->text() : QString();
}

}  // namespace cf::ui
