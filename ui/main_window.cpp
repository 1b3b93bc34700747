#include "ui/main_window.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QGraphicsView>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeySequence>
#include <QLineEdit>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>

#include "ui/move_text.h"
#include "ui/new_game_dialog.h"
#include "ui/referee_dialog.h"
#include "ui/turn_dialog.h"
#include "vision/image_file.h"
#include "vision/throw_from_call.h"
#include "vision/tile_calibration.h"
#include "vision/turn_from_reading.h"

namespace cf::ui {

namespace {

QDockWidget* Dock(const QString& title, QWidget* widget, QMainWindow* window,
                  Qt::DockWidgetArea area) {
  auto* dock = new QDockWidget(title, window);
  dock->setObjectName(title);
  dock->setWidget(widget);
  window->addDockWidget(area, dock);
  return dock;
}

std::string Path(const QString& path) { return path.toStdString(); }

}  // namespace

MainWindow::MainWindow(const TileCatalog& catalog, std::vector<TileReference> tileset,
                       std::optional<Calibration> calibration, QWidget* parent)
    : QMainWindow(parent),
      tileset_(std::move(tileset)),
      art_(tileset_),
      calibration_(std::move(calibration)),
      session_(catalog),
      scores_(session_),
      moves_(session_),
      board_(new BoardScene(art_, this)),
      view_(new QGraphicsView(board_)),
      score_view_(new QTableView),
      move_view_(new QListView),
      referee_panel_(new RefereePanel),
      turn_panel_(new TurnPanel),
      round_panel_(new CatapultRoundPanel) {
  setWindowTitle(tr("catapult-fair"));
  view_->setRenderHint(QPainter::Antialiasing);
  view_->setRenderHint(QPainter::SmoothPixmapTransform);
  view_->setDragMode(QGraphicsView::ScrollHandDrag);
  setCentralWidget(view_);

  score_view_->setModel(&scores_);
  score_view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  score_view_->horizontalHeader()->setStretchLastSection(true);
  score_view_->verticalHeader()->hide();
  score_view_->setSelectionMode(QAbstractItemView::NoSelection);
  QFont big = score_view_->font();
  big.setPointSizeF(big.pointSizeF() * 1.4);
  score_view_->setFont(big);
  move_view_->setModel(&moves_);
  move_view_->setWordWrap(true);
  move_view_->setAlternatingRowColors(true);
  Dock(tr("Scores"), score_view_, this, Qt::RightDockWidgetArea);
  Dock(tr("Game record"), move_view_, this, Qt::RightDockWidgetArea);
  Dock(tr("Turn from photo"), turn_panel_, this, Qt::LeftDockWidgetArea);
  referee_dock_ = Dock(tr("Referee"), referee_panel_, this, Qt::LeftDockWidgetArea);
  round_dock_ = Dock(tr("Catapult round"), round_panel_, this, Qt::LeftDockWidgetArea);
  tabifyDockWidget(referee_dock_, round_dock_);
  referee_dock_->raise();

  connect(&session_, &GameSession::changed, this, &MainWindow::Refresh);
  connect(move_view_, &QListView::clicked, this,
          [this](const QModelIndex& index) { session_.GoTo(index.row()); });
  connect(turn_panel_, &TurnPanel::proposalChanged, this, &MainWindow::DrawBoard);
  connect(turn_panel_, &TurnPanel::accepted, this,
          [this](const Move& move) { Report(AddToRecord(move)); });
  connect(turn_panel_, &TurnPanel::correctionRequested, this, [this](const Move& move) {
    TurnDialog dialog(session_.game(), &move, this);
    if (dialog.exec() != QDialog::Accepted) return;
    const Status added = AddToRecord(dialog.move());
    if (added) turn_panel_->Clear();
    Report(added);
  });
  connect(round_panel_, &CatapultRoundPanel::recordRequested, this,
          [this] { Report(RecordRound()); });
  connect(round_panel_, &CatapultRoundPanel::snapRequested, this,
          [this] { Report(SnapBeforeThrow()); });
  connect(round_panel_, &CatapultRoundPanel::cameraRefereeRequested, this,
          [this](int index) { Report(RefereeRoundThrowFromCamera(index)); });
  connect(round_panel_, &CatapultRoundPanel::refereeRequested, this, [this](int index) {
    RefereeDialog dialog(session_.game().setup(), this);
    dialog.Fix(round_panel_->token(),
               session_.game().setup().players[round_panel_->player(index)].color);
    if (dialog.exec() == QDialog::Accepted)
      Report(RefereeRoundThrow(index, dialog.before(), dialog.after()));
  });
  BuildMenus();
  resize(1400, 900);
  Refresh();
}

Status MainWindow::OpenGame(const QString& path) {
  if (auto s = session_.Load(Path(path)); !s) return s;
  FitBoard();
  return Status::Ok();
}

Status MainWindow::SaveGame(const QString& path) { return session_.Save(Path(path)); }

Status MainWindow::LoadCalibrationFile(const QString& path) {
  auto calibration = LoadCalibration(Path(path));
  if (!calibration) return calibration.error();
  calibration_ = std::move(calibration).value();
  return Status::Ok();
}

Status MainWindow::CalibrateFromPhoto(const QString& photo) {
  auto image = ReadImageFile(Path(photo), "the image");
  if (!image) return image.error();
  auto tiles = CalibrateFromTiles(*image, ReaderInput(true));
  if (!tiles) return Fail(Path(photo) + ": " + tiles.error().message);
  calibration_ = tiles->calibration;
  statusBar()->showMessage(tr("Calibrated from %1 tiles, within %2 mm of the 45 mm grid")
                               .arg(tiles->tiles)
                               .arg(tiles->rms_mm, 0, 'f', 2));
  return Status::Ok();
}

Status MainWindow::SaveCalibrationFile(const QString& path) {
  if (!calibration_) return Fail("no calibration to save: load one or calibrate from a photo");
  return SaveCalibration(*calibration_, Path(path));
}

AnalyzeInput MainWindow::ReaderInput(bool in_play) const {
  return {&session_.catalog(), in_play ? &in_play_ : &tileset_,
          calibration_ ? &*calibration_ : nullptr, ""};
}

AnalyzeInput MainWindow::GameReaderInput() const {
  AnalyzeInput input = ReaderInput(true);
  input.min_joined_tiles = kTurnBoardTiles;
  return input;
}

Status MainWindow::ReadTurn(const QString& photo) {
  if (!session_.at_end()) session_.GoTo(session_.move_count());
  return ProposeTurn(ReadPhotoFile(Path(photo), GameReaderInput()));
}

Status MainWindow::OpenCamera(const QString& spec) {
  auto camera = CameraSource::Open(Path(spec));
  if (!camera) return camera.error();
  camera_ = std::move(camera).value();
  statusBar()->showMessage(tr("camera %1 open: Table > Read turn from camera (Space)").arg(spec));
  return Status::Ok();
}

Result<ReadPhoto> MainWindow::ReadCameraFrame(const std::string& when) {
  if (!camera_) return Fail("no camera is open: Table > Open camera");
  auto frame = camera_->Grab();
  if (!frame) return frame.error();
  return ReadPhotoImage(*frame, "camera " + camera_->spec() + when, GameReaderInput());
}

Status MainWindow::ReadTurnFromCamera() {
  if (camera_ && !session_.at_end()) session_.GoTo(session_.move_count());
  return ProposeTurn(ReadCameraFrame(""));
}

Status MainWindow::ProposeTurn(Result<ReadPhoto> read) {
  if (!read) return read.error();
  auto turn = TurnFromReading(session_.game(), read->scene);
  if (!turn) {
    turn_panel_->ShowRefusal(QString::fromStdString(turn.error().message));
    return Fail(read->scene.image + ": " + turn.error().message);
  }
  showing_reading_ = false;  // the proposal is drawn over the game
  turn_panel_->Propose(turn->move, QString::fromStdString(MoveText(session_.game(), turn->move)),
                       turn->doubts);
  return Status::Ok();
}

Status MainWindow::ShowPhoto(const QString& photo) {
  auto read = ReadPhotoFile(Path(photo), ReaderInput(false));
  if (!read) return read.error();
  showing_reading_ = true;
  // In the game's frame when the photo shows the game's board, as the photo has it otherwise.
  Scene seen = read->scene;
  if (auto match = MatchFrames(BoardAsScene(session_.shown()), seen))
    seen = MoveToFrame(seen, *match);
  board_->ShowReading(seen, session_.catalog());
  FitBoard();
  statusBar()->showMessage(tr("%1: %2 tiles, %3 followers, %4 tokens read (View > Show the game)")
                               .arg(photo)
                               .arg(read->scene.tiles.size())
                               .arg(read->scene.followers.size())
                               .arg(read->scene.tokens.size()));
  return Status::Ok();
}

Result<RefereeCall> MainWindow::CallThrow(const ReadPhoto& before, const ReadPhoto& after,
                                          const RefereeRequest& request) {
  // A photo of the game's board is checked against it: then two tiles the two readings agree on
  // place a small board, as for a turn.
  const GameState& game = session_.shown();
  auto match = MatchFrames(BoardAsScene(game), before.scene, kTurnAgreeingTiles);
  RefereeRequest asked = request;
  if (match) asked.least_agreeing_tiles = kTurnAgreeingTiles;
  auto call = RefereePhotos(before, after, asked, calibration_ ? &*calibration_ : nullptr);
  if (!call) {
    referee_panel_->ShowRefusal(QString::fromStdString(call.error().message));
    return call.error();
  }
  // In the game's frame, and over its board, when the photo shows the game.
  referee_panel_->ShowCall(request.token, match ? MoveToFrame(*call, *match) : *call);
  if (match && !showing_reading_) {
    std::optional<QPointF> fair;
    if (game.fair_tile() >= 0) {
      const Cell at = game.board().tile(game.fair_tile()).at;
      fair = QPointF(kTilePitchMm * at.x, kTilePitchMm * at.y);
    }
    board_->ShowGame(game);
    board_->ShowCall(MoveToFrame(*call, *match), fair);
  }
  referee_dock_->raise();
  return call;
}

Result<std::pair<ReadPhoto, ReadPhoto>> MainWindow::ReadThrowPhotos(const QString& before,
                                                                    const QString& after) const {
  const AnalyzeInput input = GameReaderInput();
  auto read_before = ReadPhotoFile(Path(before), input, "before");
  if (!read_before) return read_before.error();
  auto read_after = ReadPhotoFile(Path(after), input, "after");
  if (!read_after) return read_after.error();
  return std::make_pair(std::move(read_before).value(), std::move(read_after).value());
}

Status MainWindow::RefereeThrow(const QString& before, const QString& after, TokenKind token,
                                const std::string& thrower) {
  auto photos = ReadThrowPhotos(before, after);
  if (!photos) return photos.error();
  RefereeRequest request;
  request.token = token;
  request.thrower = thrower;
  const GameState& game = session_.shown();
  if (game.fair_tile() >= 0) request.fair_id = game.board().type_of(game.fair_tile()).id;
  auto call = CallThrow(photos->first, photos->second, request);
  return call ? Status::Ok() : Status(call.error());
}

Status MainWindow::RefereeRoundThrow(int index, const QString& before, const QString& after) {
  auto photos = ReadThrowPhotos(before, after);
  if (!photos) return photos.error();
  return SetThrowFromPhotos(index, photos->first, photos->second);
}

Status MainWindow::SnapBeforeThrow() {
  auto read = ReadCameraFrame(" before the throw");
  if (!read) return read.error();
  before_throw_ = std::move(read).value();
  statusBar()->showMessage(tr("the table before the throw is kept: throw, then referee it"));
  return Status::Ok();
}

Status MainWindow::RefereeRoundThrowFromCamera(int index) {
  if (camera_ && !before_throw_)
    return Fail("no picture of the table before the throw: snap it first");
  auto after = ReadCameraFrame(" after the throw");
  if (!after) return after.error();
  if (auto s = SetThrowFromPhotos(index, *before_throw_, *after); !s) return s;
  // Tokens stay on the table until the round ends: this picture is the next throw's before.
  before_throw_ = std::move(after).value();
  return Status::Ok();
}

Status MainWindow::SetThrowFromPhotos(int index, const ReadPhoto& before, const ReadPhoto& after) {
  if (!round_panel_->active()) return Fail("no catapult round is due");
  auto during = round_panel_->GameAtThrow(index);
  if (!during) return during.error();
  const GameState& game = session_.game();
  const PlayerId player = round_panel_->player(index);
  RefereeRequest request;
  request.token = round_panel_->token();
  request.thrower = game.setup().players[player].color;
  request.fair_id = game.board().type_of(game.fair_tile()).id;
  auto call = CallThrow(before, after, request);
  if (!call) return call.error();
  auto outcome = ThrowFromCall(*during, before.scene, *call, request.token, player);
  if (!outcome) return outcome.error();
  round_panel_->SetOutcome(index, outcome->outcome, outcome->doubts);
  return Status::Ok();
}

Status MainWindow::AddToRecord(const Move& move) {
  if (auto s = session_.AddMove(move); !s) return s;
  return AutoSave();
}

Status MainWindow::FinishGame() {
  if (auto s = session_.Finish(); !s) return s;
  return AutoSave();
}

Status MainWindow::AutoSave() {
  std::string path = session_.path();
  if (path.empty()) {
    const QString dir = autosave_dir_.isEmpty()
                            ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                            : autosave_dir_;
    if (!QDir().mkpath(dir)) return Fail("cannot make " + Path(dir) + " to keep the game in");
    path =
        Path(dir + "/game-" + QDateTime::currentDateTime().toString("yyyyMMdd-hhmmss") + ".json");
  }
  if (auto s = session_.Save(path); !s) return Fail(s.error().message + ": the game is unsaved");
  statusBar()->showMessage(tr("saved to %1").arg(QString::fromStdString(path)), 4000);
  setWindowTitle(tr("catapult-fair - %1").arg(QString::fromStdString(path)));
  return Status::Ok();
}

Status MainWindow::RecordRound() {
  auto round = round_panel_->RoundMove();
  if (!round) return round.error();
  return AddToRecord(*round);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  FitBoard();
}

void MainWindow::FitBoard() {
  // No closer than a tile to 1.5 tiles of screen: a board of three tiles does not fill it.
  view_->fitInView(board_->sceneRect(), Qt::KeepAspectRatio);
  if (view_->transform().m11() > 1.5) view_->setTransform(QTransform::fromScale(1.5, 1.5));
}

void MainWindow::ShowGame() {
  showing_reading_ = false;
  Refresh();
}

void MainWindow::DrawBoard() {
  if (showing_reading_) return;
  board_->ShowGame(session_.shown());
  if (turn_panel_->proposed() && session_.at_end())
    board_->ShowProposal(session_.game(), *turn_panel_->proposed());
}

void MainWindow::Refresh() {
  const GameState& game = session_.shown();
  if (round_for_version_ != session_.version()) {
    // What was read for the record as it was (a turn, the table before a throw) is dropped.
    round_panel_->Reset(session_.game());
    turn_panel_->Clear();
    before_throw_.reset();
    round_for_version_ = session_.version();
    in_play_ = TilesInPlay(tileset_, session_.game());
    if (round_panel_->active()) round_dock_->raise();
  }
  DrawBoard();
  move_view_->setCurrentIndex(moves_.index(session_.position()));
  QString where = tr("move %1 of %2").arg(session_.position()).arg(session_.move_count());
  switch (game.phase()) {
    case Phase::kPlaceTile:
      where += tr(", %1 to play, %2 tiles left")
                   .arg(QString::fromStdString(game.setup().players[game.current_player()].color))
                   .arg(game.deck_size());
      break;
    case Phase::kCatapultRound:
      where += tr(", the catapult round is due");
      break;
    case Phase::kGameOver:
      where += tr(", final scores");
      break;
  }
  const QString file = QString::fromStdString(session_.path());
  setWindowTitle(file.isEmpty() ? tr("catapult-fair") : tr("catapult-fair - %1").arg(file));
  statusBar()->showMessage(where);
}

void MainWindow::Report(const Status& status) {
  if (status) return;
  const QString why = QString::fromStdString(status.error().message);
  statusBar()->showMessage(why);
  QMessageBox::warning(this, tr("catapult-fair"), why);
}

void MainWindow::BuildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&New game..."), QKeySequence::New, this, [this] {
    NewGameDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) return;
    Report(session_.NewGame(dialog.setup()));
  });
  file->addAction(tr("&Open game record..."), QKeySequence::Open, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open game record"), {}, tr("Game records (*.json)"));
    if (!path.isEmpty()) Report(OpenGame(path));
  });
  file->addAction(tr("&Save game record as..."), QKeySequence::SaveAs, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save game record"), {}, tr("Game records (*.json)"));
    if (!path.isEmpty()) Report(SaveGame(path));
  });
  file->addAction(tr("Load &calibration..."), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Calibration file"), {},
                                                      tr("Calibration (*.yaml *.yml)"));
    if (!path.isEmpty()) Report(LoadCalibrationFile(path));
  });
  file->addAction(tr("Save calibration &as..."), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save calibration"), {},
                                                      tr("Calibration (*.yaml *.yml)"));
    if (!path.isEmpty()) Report(SaveCalibrationFile(path));
  });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

  QMenu* table = menuBar()->addMenu(tr("&Table"));
  auto photo = [this](const QString& title) {
    return QFileDialog::getOpenFileName(this, title, {}, tr("Images (*.jpg *.jpeg *.png)"));
  };
  table->addAction(tr("&Read turn from photo..."), QKeySequence(Qt::Key_R), this, [this, photo] {
    const QString path = photo(tr("Photo of the table after the turn"));
    if (!path.isEmpty()) Report(ReadTurn(path));
  });
  table->addAction(tr("Open &camera..."), this, [this] {
    bool ok = false;
    const QString spec = QInputDialog::getText(
        this, tr("Camera"),
        tr("Device number, video stream or file, or numbered pictures (table/%03d.jpg):"),
        QLineEdit::Normal, "0", &ok);
    if (ok && !spec.isEmpty()) Report(OpenCamera(spec));
  });
  table->addAction(tr("Read turn from ca&mera"), QKeySequence(Qt::Key_Space), this,
                   [this] { Report(ReadTurnFromCamera()); });
  table->addAction(tr("Re&feree a throw..."), QKeySequence(Qt::Key_T), this, [this] {
    RefereeDialog dialog(session_.game().setup(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    Report(RefereeThrow(dialog.before(), dialog.after(), dialog.token(), dialog.thrower()));
  });

  table->addAction(tr("&Calibrate from a photo's tiles..."), this, [this, photo] {
    const QString path = photo(tr("Photo of the tiles on the table, from the camera's place"));
    if (!path.isEmpty()) Report(CalibrateFromPhoto(path));
  });

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("Show a photo's &reading..."), this, [this, photo] {
    const QString path = photo(tr("Photo of the table"));
    if (!path.isEmpty()) Report(ShowPhoto(path));
  });
  view->addAction(tr("Show the &game"), QKeySequence(Qt::Key_G), this, &MainWindow::ShowGame);
  view->addAction(tr("&Fit the board"), QKeySequence(Qt::Key_F), this, [this] { FitBoard(); });
  view->addAction(tr("Zoom &in"), QKeySequence::ZoomIn, this, [this] { view_->scale(1.25, 1.25); });
  view->addAction(tr("Zoom &out"), QKeySequence::ZoomOut, this, [this] { view_->scale(0.8, 0.8); });

  QMenu* game = menuBar()->addMenu(tr("&Game"));
  game->addAction(tr("&Previous move"), QKeySequence(Qt::Key_Left), this,
                  [this] { session_.GoTo(session_.position() - 1); });
  game->addAction(tr("&Next move"), QKeySequence(Qt::Key_Right), this,
                  [this] { session_.GoTo(session_.position() + 1); });
  game->addAction(tr("&Start"), QKeySequence(Qt::Key_Home), this, [this] { session_.GoTo(0); });
  game->addAction(tr("&End"), QKeySequence(Qt::Key_End), this,
                  [this] { session_.GoTo(session_.move_count()); });
  game->addSeparator();
  game->addAction(tr("&Add a turn by hand..."), QKeySequence(Qt::Key_H), this, [this] {
    if (!session_.at_end()) session_.GoTo(session_.move_count());
    TurnDialog dialog(session_.game(), nullptr, this);
    if (dialog.exec() == QDialog::Accepted) Report(AddToRecord(dialog.move()));
  });
  game->addAction(tr("&Take back the last move"), QKeySequence::Undo, this, [this] {
    if (QMessageBox::question(this, tr("catapult-fair"), tr("Take back the record's last move?")) ==
        QMessageBox::Yes)
      if (session_.TakeBackLast()) Report(AutoSave());
  });
  game->addAction(tr("&Final scoring"), this, [this] { Report(FinishGame()); });
}

}  // namespace cf::ui
