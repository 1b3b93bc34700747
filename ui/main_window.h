#pragma once
// The shared screen: the board, the scores, the record, the turn read from a photo and the
// referee's call.

#include <QMainWindow>
#include <optional>

#include "calibration/calibration_file.h"
#include "ui/board_scene.h"
#include "ui/game_session.h"
#include "ui/move_list_model.h"
#include "ui/referee_panel.h"
#include "ui/score_model.h"
#include "ui/turn_panel.h"
#include "vision/photo_reading.h"

class QGraphicsView;
class QListView;
class QTableView;

namespace cf::ui {

// The app's window. Each menu action calls one of the public operations below, which return why
// they were refused (shown in one line); a refused operation leaves the record as it was.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  MainWindow(const TileCatalog& catalog, std::vector<TileReference> tileset,
             std::optional<Calibration> calibration, QWidget* parent = nullptr);

  GameSession& session() { return session_; }
  const BoardScene& board() const { return *board_; }
  const RefereePanel& referee_panel() const { return *referee_panel_; }
  TurnPanel& turn_panel() { return *turn_panel_; }
  bool showing_reading() const { return showing_reading_; }

  Status OpenGame(const QString& path);
  Status SaveGame(const QString& path);
  Status LoadCalibrationFile(const QString& path);
  // Without a printed target: the table plane and camera from the tiles on a photo.
  Status CalibrateFromPhoto(const QString& photo);
  Status SaveCalibrationFile(const QString& path);
  bool calibrated() const { return calibration_.has_value(); }
  // Reads a photo taken after a turn and proposes the turn it shows.
  Status ReadTurn(const QString& photo);
  // Shows what the reader sees on a photo instead of the game.
  Status ShowPhoto(const QString& photo);
  // Referees one throw; the fair tile is the one whose round is due at the position shown.
  Status RefereeThrow(const QString& before, const QString& after, TokenKind token,
                      const std::string& thrower);
  // Back from a photo's reading to the game.
  void ShowGame();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void BuildMenus();
  void FitBoard();
  void Refresh();
  void Report(const Status& status);
  AnalyzeInput ReaderInput() const;

  std::vector<TileReference> tileset_;
  TileArt art_;
  std::optional<Calibration> calibration_;
  GameSession session_;
  ScoreModel scores_;
  MoveListModel moves_;
  BoardScene* board_;
  QGraphicsView* view_;
  QTableView* score_view_;
  QListView* move_view_;
  RefereePanel* referee_panel_;
  TurnPanel* turn_panel_;
  bool showing_reading_ = false;
};

}  // namespace cf::ui
