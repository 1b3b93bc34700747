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

// Writes NNN.jpg/NNN.json per frame, sequence.json (the frames and what happened) and game.json.
// Returns the number of frames.
Result<int> RenderSequence(const TileCatalog& catalog, GameSetup setup,
                           const SequenceOptions& options, const std::filesystem::path& dir,
                           const std::string& ext);

// The smallest gap between two footprints on the table, 0 when they touch or overlap.
double FootprintGap(const std::vector<cv::Point2d>& a, const std::vector<cv::Point2d>& b);

}  // namespace cf
