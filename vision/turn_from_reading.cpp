#include "vision/turn_from_reading.h"

#include <algorithm>

#include "engine/tile_points.h"
#include "vision/referee.h"

namespace cf {

namespace {

// A tile read with this confidence or more is read surely (the reader's own scale).
constexpr double kSureTileConfidence = 0.7;
constexpr double kSureFollowerConfidence = 0.7;

std::string TurnText(const std::string& id, Cell at, int rotation) {
  return id + " at " + CellText(at) + " turned " + std::to_string(rotation);
}

// Whether the current player may put `type` at `p`.
bool Playable(const GameState& game, int type, Placement p) {
  return type >= 0 && game.deck()[type] > 0 && game.board().Fits(type, p);
}

// The catalog tile and placement a read tile names, when the game allows it there.
std::optional<std::pair<int, Placement>> PlayableFace(const GameState& game, const std::string& id,
                                                      Cell at, int rotation_deg) {
  const int type = game.catalog().find(id);
  const Placement p{at, rotation_deg / 90};
  if (!Playable(game, type, p)) return std::nullopt;
  return std::make_pair(type, p);
}

// The follower point the game knows for the feature a follower read on `on` stands on.
std::optional<int> LegalPointFor(const GameState& game, int type, Placement p,
                                 const std::string& on) {
  const auto point = ParsePoint(on);
  if (!point) return std::nullopt;
  const TileType& t = game.catalog().type(type);
  const int feature = t.occupiable_feature_at(UnrotatePoint(*point, p.rotation));
  if (feature < 0) return std::nullopt;
  for (int legal : game.LegalFollowerPoints(type, p))
    if (t.occupiable_feature_at(UnrotatePoint(legal, p.rotation)) == feature) return legal;
  return std::nullopt;
}

}  // namespace

std::vector<TileReference> TilesInPlay(const std::vector<TileReference>& tileset,
                                       const GameState& game) {
  std::vector<TileReference> out;
  for (const TileReference& ref : tileset)
    if (game.setup().draws_from(game.catalog().type(ref.type).set)) out.push_back(ref);
  return out;
}

Scene BoardAsScene(const GameState& game) {
  Scene scene;
  const Board& board = game.board();
  for (int i = 0; i < board.tile_count(); ++i) {
    const PlacedTile& placed = board.tile(i);
    SceneTile t;
    t.id = board.type_of(i).id;
    t.at = placed.at;
    t.rotation = 90 * placed.rotation;
    t.center_mm[0] = kTilePitchMm * placed.at.x;
    t.center_mm[1] = kTilePitchMm * placed.at.y;
    scene.tiles.push_back(t);
  }
  return scene;
}

Result<TurnReading> TurnFromReading(const GameState& game, const Scene& reading) {
  if (game.phase() == Phase::kGameOver) return Fail("the game is over");
  if (game.phase() == Phase::kCatapultRound)
    return Fail("the catapult round for the fair tile comes first");
  // The game's board is known: two tiles read as it has them place a small board's photo, the
  // new tile's fit checks it, and a doubt asks the table to look.
  auto match = MatchFrames(BoardAsScene(game), reading, kTurnAgreeingTiles);
  if (!match) return Fail("the photo does not show this game's board: " + match.error().message);
  const Scene seen = MoveToFrame(reading, *match);
  const Board& board = game.board();

  TurnReading turn;
  turn.tiles_matched = match->tiles_matched;
  if (match->tiles_matched < kLeastAgreeingTiles && match->tiles_matched < board.tile_count())
    turn.doubts.push_back("only " + std::to_string(match->tiles_matched) + " of the board's " +
                          std::to_string(board.tile_count()) +
                          " tiles are read as the game has them: check the photo");
  // New tiles next to the board; of several, those the game allows where they lie.
  std::vector<const SceneTile*> fresh, playable;
  for (const SceneTile& t : seen.tiles) {
    if (board.tile_at(t.at) >= 0) continue;
    const auto& frontier = board.frontier();
    if (std::find(frontier.begin(), frontier.end(), t.at) == frontier.end()) continue;
    fresh.push_back(&t);
    if (PlayableFace(game, t.id, t.at, t.rotation) ||
        (t.alternative && PlayableFace(game, t.alternative->id, t.at, t.alternative->rotation)))
      playable.push_back(&t);
  }
  if (fresh.empty()) return Fail("the photo shows no new tile next to the board");
  if (playable.empty()) {
    const SceneTile& t = *fresh.front();
    const int type = game.catalog().find(t.id);
    if (type >= 0 && game.deck()[type] <= 0)
      return Fail("a tile " + t.id + " is read at " + CellText(t.at) + " but none is left to draw");
    return Fail("the new tile, read as " + TurnText(t.id, t.at, t.rotation) +
                ", does not fit there");
  }
  const size_t unfit = fresh.size() - playable.size();
  // Of several that fit, one read surely beside others read with doubt (a stray reading).
  if (playable.size() > 1) {
    std::vector<const SceneTile*> sure;
    for (const SceneTile* t : playable)
      if (t->confidence >= kSureTileConfidence) sure.push_back(t);
    if (sure.size() == 1) {
      turn.doubts.push_back(std::to_string(playable.size() - 1) +
                            " more new tile(s) read with doubt: look at the table");
      playable = sure;
    }
  }
  if (playable.size() > 1) {
    std::string cells;
    for (const SceneTile* t : playable) cells += " " + CellText(t->at);
    return Fail("the photo shows " + std::to_string(playable.size()) + " new tiles that fit (at" +
                cells + "): read the table after each turn");
  }
  const SceneTile& tile = *playable.front();
  if (unfit > 0)
    turn.doubts.push_back(std::to_string(unfit) +
                          " more new tile(s) read that fit nowhere they lie: look at the table");
  if (tile.confidence < kSureTileConfidence)
    turn.doubts.push_back("the new tile is read with doubt: check it");
  auto face = PlayableFace(game, tile.id, tile.at, tile.rotation);
  if (!face) {
    face = PlayableFace(game, tile.alternative->id, tile.at, tile.alternative->rotation);
    turn.doubts.push_back("the tile is read as " + tile.id + " turned " +
                          std::to_string(tile.rotation) + "; only its look-alike " +
                          tile.alternative->id + " turned " +
                          std::to_string(tile.alternative->rotation) + " fits");
  } else if (tile.alternative) {
    if (PlayableFace(game, tile.alternative->id, tile.at, tile.alternative->rotation))
      turn.doubts.push_back("the tile may also be " + tile.alternative->id + " turned " +
                            std::to_string(tile.alternative->rotation));
  }

  Move& m = turn.move;
  m.type = MoveType::kPlace;
  m.player = game.current_player();
  m.tile = face->first;
  m.placement = face->second;
  const std::string& colour = game.setup().players[m.player].color;
  const SceneFollower* follower = nullptr;
  for (const SceneFollower& f : seen.followers) {
    if (!(f.at == tile.at)) continue;
    if (f.color != colour) {
      turn.doubts.push_back("a " + f.color + " follower is read on the new tile, whose player is " +
                            colour);
      continue;
    }
    if (follower) {
      turn.doubts.push_back("two " + colour + " followers are read on the new tile");
      if (f.confidence <= follower->confidence) continue;
    }
    follower = &f;
  }
  if (follower && follower->confidence < kSureFollowerConfidence)
    turn.doubts.push_back("the " + colour + " follower on the new tile is read with doubt");
  if (follower) {
    if (auto point = LegalPointFor(game, m.tile, m.placement, follower->on))
      m.follower_point = *point;
    else
      turn.doubts.push_back("a " + colour + " follower is read on " + follower->on +
                            ", where it may not stand: left out");
  }
  if (!m.follower_point) {
    // A follower on a feature the tile completes scores and goes home at once: no photo shows it.
    std::string gone;
    for (int point : game.LegalFollowerPoints(m.tile, m.placement)) {
      Move with = m;
      with.follower_point = point;
      GameState after = game;
      if (after.Apply(with) && after.supply(m.player) == game.supply(m.player))
        gone += " " + std::string(PointName(point));
    }
    if (!gone.empty())
      turn.doubts.push_back("a follower put on" + gone +
                            " would have scored and gone home at once: the photo cannot show it");
  }
  if (game.tiles_to_draw(m.player) > 1)
    turn.doubts.push_back(colour + " drew " + std::to_string(game.tiles_to_draw(m.player)) +
                          " tiles (fortune tellers): the photo does not say which went back");
  return turn;
}

}  // namespace cf
