#include "ui/board_scene.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsPixmapItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>
#include <algorithm>

#include "engine/tile_points.h"
#include "ui/score_model.h"

namespace cf::ui {

namespace {

constexpr double kSureConfidence = 0.7;

QPointF Px(QPointF mm) { return mm * kPixelsPerMm; }

// A meeple's outline about 16 mm tall, centred on its middle, in pixels: head, arms, legs.
QPainterPath MeeplePath() {
  const double s = kPixelsPerMm;
  QPainterPath body;
  body.moveTo(-7.5 * s, 8 * s);
  body.lineTo(-3 * s, 0.5 * s);
  body.lineTo(-7.5 * s, -1.5 * s);
  body.quadTo(-7.5 * s, -4.5 * s, -2 * s, -4 * s);
  body.lineTo(2 * s, -4 * s);
  body.quadTo(7.5 * s, -4.5 * s, 7.5 * s, -1.5 * s);
  body.lineTo(3 * s, 0.5 * s);
  body.lineTo(7.5 * s, 8 * s);
  body.lineTo(1.5 * s, 8 * s);
  body.lineTo(0, 5 * s);
  body.lineTo(-1.5 * s, 8 * s);
  body.closeSubpath();
  QPainterPath head;
  head.addEllipse(QPointF(0, -5.5 * s), 3 * s, 3 * s);
  return body.united(head);
}

QColor TokenColour(const std::string& kind) {
  if (kind == "knockout") return {120, 80, 40};
  if (kind == "seduction") return {220, 110, 170};
  if (kind == "target") return {240, 240, 240};
  return {90, 170, 210};  // catch
}

}  // namespace

BoardScene::BoardScene(const TileArt& art, QObject* parent) : QGraphicsScene(parent), art_(art) {
  setBackgroundBrush(QColor(60, 45, 35));
}

void BoardScene::ShowGame(const GameState& game) {
  clear();
  const Board& board = game.board();
  auto centre = [](Cell c) { return QPointF(kTilePitchMm * c.x, kTilePitchMm * c.y); };
  for (int i = 0; i < board.tile_count(); ++i) {
    const PlacedTile& t = board.tile(i);
    AddTile(t.type, centre(t.at), 90.0 * t.rotation, 1.0);
  }
  for (const Follower& f : game.followers()) {
    const PlacedTile& t = board.tile(f.tile);
    const Vec2 anchor =
        RotatePosition(board.type_of(f.tile).features[f.feature].anchor, t.rotation);
    const QPointF at = centre(t.at) + QPointF(anchor.x - 0.5, anchor.y - 0.5) * kTilePitchMm;
    AddFollower(game.setup().players[f.player].color, at, game.IsLying(f), game.IsBeggar(f));
  }
  for (auto m = game.moves().rbegin(); m != game.moves().rend(); ++m)
    if (m->type == MoveType::kPlace) {
      AddMark(centre(m->placement.at), QColor(250, 220, 60), tr("the last tile placed"));
      break;
    }
  if (game.fair_tile() >= 0)
    AddMark(centre(board.tile(game.fair_tile()).at), QColor(250, 120, 20),
            tr("the fair: its catapult round comes next"));
  setSceneRect(itemsBoundingRect().adjusted(-kTilePixels, -kTilePixels, kTilePixels, kTilePixels));
}

void BoardScene::ShowProposal(const GameState& game, const Move& move) {
  if (move.type != MoveType::kPlace || move.tile < 0) return;
  const TileType& type = game.catalog().type(move.tile);
  const int q = move.placement.rotation;
  const QPointF centre(kTilePitchMm * move.placement.at.x, kTilePitchMm * move.placement.at.y);
  const QString tip = tr("read from the photo, not yet in the record");
  const QColor colour = PlayerColour(game.setup().players[move.player].color);
  auto mark = [&](QGraphicsItem* item, double z) {
    item->setZValue(z);
    item->setToolTip(tip);
    item->setData(kKindKey, static_cast<int>(ItemKind::kProposal));
  };
  auto* tile = addPixmap(art_.Turned(move.tile, q));
  tile->setOffset(-kTilePixels / 2.0, -kTilePixels / 2.0);
  tile->setPos(Px(centre));
  tile->setOpacity(0.75);
  mark(tile, 0.5);
  const double half = kTilePixels / 2.0 - 2;
  auto* outline = addRect(-half, -half, 2 * half, 2 * half, QPen(colour, 5, Qt::DashLine));
  outline->setPos(Px(centre));
  mark(outline, 1.5);
  if (move.follower_point) {
    const int feature = type.occupiable_feature_at(UnrotatePoint(*move.follower_point, q));
    if (feature >= 0) {
      const Vec2 anchor = RotatePosition(type.features[feature].anchor, q);
      const FeatureKind kind = type.features[feature].kind;
      auto* follower = addPath(MeeplePath(), QPen(Qt::black, 1.5, Qt::DashLine), colour);
      follower->setPos(Px(centre + QPointF(anchor.x - 0.5, anchor.y - 0.5) * kTilePitchMm));
      if (kind == FeatureKind::kField || kind == FeatureKind::kHut) follower->setRotation(90);
      follower->setOpacity(0.85);
      mark(follower, 3.5);
    }
  }
  setSceneRect(itemsBoundingRect().adjusted(-kTilePixels, -kTilePixels, kTilePixels, kTilePixels));
}

void BoardScene::ShowReading(const Scene& reading, const TileCatalog& catalog) {
  clear();
  for (const SceneTile& t : reading.tiles)
    AddTile(catalog.find(t.id), {t.center_mm[0], t.center_mm[1]}, t.rotation + t.angle_deg,
            t.confidence);
  for (const SceneFollower& f : reading.followers) {
    AddFollower(f.color, {f.center_mm[0], f.center_mm[1]}, f.pose == "lying", false);
    if (f.confidence >= kSureConfidence) continue;
    const double r = 12 * kPixelsPerMm;
    auto* doubt = addEllipse(-r, -r, 2 * r, 2 * r, QPen(Qt::red, 2, Qt::DashLine));
    doubt->setPos(Px({f.center_mm[0], f.center_mm[1]}));
    doubt->setZValue(4);
    doubt->setToolTip(tr("a follower read with doubt"));
    doubt->setData(kKindKey, static_cast<int>(ItemKind::kMark));
  }
  for (const SceneToken& t : reading.tokens) AddToken(t);
  setSceneRect(itemsBoundingRect().adjusted(-kTilePixels, -kTilePixels, kTilePixels, kTilePixels));
}

void BoardScene::ShowCall(const RefereeCall& call, std::optional<QPointF> fair_mm) {
  AddToken(call.token);
  const QPointF token = Px({call.token.center_mm[0], call.token.center_mm[1]});
  const QColor ink = call.too_close_to_call ? QColor(250, 120, 20) : QColor(255, 255, 255);
  auto measure = [&](QPointF to, double mm, double width, const QString& what) {
    auto* line = addLine(QLineF(token, to), QPen(ink, width, Qt::DashLine));
    line->setZValue(5);
    line->setData(kKindKey, static_cast<int>(ItemKind::kCall));
    auto* label = addSimpleText(QString::number(mm, 'f', 1) + " mm" + what);
    label->setBrush(ink);
    label->setPos((token + to) / 2);
    label->setZValue(6);
    label->setData(kKindKey, static_cast<int>(ItemKind::kCall));
  };
  if (call.token.kind == "target") {
    if (fair_mm && call.fair_distance_mm)
      measure(Px(*fair_mm), *call.fair_distance_mm, 3, tr(" to the fair"));
    return;
  }
  constexpr size_t kNearestShown = 3;
  for (size_t i = 0; i < std::min(kNearestShown, call.followers_by_distance.size()); ++i) {
    const RefereeFollower& f = call.followers_by_distance[i];
    measure(Px({f.center_mm[0], f.center_mm[1]}), f.distance_mm, i == 0 ? 3 : 1.5, "");
  }
  for (const RefereeFollower& f : call.hit) {
    const QPointF at = Px({f.center_mm[0], f.center_mm[1]});
    const double r = 9 * kPixelsPerMm;
    QPainterPath cross;
    cross.moveTo(at + QPointF(-r, -r));
    cross.lineTo(at + QPointF(r, r));
    cross.moveTo(at + QPointF(-r, r));
    cross.lineTo(at + QPointF(r, -r));
    auto* mark = addPath(cross, QPen(QColor(220, 20, 20), 4));
    mark->setZValue(6);
    mark->setToolTip(QString::fromStdString(f.color + " follower hit: " + f.why));
    mark->setData(kKindKey, static_cast<int>(ItemKind::kCall));
  }
}

std::vector<QGraphicsItem*> BoardScene::ItemsOf(ItemKind kind) const {
  std::vector<QGraphicsItem*> out;
  for (QGraphicsItem* item : items(Qt::AscendingOrder))
    if (item->data(kKindKey).toInt() == static_cast<int>(kind)) out.push_back(item);
  return out;
}

void BoardScene::AddTile(int type, QPointF centre_mm, double angle_deg, double confidence) {
  const int quarter = static_cast<int>(std::lround(angle_deg / 90.0)) & 3;
  auto* item = addPixmap(art_.Turned(type, quarter));
  item->setOffset(-kTilePixels / 2.0, -kTilePixels / 2.0);
  item->setPos(Px(centre_mm));
  item->setRotation(angle_deg - 90.0 * std::lround(angle_deg / 90.0));
  item->setTransformationMode(Qt::SmoothTransformation);
  item->setZValue(0);
  item->setData(kKindKey, static_cast<int>(ItemKind::kTile));
  if (confidence < kSureConfidence) {
    auto* doubt = addRect(-kTilePixels / 2.0, -kTilePixels / 2.0, kTilePixels, kTilePixels,
                          QPen(Qt::red, 3, Qt::DashLine));
    doubt->setPos(item->pos());
    doubt->setZValue(1);
    doubt->setToolTip(tr("a tile read with doubt"));
    doubt->setData(kKindKey, static_cast<int>(ItemKind::kMark));
  }
}

void BoardScene::AddFollower(const std::string& color, QPointF centre_mm, bool lying, bool beggar) {
  auto* item = addPath(MeeplePath(), QPen(beggar ? Qt::white : Qt::black, beggar ? 2.5 : 1.5),
                       PlayerColour(color));
  item->setPos(Px(centre_mm));
  if (lying) item->setRotation(90);
  item->setZValue(3);
  item->setToolTip(QString::fromStdString(color + (beggar ? " beggar" : lying ? " farmer" : "")));
  item->setData(kKindKey, static_cast<int>(ItemKind::kFollower));
}

void BoardScene::AddToken(const SceneToken& token) {
  const auto kind = ParseTokenKind(token.kind);
  const TokenShape shape = TokenShapeOf(kind.value_or(TokenKind::kTarget));
  const QPen pen(token.on_board ? Qt::black : Qt::darkRed,
                 token.confidence < kSureConfidence ? 1 : 2,
                 token.confidence < kSureConfidence ? Qt::DashLine : Qt::SolidLine);
  auto* item = addEllipse(-shape.length * kPixelsPerMm / 2, -shape.width * kPixelsPerMm / 2,
                          shape.length * kPixelsPerMm, shape.width * kPixelsPerMm, pen,
                          TokenColour(token.kind));
  item->setPos(Px({token.center_mm[0], token.center_mm[1]}));
  item->setRotation(token.angle_deg);
  item->setZValue(2);
  item->setToolTip(QString::fromStdString(token.kind + (token.on_board ? "" : ", off the board")));
  item->setData(kKindKey, static_cast<int>(ItemKind::kToken));
}

void BoardScene::AddMark(QPointF centre_mm, const QColor& colour, const QString& tip) {
  const double half = kTilePixels / 2.0 - 2;
  auto* mark = addRect(-half, -half, 2 * half, 2 * half, QPen(colour, 4));
  mark->setPos(Px(centre_mm));
  mark->setZValue(1);
  mark->setToolTip(tip);
  mark->setData(kKindKey, static_cast<int>(ItemKind::kMark));
}

}  // namespace cf::ui
