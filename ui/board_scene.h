#pragma once
// The table drawn to scale: the game's board at the position shown, or a photo's reading.

#include <QGraphicsScene>
#include <optional>
#include <vector>

#include "engine/game_state.h"
#include "ui/tile_art.h"
#include "vision/referee.h"
#include "vision/scene.h"

namespace cf::ui {

// What a scene item stands for; items carry it as data (kKindKey) so views and tests can tell.
enum class ItemKind { kTile, kFollower, kToken, kMark, kCall, kProposal };
inline constexpr int kKindKey = 0;

// One item per tile, follower and token, placed in table millimetres times kPixelsPerMm.
class BoardScene : public QGraphicsScene {
  Q_OBJECT

 public:
  BoardScene(const TileArt& art, QObject* parent = nullptr);

  // Mirrors a game: tiles as placed, followers on their features, the last tile and a fair tile
  // waiting for its catapult round marked.
  void ShowGame(const GameState& game);
  // Adds a place move not yet in the record over the game shown (ShowGame): its tile, half seen
  // through and outlined in the player's colour, and its follower, if any.
  void ShowProposal(const GameState& game, const Move& move);
  // Mirrors a reading of a photo; items read with little confidence are outlined.
  void ShowReading(const Scene& reading, const TileCatalog& catalog);

  // Adds a referee's call, in this scene's frame, over what is shown: the token and, for a
  // target, a line to the fair tile's centre (`fair_mm`) with the distance; else a line to each
  // of the nearest followers with its distance, and a cross on each follower hit.
  void ShowCall(const RefereeCall& call, std::optional<QPointF> fair_mm);

  std::vector<QGraphicsItem*> ItemsOf(ItemKind kind) const;

 private:
  void AddTile(int type, QPointF centre_mm, double angle_deg, double confidence);
  void AddFollower(const std::string& color, QPointF centre_mm, bool lying, bool beggar);
  void AddToken(const SceneToken& token);
  void AddMark(QPointF centre_mm, const QColor& colour, const QString& tip);

  const TileArt& art_;
};

}  // namespace cf::ui
