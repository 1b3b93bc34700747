#pragma once
// Labels of photographed tile sheets (tools/real_tile_sheets_labels.txt): per sheet its file,
// layout, and each tile's id and turn; and the tiles found on the sheets they label.

#include <filesystem>
#include <opencv2/core.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/result.h"
#include "engine/tile_catalog.h"

namespace cf::cli {

// One photographed sheet: its file, layout, and each tile's type and clockwise quarter turns from
// canonical, row by row.
struct LabelledSheet {
  std::string file;
  int cols = 0, rows = 0;
  std::vector<std::pair<int, int>> tiles;
};

// "sheet FILE COLSxROWS" lines, each followed by its tiles as ID/DEGREES ('#' comments).
Result<std::vector<LabelledSheet>> ParseSheetLabels(const std::string& text,
                                                    const std::string& source,
                                                    const TileCatalog& catalog);
// One sheet's tiles as ID/DEGREES, row by row, without a "sheet" line (the format of
// tools/real_tile_sheet_labels.txt), for the sheet `file` laid out `cols` x `rows`.
Result<LabelledSheet> ParseOneSheetLabels(const std::string& text, const std::string& source,
                                          const std::string& file, int cols, int rows,
                                          const TileCatalog& catalog);

// A labelled sheet's picture and where each of its tiles lies, row by row.
struct LaidSheet {
  cv::Mat image;
  std::vector<cv::RotatedRect> tiles;
};
// Every sheet read from `folder` and its tiles found (FindSheetTiles); the first that cannot be
// read or does not show its tiles fails, naming its file.
Result<std::vector<LaidSheet>> FindLabelledTiles(const std::filesystem::path& folder,
                                                 const std::vector<LabelledSheet>& sheets);

}  // namespace cf::cli
