#pragma once
// The shared screen: the board, the scores, the record, the turn read from a photo and the
// referee's call.

#include <QMainWindow>
#include <optional>

#include "calibration/calibration_file.h"
#include "ui/board_scene.h"
#include "ui/catapult_round_panel.h"
#include "ui/game_session.h"
#include "ui/move_list_model.h"
#include "ui/referee_panel.h"
#include "ui/score_model.h"
#include "ui/turn_panel.h"
#include "vision/camera_source.h"
#include "vision/photo_reading.h"

class QDockWidget;
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
  CatapultRoundPanel& round_panel() { return *round_panel_; }
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
  // The camera over the table (CameraSource's spec), and the turn its next frame shows.
  Status OpenCamera(const QString& spec);
  Status ReadTurnFromCamera();
  // Shows what the reader sees on a photo instead of the game.
  Status ShowPhoto(const QString& photo);
  // Referees one throw; the fair tile is the one whose round is due at the position shown.
  Status RefereeThrow(const QString& before, const QString& after, TokenKind token,
                      const std::string& thrower);
  // Referees throw `index` of the round being recorded and sets its outcome from the call.
  Status RefereeRoundThrow(int index, const QString& before, const QString& after);
  // With the camera: the table before a throw is kept; after it, the throw is refereed from the
  // camera's next frame, which is kept as the next throw's before.
  Status SnapBeforeThrow();
  Status RefereeRoundThrowFromCamera(int index);
  // Adds the round, every throw set, to the record.
  Status RecordRound();
  // Adds a move to the record and saves it (AutoSave); refused moves change nothing.
  Status AddToRecord(const Move& move);
  // The end-of-game scoring, added and saved as AddToRecord does.
  Status FinishGame();
  // Saves the record where it was opened from or last saved, or, for a new game, to a new file
  // in `autosave_dir` (by default the app's data folder): no turn is lost to a closed window.
  Status AutoSave();
  void set_autosave_dir(const QString& dir) { autosave_dir_ = dir; }
  // Back from a photo's reading to the game.
  void ShowGame();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void BuildMenus();
  void FitBoard();
  void Refresh();
  // The game at the position shown, with the turn proposed over it when the last one is shown.
  void DrawBoard();
  void Report(const Status& status);
  // With `in_play`, the art of the tiles the game draws from only.
  AnalyzeInput ReaderInput(bool in_play) const;
  // For photos of the game's table (turns, throws): the tiles in play, and boards of
  // kTurnBoardTiles read (the readings are checked against the game's board).
  AnalyzeInput GameReaderInput() const;
  // The camera's next frame read as a photo of the game's table, named "camera SPEC" + `when`.
  Result<ReadPhoto> ReadCameraFrame(const std::string& when);
  // Proposes the turn a photo's reading shows.
  Status ProposeTurn(Result<ReadPhoto> read);
  // Calls a throw, showing the call (or why there is none) in the panel and over the board.
  Result<RefereeCall> CallThrow(const ReadPhoto& before, const ReadPhoto& after,
                                const RefereeRequest& request);
  Result<std::pair<ReadPhoto, ReadPhoto>> ReadThrowPhotos(const QString& before,
                                                          const QString& after) const;
  // Sets throw `index` of the round from the call on two read photos.
  Status SetThrowFromPhotos(int index, const ReadPhoto& before, const ReadPhoto& after);

  std::vector<TileReference> tileset_;
  std::vector<TileReference> in_play_;  // tileset_'s tiles that the game draws from
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
  CatapultRoundPanel* round_panel_;
  QDockWidget* round_dock_ = nullptr;
  QDockWidget* referee_dock_ = nullptr;
  int round_for_version_ = -1;  // the record's version the panels were set up for
  bool showing_reading_ = false;
  QString autosave_dir_;
  std::optional<CameraSource> camera_;
  std::optional<ReadPhoto> before_throw_;  // the camera's picture before the next throw
};

}  // namespace cf::ui
