#include "ui/catapult_round_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/move_text.h"
#include "ui/score_model.h"
#include "vision/throw_from_call.h"

namespace cf::ui {

namespace {

constexpr TokenKind kTokens[] = {TokenKind::kKnockout, TokenKind::kSeduction, TokenKind::kTarget,
                                 TokenKind::kCatch};
enum Column { kPlayerColumn, kOutcomeColumn, kDoubtColumn };

QString RefText(const GameSetup& setup, const FollowerRef& f) {
  return QString::fromStdString(FollowerText(setup, f));
}

}  // namespace

CatapultRoundPanel::CatapultRoundPanel(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel),
      token_(new QComboBox),
      throws_(new QTableWidget(0, 3)),
      editors_(new QStackedWidget),
      distance_(new QDoubleSpinBox),
      off_table_(new QCheckBox(tr("left the playing area"))),
      hits_(new QListWidget),
      seduced_(new QComboBox),
      catch_case_(new QComboBox),
      referee_(new QPushButton(tr("Referee from photos..."))),
      snap_(new QPushButton(tr("Camera: the table before"))),
      camera_(new QPushButton(tr("Camera: referee after"))),
      set_(new QPushButton(tr("Set by the table"))),
      record_(new QPushButton(tr("Record the round"))) {
  title_->setWordWrap(true);
  for (TokenKind k : kTokens)
    token_->addItem(QString::fromStdString(TokenKindName(k)), static_cast<int>(k));
  throws_->setHorizontalHeaderLabels({tr("Thrower"), tr("Outcome"), tr("To check")});
  throws_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  throws_->horizontalHeader()->setStretchLastSection(true);
  throws_->verticalHeader()->hide();
  throws_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  throws_->setSelectionBehavior(QAbstractItemView::SelectRows);
  throws_->setSelectionMode(QAbstractItemView::SingleSelection);
  throws_->setWordWrap(true);

  // One editor per token kind, in kTokens' order.
  auto captioned = [this](const QString& caption, QWidget* editor) {
    auto* page = new QWidget;
    auto* column = new QVBoxLayout(page);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(new QLabel(caption));
    column->addWidget(editor, 1);
    editors_->addWidget(page);
  };
  captioned(tr("Followers hit or touched, chain reactions too:"), hits_);
  captioned(tr("The opponent's follower nearest the token (on the board):"), seduced_);
  auto* target = new QWidget;
  auto* target_form = new QFormLayout(target);
  distance_->setRange(0, 5000);
  distance_->setDecimals(1);
  distance_->setSuffix(" mm");
  target_form->addRow(tr("Distance to the fair"), distance_);
  target_form->addRow(off_table_);
  editors_->addWidget(target);
  catch_case_->addItem(tr("A: caught (the catcher scores)"), 'A');
  catch_case_->addItem(tr("B: not caught, far enough (the thrower scores)"), 'B');
  catch_case_->addItem(tr("C: not caught, too short (the catcher scores)"), 'C');
  catch_case_->addItem(tr("D: touched, not caught (the thrower scores)"), 'D');
  captioned(tr("What happened to the token (the player to the left catches):"), catch_case_);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(referee_);
  buttons->addWidget(set_);
  auto* camera_buttons = new QHBoxLayout;
  camera_buttons->addWidget(snap_);
  camera_buttons->addWidget(camera_);
  snap_->setToolTip(tr("Keep the camera's picture of the table before the throw"));
  camera_->setToolTip(
      tr("Referee the selected throw from the camera's picture now; it is kept as the next "
         "throw's before"));
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  auto* token_row = new QFormLayout;
  token_row->addRow(tr("Token"), token_);
  layout->addLayout(token_row);
  layout->addWidget(throws_, 2);
  layout->addWidget(editors_, 1);
  layout->addLayout(buttons);
  layout->addLayout(camera_buttons);
  layout->addWidget(record_);

  connect(token_, &QComboBox::currentIndexChanged, this, [this] {
    if (game_) Reset(*game_);
  });
  connect(throws_, &QTableWidget::itemSelectionChanged, this, &CatapultRoundPanel::ShowEditor);
  connect(referee_, &QPushButton::clicked, this, [this] {
    if (selected() >= 0) emit refereeRequested(selected());
  });
  connect(set_, &QPushButton::clicked, this, &CatapultRoundPanel::SetFromEditor);
  connect(snap_, &QPushButton::clicked, this, &CatapultRoundPanel::snapRequested);
  connect(camera_, &QPushButton::clicked, this, [this] {
    if (selected() >= 0) emit cameraRefereeRequested(selected());
  });
  connect(record_, &QPushButton::clicked, this, &CatapultRoundPanel::recordRequested);
  connect(off_table_, &QCheckBox::toggled, distance_, &QWidget::setDisabled);
  setEnabled(false);
}

void CatapultRoundPanel::Reset(const GameState& game) {
  if (game.phase() != Phase::kCatapultRound) {
    game_.reset();
    outcomes_.clear();
    throws_->setRowCount(0);
    title_->setText(tr("No catapult round is due."));
    setEnabled(false);
    return;
  }
  game_ = game;
  const int n = game.player_count();
  outcomes_.assign(n, std::nullopt);
  const Cell fair = game.board().tile(game.fair_tile()).at;
  title_->setText(tr("Catapult round for the fair at %1: every player throws once.")
                      .arg(QString::fromStdString(CellText(fair))));
  throws_->setRowCount(n);
  for (int i = 0; i < n; ++i) {
    const std::string& colour = game.setup().players[player(i)].color;
    auto* who = new QTableWidgetItem(QString::fromStdString(colour));
    who->setData(Qt::DecorationRole, PlayerColour(colour));
    throws_->setItem(i, kPlayerColumn, who);
    throws_->setItem(i, kOutcomeColumn, new QTableWidgetItem(tr("not thrown yet")));
    throws_->setItem(i, kDoubtColumn, new QTableWidgetItem);
  }
  setEnabled(true);
  throws_->selectRow(0);
  ShowEditor();
}

TokenKind CatapultRoundPanel::token() const {
  return static_cast<TokenKind>(token_->currentData().toInt());
}

PlayerId CatapultRoundPanel::player(int index) const {
  return game_ ? (game_->current_player() + index) % game_->player_count() : -1;
}

int CatapultRoundPanel::next_throw() const {
  for (size_t i = 0; i < outcomes_.size(); ++i)
    if (!outcomes_[i]) return static_cast<int>(i);
  return -1;
}

Result<GameState> CatapultRoundPanel::GameAtThrow(int index) const {
  if (!game_) return Fail("no catapult round is due");
  if (index < 0 || index >= static_cast<int>(outcomes_.size()))
    return Fail("the round has no throw " + std::to_string(index + 1));
  CatapultRound earlier;
  earlier.token = token();
  earlier.thrower = game_->current_player();
  for (int i = 0; i < index && outcomes_[i]; ++i) earlier.throws.push_back(*outcomes_[i]);
  return DuringRound(*game_, earlier);
}

void CatapultRoundPanel::SetOutcome(int index, const CatapultThrow& outcome,
                                    const std::vector<std::string>& doubts) {
  if (!game_ || index < 0 || index >= static_cast<int>(outcomes_.size())) return;
  outcomes_[index] = outcome;
  outcomes_[index]->player = player(index);
  throws_->item(index, kOutcomeColumn)
      ->setText(
          QString::fromStdString(ThrowOutcomeText(game_->setup(), token(), *outcomes_[index])));
  QString doubt;
  for (const std::string& d : doubts)
    doubt += (doubt.isEmpty() ? "" : "\n") + QString::fromStdString(d);
  throws_->item(index, kDoubtColumn)->setText(doubt);
  throws_->item(index, kDoubtColumn)->setForeground(QColor(190, 50, 0));
  throws_->resizeRowsToContents();
  if (next_throw() >= 0) throws_->selectRow(next_throw());
}

Result<Move> CatapultRoundPanel::RoundMove() const {
  if (!game_) return Fail("no catapult round is due");
  if (next_throw() >= 0)
    return Fail(game_->setup().players[player(next_throw())].color + "'s throw has no outcome yet");
  Move m;
  m.type = MoveType::kCatapult;
  m.player = game_->current_player();
  m.catapult.token = token();
  m.catapult.thrower = game_->current_player();
  for (const auto& t : outcomes_) m.catapult.throws.push_back(*t);
  return m;
}

int CatapultRoundPanel::selected() const {
  const auto rows = throws_->selectionModel()->selectedRows();
  return rows.isEmpty() ? -1 : rows.front().row();
}

void CatapultRoundPanel::ShowEditor() {
  const int index = selected();
  editors_->setCurrentIndex(static_cast<int>(token()));
  referee_->setEnabled(index >= 0 && token() != TokenKind::kCatch);
  camera_->setEnabled(index >= 0 && token() != TokenKind::kCatch);
  set_->setEnabled(index >= 0);
  if (index < 0) return;
  auto during = GameAtThrow(index);
  if (!during) return;
  const GameSetup& setup = during->setup();
  const PlayerId me = player(index);
  hits_->clear();
  seduced_->clear();
  seduced_->addItem(tr("nobody (or off the board)"));
  for (const Follower& f : during->followers()) {
    const FollowerRef ref = during->RefOf(f);
    auto* item = new QListWidgetItem(RefText(setup, ref), hits_);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
    item->setData(Qt::UserRole, QVariantList{ref.player, ref.at.x, ref.at.y, ref.point});
    if (f.player != me)
      seduced_->addItem(RefText(setup, ref),
                        QVariantList{ref.player, ref.at.x, ref.at.y, ref.point});
  }
}

void CatapultRoundPanel::SetFromEditor() {
  const int index = selected();
  if (index < 0 || !game_) return;
  auto ref = [](const QVariant& v) {
    const QVariantList l = v.toList();
    return FollowerRef{l[0].toInt(), {l[1].toInt(), l[2].toInt()}, l[3].toInt()};
  };
  CatapultThrow t;
  switch (token()) {
    case TokenKind::kTarget:
      if (!off_table_->isChecked()) t.distance_mm = distance_->value();
      break;
    case TokenKind::kKnockout:
      for (int i = 0; i < hits_->count(); ++i)
        if (hits_->item(i)->checkState() == Qt::Checked)
          t.hit.push_back(ref(hits_->item(i)->data(Qt::UserRole)));
      break;
    case TokenKind::kSeduction:
      if (seduced_->currentIndex() > 0) {
        t.on_board = true;
        t.seduced = ref(seduced_->currentData());
      }
      break;
    case TokenKind::kCatch:
      t.catcher = (player(index) + 1) % game_->player_count();
      t.catch_case = static_cast<char>(catch_case_->currentData().toInt());
      break;
  }
  SetOutcome(index, t, {"set by the table"});
}

}  // namespace cf::ui
