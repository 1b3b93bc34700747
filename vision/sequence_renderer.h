#pragma once
// A short game rendered turn by turn: after each placement, and before and after each catapult
// throw, with the game record whose catapult outcomes are measured from the rendered geometry.

#include <filesystem>

#include "engine/game_state.h"
#include "vision/table_renderer.h"

namespace cf {

struct SequenceOptions {
  int turns = 12;
  uint64_t seed = 1;
  LookOptions look;
  std::vector<int> fair_turns = {3, 8};  // turns on which a fair tile is drawn (if one fits)
};

// One moment of the sequence: what lies on the table (exact, with every follower's and token's
// turn) and what just happened (a string, or an event object as sequence.json holds it).
struct SequenceFrame {
  Scene scene;
  json::Value event;
};

// The played sequence: its frames, one camera and light for all of them, and the game record.
struct Sequence {
  std::vector<SequenceFrame> frames;
  Look look;
  json::Value game;
};
Result<Sequence> PlaySequence(const TileCatalog& catalog, GameSetup setup,
                              const SequenceOptions& options);

// Writes NNN.jpg/NNN.json per frame, sequence.json (the frames and what happened) and game.json.
// Returns the number of frames.
Result<int> RenderSequence(const TileCatalog& catalog, GameSetup setup,
                           const SequenceOptions& options, const std::filesystem::path& dir,
                           const std::string& ext);

}  // namespace cf
