#pragma once
// The catalog, tile art and sample game records shared by the app's tests.

#include <cstdlib>
#include <fstream>
#include <string>

#include "engine/game_record.h"
#include "vision/tileset.h"

namespace cf::testing {

inline const TileCatalog& UiCatalog() {
  static const TileCatalog catalog = [] {
    auto c = TileCatalog::Load(CF_CATALOG_PATH);
    if (!c) std::abort();
    return std::move(c).value();
  }();
  return catalog;
}

inline const std::vector<TileReference>& UiTileset() {
  static const std::vector<TileReference> tileset = PaintedTileset(UiCatalog());
  return tileset;
}

inline std::string SamplePath(const std::string& relative) {
  return std::string(CF_SOURCE_DIR) + "/sample_images/" + relative;
}

// The record in `relative` (under sample_images) replayed, stopping after `moves` moves.
inline GameState SampleGameAfter(const std::string& relative, size_t moves) {
  std::ifstream in(SamplePath(relative));
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  auto record = ParseGameRecord(text, UiCatalog());
  if (!record) std::abort();
  auto game = GameState::Create(UiCatalog(), record->setup);
  if (!game) std::abort();
  for (size_t i = 0; i < moves && i < record->moves.size(); ++i)
    if (!game->Apply(record->moves[i])) std::abort();
  return std::move(game).value();
}

// `game`'s record written to a temporary file, for opening as a user would.
inline std::string WriteRecord(const GameState& game, const std::string& name) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << GameRecordToJson(game).dump(2);
  return path;
}

}  // namespace cf::testing
