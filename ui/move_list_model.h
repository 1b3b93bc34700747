#pragma once
// The game record as a list: the start, then one row per move with the points it scored.

#include <QAbstractListModel>

#include "ui/game_session.h"

namespace cf::ui {

// Row 0 is the start; row n the record's move n. The row of the position shown is marked.
class MoveListModel : public QAbstractListModel {
  Q_OBJECT

 public:
  explicit MoveListModel(const GameSession& session, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

 private:
  const GameSession& session_;
};

}  // namespace cf::ui
