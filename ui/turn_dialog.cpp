#include "ui/turn_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>

#include "engine/tile_points.h"

namespace cf::ui {

namespace {

QString PlacementText(Placement p) {
  return QString::fromStdString(CellText(p.at)) + QObject::tr(" turned %1").arg(90 * p.rotation);
}

}  // namespace

TurnDialog::TurnDialog(const GameState& game, const Move* proposed, QWidget* parent)
    : QDialog(parent),
      game_(game),
      tile_(new QComboBox),
      placement_(new QComboBox),
      follower_(new QComboBox),
      beggar_(new QComboBox),
      note_(new QLabel) {
  const std::string& colour = game.setup().players[game.current_player()].color;
  setWindowTitle(tr("%1's turn").arg(QString::fromStdString(colour)));
  for (int type = 0; type < game.catalog().size(); ++type)
    if (game.deck()[type] > 0)
      tile_->addItem(QString::fromStdString(game.catalog().type(type).id) +
                         tr(" (%1 left)").arg(game.deck()[type]),
                     type);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Tile drawn"), tile_);
  form->addRow(tr("Where"), placement_);
  form->addRow(tr("Follower"), follower_);
  if (game.setup().has("beggars")) form->addRow(tr("Beggar"), beggar_);
  form->addRow(note_);
  form->addRow(buttons);
  connect(tile_, &QComboBox::currentIndexChanged, this, &TurnDialog::FillPlacements);
  connect(placement_, &QComboBox::currentIndexChanged, this, &TurnDialog::FillFollowers);
  connect(follower_, &QComboBox::currentIndexChanged, this, &TurnDialog::FillBeggarActions);
  FillPlacements();
  if (proposed && proposed->type == MoveType::kPlace) {
    tile_->setCurrentIndex(tile_->findData(proposed->tile));
    placement_->setCurrentIndex(placement_->findText(PlacementText(proposed->placement)));
    if (proposed->follower_point)
      follower_->setCurrentIndex(follower_->findData(*proposed->follower_point));
  }
  FillBeggarActions();
}

void TurnDialog::FillPlacements() {
  placement_->clear();
  const int type = tile_->currentData().toInt();
  if (tile_->currentIndex() < 0) return;
  for (const Placement& p : game_.LegalPlacements(type))
    placement_->addItem(PlacementText(p), QVariantList{p.at.x, p.at.y, p.rotation});
  note_->setText(placement_->count() ? QString()
                                     : tr("It fits nowhere: it is discarded and drawn again."));
  FillFollowers();
}

void TurnDialog::FillFollowers() {
  follower_->clear();
  follower_->addItem(tr("none"), -1);
  if (placement_->currentIndex() < 0) return;
  const Move m = move();
  const TileType& t = game_.catalog().type(m.tile);
  for (int point : game_.LegalFollowerPoints(m.tile, m.placement)) {
    const int feature = t.occupiable_feature_at(UnrotatePoint(point, m.placement.rotation));
    follower_->addItem(
        QString::fromStdString(std::string(PointName(point)) + " (" +
                               std::string(FeatureKindName(t.features[feature].kind)) + ")"),
        point);
  }
}

Move TurnDialog::move() const {
  Move m;
  m.player = game_.current_player();
  m.tile = tile_->currentData().toInt();
  if (placement_->currentIndex() < 0) {
    m.type = MoveType::kDiscard;
    return m;
  }
  const QVariantList p = placement_->currentData().toList();
  m.type = MoveType::kPlace;
  m.placement = {{p[0].toInt(), p[1].toInt()}, p[2].toInt()};
  if (const int point = follower_->currentData().toInt();
      follower_->currentIndex() >= 0 && point >= 0)
    m.follower_point = point;
  if (const QVariantList b = beggar_->currentData().toList(); b.size() == 3)
    m.beggar =
        BeggarAction{static_cast<BeggarActionKind>(b[0].toInt()), {b[1].toInt(), b[2].toInt()}};
  return m;
}

void TurnDialog::FillBeggarActions() {
  beggar_->clear();
  beggar_->addItem(tr("none"));
  if (!game_.setup().has("beggars") || placement_->currentIndex() < 0) return;
  const Move plain = move();
  const char* names[] = {"replace", "evict", "take back"};
  for (const Follower& f : game_.followers()) {
    if (!game_.IsBeggar(f)) continue;
    const Cell hut = game_.board().tile(f.tile).at;
    for (BeggarActionKind kind :
         {BeggarActionKind::kReplace, BeggarActionKind::kEvict, BeggarActionKind::kTakeBack}) {
      Move with = plain;
      with.beggar = BeggarAction{kind, hut};
      GameState trial = game_;
      if (!trial.Apply(with)) continue;
      beggar_->addItem(QString::fromStdString(std::string(names[static_cast<int>(kind)]) + " the " +
                                              game_.setup().players[f.player].color +
                                              " beggar at " + CellText(hut)),
                       QVariantList{static_cast<int>(kind), hut.x, hut.y});
    }
  }
}

bool TurnDialog::ChooseBeggarAction(const QString& text) {
  const int index = beggar_->findText(text, Qt::MatchStartsWith);
  if (index < 0) return false;
  beggar_->setCurrentIndex(index);
  return true;
}

bool TurnDialog::ChooseTile(const QString& id) {
  const int type = game_.catalog().find(id.toStdString());
  const int index = tile_->findData(type);
  if (index < 0) return false;
  tile_->setCurrentIndex(index);
  return true;
}

bool TurnDialog::ChoosePlacement(const QString& text) {
  const int index = placement_->findText(text);
  if (index < 0) return false;
  placement_->setCurrentIndex(index);
  return true;
}

bool TurnDialog::ChooseFollower(const QString& text) {
  const int index = follower_->findText(text, Qt::MatchStartsWith);
  if (index < 0) return false;
  follower_->setCurrentIndex(index);
  return true;
}

}  // namespace cf::ui
