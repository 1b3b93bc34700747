#include "ui/score_model.h"

#include <QColor>
#include <QFont>

namespace cf::ui {

QColor PlayerColour(const std::string& color) {
  if (color == "red") return {200, 30, 30};
  if (color == "blue") return {30, 70, 200};
  if (color == "green") return {30, 150, 50};
  if (color == "yellow") return {235, 200, 20};
  if (color == "black") return {25, 25, 25};
  if (color == "gray") return {140, 140, 140};
  return Qt::white;
}

ScoreModel::ScoreModel(const GameSession& session, QObject* parent)
    : QAbstractTableModel(parent), session_(session) {
  connect(&session, &GameSession::changed, this, [this] {
    beginResetModel();
    endResetModel();
  });
}

int ScoreModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : session_.shown().player_count();
}

int ScoreModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : kColumnCount;
}

QVariant ScoreModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const GameState& game = session_.shown();
  const int p = index.row();
  const PlayerInfo& player = game.setup().players[p];
  const bool to_play = game.phase() == Phase::kPlaceTile && game.current_player() == p;
  if (role == Qt::DisplayRole) {
    switch (index.column()) {
      case kPlayer:
        return QString::fromStdString(
            player.name.empty() ? player.color : player.name + " (" + player.color + ")");
      case kScore:
        return game.scores()[p];
      case kFollowers:
        return game.supply(p);
    }
  }
  if (role == Qt::DecorationRole && index.column() == kPlayer) return PlayerColour(player.color);
  if (role == Qt::FontRole && to_play) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::TextAlignmentRole && index.column() != kPlayer)
    return int(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && to_play) return tr("to play");
  return {};
}

QVariant ScoreModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case kPlayer:
      return tr("Player");
    case kScore:
      return tr("Score");
    case kFollowers:
      return tr("Followers left");
  }
  return {};
}

}  // namespace cf::ui
