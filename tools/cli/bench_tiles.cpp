// catapult-fair bench tiles: how many photographed tiles are named right, each read on its own
// from a labelled tile sheet (tools/real_tile_sheets_labels.txt) against a tile set.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "engine/whole_file.h"
#include "tools/cli/cli_vision.h"
#include "tools/cli/sheet_labels.h"
#include "vision/tile_sheet.h"

namespace cf::cli {

int RunBenchTiles(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  options.add_options()("sheets", po::value<std::string>()->required(),
                        "folder of the photographed tile sheets")(
      "labels", po::value<std::string>()->required(),
      "per sheet: 'sheet FILE COLSxROWS', then ID/DEGREES per tile")(
      "pitch", po::value<int>()->default_value(72), "pixels a tile is read at (a board's cell)")(
      "per-tile", "print one line per tile");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(args,
                      "usage: catapult-fair bench tiles --sheets DIR --labels FILE --tileset DIR "
                      "[--pitch PX] [--per-tile]\n"
                      "Finds every tile of the labelled sheets, reads each on its own and counts "
                      "those named and turned right.",
                      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  const std::string labels = (*vm)["labels"].as<std::string>();
  auto text = ReadWholeFile(labels);
  if (!text) return BadInput(text.error().message);
  auto sheets = ParseSheetLabels(*text, labels, *catalog);
  if (!sheets) return BadInput(sheets.error().message);
  const int pitch = (*vm)["pitch"].as<int>();
  if (pitch < 24 || pitch > 400) return BadInput("--pitch must be 24 to 400 pixels");
  const std::filesystem::path dir = (*vm)["sheets"].as<std::string>();
  FineTileMatcher fine(*tileset, pitch);
  int tiles = 0, right = 0, id_right = 0, in_three = 0;
  ConfidenceSplit confidence;
  std::vector<double> ms;
  std::vector<std::string> wrong;
  // Every sheet read and its tiles found before anything is printed: bad input prints one line.
  auto laid = FindLabelledTiles(dir, *sheets);
  if (!laid) return BadInput(laid.error().message);
  std::printf("catapult-fair bench tiles: %zu sheet%s from %s, read at %d px a tile\n",
              sheets->size(), sheets->size() == 1 ? "" : "s", dir.string().c_str(), pitch);
  for (size_t k = 0; k < sheets->size(); ++k) {
    const LabelledSheet& s = (*sheets)[k];
    const auto& [image, found] = (*laid)[k];
    int right_here = 0;
    for (size_t i = 0; i < found.size(); ++i) {
      const auto [type, quarter] = s.tiles[i];
      const auto start = std::chrono::steady_clock::now();
      const auto read = ReadLoneTile(image, found[i], *tileset, fine, pitch);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      auto is_truth = [&](const Candidate& c) {
        return SameFace(catalog->type(c.type), c.quarter, catalog->type(type), quarter);
      };
      const auto truth = std::find_if(read.begin(), read.end(), is_truth);
      const bool ok = !read.empty() && is_truth(read[0]);
      // As sure as analyze would say (the tile's "confidence"), alone with no neighbours.
      if (!read.empty())
        confidence.Add(Certainty(CellReading{0, 0, read, 0}, *catalog).confidence, ok);
      ++tiles, right += ok, right_here += ok;
      id_right += !read.empty() && read[0].type == type;
      in_three += truth != read.end() && truth - read.begin() < 3;
      char line[200];
      const std::string label = catalog->type(type).id + "/" + std::to_string(quarter * 90);
      if (read.empty()) {
        std::snprintf(line, sizeof line, "%s #%zu %s read as nothing", s.file.c_str(), i + 1,
                      label.c_str());
      } else {
        const std::string as =
            catalog->type(read[0].type).id + "/" + std::to_string(read[0].quarter * 90);
        char truth_score[40] = "not among the candidates";
        if (truth != read.end())
          std::snprintf(truth_score, sizeof truth_score, "%.3f, %s", truth->score,
                        truth - read.begin() < 3 ? "among the best three" : "further down");
        std::snprintf(line, sizeof line, "%s #%zu %s read as %s (%.3f; %s %s)", s.file.c_str(),
                      i + 1, label.c_str(), as.c_str(), read[0].score, label.c_str(), truth_score);
      }
      if (!ok) wrong.push_back(line);
      if (vm->count("per-tile")) std::printf("    %s%s\n", ok ? "right: " : "WRONG: ", line);
    }
    std::printf("  %-14s %2d of %2zu right\n", s.file.c_str(), right_here, found.size());
  }
  std::sort(ms.begin(), ms.end());
  std::printf("  tiles named and turned right: %.1f%% of %d (%d)\n", Pct(right, tiles), tiles,
              right);
  std::printf(
      "  named right, whatever the turn: %.1f%%; the right reading among the best three: "
      "%.1f%%\n",
      Pct(id_right, tiles), Pct(in_three, tiles));
  std::printf("  read with confidence %.1f or more: %.1f%% of them, %.1f%% of those right\n",
              ConfidenceSplit::kSure, Pct(confidence.sure, tiles),
              Pct(confidence.sure_right, confidence.sure));
  std::printf("  read in a median %.1f ms a tile (after the first: the art kept at this pitch)\n",
              ms.empty() ? 0.0 : ms[ms.size() / 2]);
  if (!vm->count("per-tile"))
    for (const auto& w : wrong) std::printf("    wrong: %s\n", w.c_str());
  return kExitOk;
}

}  // namespace cf::cli
