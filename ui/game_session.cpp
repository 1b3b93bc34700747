#include "ui/game_session.h"

#include <algorithm>
#include <cassert>

#include "engine/game_record.h"

namespace cf::ui {

namespace {

GameState TwoPlayerGame(const TileCatalog& catalog) {
  GameSetup setup;
  setup.players = {{"red", ""}, {"blue", ""}};
  setup.expansions = {"catapult"};
  auto game = GameState::Create(catalog, setup);
  assert(game);
  return std::move(game).value();
}

}  // namespace

GameSession::GameSession(const TileCatalog& catalog, QObject* parent)
    : QObject(parent), catalog_(&catalog), game_(TwoPlayerGame(catalog)), shown_(game_) {}

Status GameSession::NewGame(GameSetup setup) {
  auto game = GameState::Create(*catalog_, std::move(setup));
  if (!game) return game.error();
  game_ = std::move(game).value();
  path_.clear();
  ++version_;
  Show(0);
  return Status::Ok();
}

Status GameSession::Load(const std::string& path) {
  auto record = LoadGameRecord(path, *catalog_);
  if (!record) return record.error();
  auto game = Replay(*record, *catalog_);
  if (!game) return Fail(path + ": " + game.error().message);
  game_ = std::move(game).value();
  path_ = path;
  ++version_;
  Show(move_count());
  return Status::Ok();
}

Status GameSession::Save(const std::string& path) {
  if (auto s = SaveGameRecord(game_, path); !s) return s;
  path_ = path;
  return Status::Ok();
}

void GameSession::GoTo(int moves) { Show(std::clamp(moves, 0, move_count())); }

Status GameSession::AddMove(const Move& move) {
  if (auto s = game_.Apply(move); !s) return s;
  ++version_;
  Show(move_count());
  return Status::Ok();
}

bool GameSession::TakeBackLast() {
  if (!game_.CanUndo()) return false;
  game_.Undo();
  ++version_;
  Show(move_count());
  return true;
}

Status GameSession::Finish() {
  Move finish;
  finish.type = MoveType::kFinish;
  finish.player = game_.current_player();
  return AddMove(finish);
}

void GameSession::Show(int moves) {
  shown_ = game_.Clone();
  for (int undo = move_count() - moves; undo > 0; --undo) shown_.Undo();
  position_ = moves;
  emit changed();
}

}  // namespace cf::ui
