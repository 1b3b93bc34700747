#pragma once
// A turn read from a photo, waiting for the table to accept it into the record.

#include <QWidget>
#include <optional>

#include "engine/moves.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace cf::ui {

// Shows the move read and its doubts; Accept hands the move on, Reject drops it.
class TurnPanel : public QWidget {
  Q_OBJECT

 public:
  explicit TurnPanel(QWidget* parent = nullptr);

  void Propose(const Move& move, const QString& text, const std::vector<std::string>& doubts);
  void ShowRefusal(const QString& why);
  void Clear();
  const std::optional<Move>& proposed() const { return proposed_; }
  QString text() const;

 signals:
  void accepted(const cf::Move& move);
  // The table corrects the turn read before it goes into the record.
  void correctionRequested(const cf::Move& move);
  // A turn was proposed, or the proposal dropped.
  void proposalChanged();

 private:
  QLabel* text_;
  QListWidget* doubts_;
  QPushButton* accept_;
  QPushButton* correct_;
  QPushButton* reject_;
  std::optional<Move> proposed_;
};

}  // namespace cf::ui
