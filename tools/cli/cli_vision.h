#pragma once
// Shared pieces of the verbs that read pictures.

#include <cstdio>
#include <optional>
#include <string>

#include "calibration/calibration_file.h"
#include "calibration/color_model.h"
#include "tools/cli/cli_common.h"
#include "vision/tileset.h"

namespace cf::cli {

void AddTilesetOption(po::options_description& options);
// The --tileset folder's art, or the painted tile set without one.
Result<std::vector<TileReference>> LoadTilesetOption(const po::variables_map& vm,
                                                     const TileCatalog& catalog);

void AddCalibrationOption(po::options_description& options);
// The --calibration file, or none without the option.
Result<std::optional<Calibration>> LoadCalibrationOption(const po::variables_map& vm);

// `model` with only the colours named in `players` (comma-separated, as --players takes them);
// refuses a name the model lacks, or a list naming none.
Status KeepPlayersColours(const std::string& players, ColorModel& model);

// Of the items read, how many with a confidence of at least kSure, and how many of those and of
// the others are right (an item read where none lies is wrong).
struct ConfidenceSplit {
  static constexpr double kSure = 0.7;
  int sure = 0, sure_right = 0, doubtful = 0, doubtful_right = 0;
  void Add(double confidence, bool right) {
    (confidence >= kSure ? sure : doubtful) += 1;
    (confidence >= kSure ? sure_right : doubtful_right) += right;
  }
  void Print(const char* items) const {
    if (sure + doubtful == 0) {
      std::printf("  %s read with confidence %.1f or more: none read\n", items, kSure);
      return;
    }
    std::printf(
        "  %s read with confidence %.1f or more: %.1f%% of those read, %.2f%% of them right; the "
        "others %.1f%% right\n",
        items, kSure, Pct(sure, sure + doubtful), Pct(sure_right, sure),
        Pct(doubtful_right, doubtful));
  }
};

}  // namespace cf::cli
