#include "ui/move_list_model.h"

#include <QColor>
#include <QFont>

#include "ui/move_text.h"
#include "ui/score_model.h"

namespace cf::ui {

MoveListModel::MoveListModel(const GameSession& session, QObject* parent)
    : QAbstractListModel(parent), session_(session) {
  connect(&session, &GameSession::changed, this, [this] {
    beginResetModel();
    endResetModel();
  });
}

int MoveListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : session_.move_count() + 1;
}

QVariant MoveListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const GameState& game = session_.game();
  const int row = index.row();
  if (role == Qt::DisplayRole) {
    if (row == 0) {
      const PlacedTile& start = game.board().tile(0);
      return tr("start: %1 at %2")
          .arg(QString::fromStdString(game.catalog().type(start.type).id),
               QString::fromStdString(CellText(start.at)));
    }
    QString text = QString("%1. %2").arg(row).arg(
        QString::fromStdString(MoveText(game, game.moves()[row - 1])));
    const std::string points = PointsText(game, row);
    if (!points.empty()) text += QString::fromUtf8("  \u2192 ") + QString::fromStdString(points);
    return text;
  }
  if (role == Qt::FontRole && row == session_.position()) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role == Qt::DecorationRole && row > 0) {
    const Move& m = game.moves()[row - 1];
    const PlayerId p = m.type == MoveType::kCatapult ? m.catapult.thrower : m.player;
    if (m.type != MoveType::kFinish && p >= 0) return PlayerColour(game.setup().players[p].color);
  }
  if (role == Qt::ForegroundRole && row > session_.position()) return QColor(Qt::gray);
  return {};
}

}  // namespace cf::ui
