#pragma once
// The referee's call on one throw, as the table reads it on the shared screen.

#include <QWidget>

#include "vision/referee.h"

class QLabel;
class QListWidget;
class QTableWidget;

namespace cf::ui {

// The verdict (or "the table decides"), the token, the followers by distance with the hits, and
// every doubt.
class RefereePanel : public QWidget {
  Q_OBJECT

 public:
  explicit RefereePanel(QWidget* parent = nullptr);

  void ShowCall(TokenKind token, const RefereeCall& call);
  void ShowRefusal(const QString& why);
  QString verdict() const;
  int follower_rows() const;
  QString follower(int row) const;  // "blue [1,0]"

 private:
  QLabel* verdict_;
  QLabel* details_;
  QTableWidget* followers_;
  QListWidget* doubts_;
};

}  // namespace cf::ui
