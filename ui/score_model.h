#pragma once
// The scores table: one row per player, in turn order.

#include <QAbstractTableModel>
#include <QColor>

#include "ui/game_session.h"

namespace cf::ui {

// Each player's colour, score and followers left at the position shown.
class ScoreModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { kPlayer, kScore, kFollowers, kColumnCount };

  explicit ScoreModel(const GameSession& session, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  const GameSession& session_;
};

// The screen's colour for a player colour of the game record.
QColor PlayerColour(const std::string& color);

}  // namespace cf::ui
