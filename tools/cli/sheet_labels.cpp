#include "tools/cli/sheet_labels.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "vision/image_file.h"
#include "vision/tile_sheet.h"

namespace cf::cli {

namespace {

// ID/DEGREES, DEGREES a multiple of 90 (a bare ID is unturned), as quarter turns 0..3.
Result<std::pair<int, int>> ParseTile(const std::string& word, const TileCatalog& catalog) {
  const auto slash = word.find('/');
  const int type = catalog.find(word.substr(0, slash));
  const int degrees = slash == std::string::npos ? 0 : std::atoi(word.c_str() + slash + 1);
  if (type < 0 || degrees % 90) return Fail("bad tile '" + word + "' (expected ID/DEGREES)");
  return std::pair{type, (degrees / 90 % 4 + 4) % 4};
}

Status CheckCount(const LabelledSheet& s, const std::string& source) {
  if (static_cast<int>(s.tiles.size()) != s.cols * s.rows)
    return Fail(source + ": " + s.file + " names " + std::to_string(s.tiles.size()) +
                " tiles, its layout holds " + std::to_string(s.cols * s.rows));
  return Status::Ok();
}

}  // namespace

Result<std::vector<LabelledSheet>> ParseSheetLabels(const std::string& text,
                                                    const std::string& source,
                                                    const TileCatalog& catalog) {
  std::vector<LabelledSheet> sheets;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string word;
    if (!(words >> word)) continue;
    const std::string at = source + ":" + std::to_string(n) + ": ";
    if (word == "sheet") {
      LabelledSheet s;
      std::string grid;
      if (!(words >> s.file >> grid) || std::sscanf(grid.c_str(), "%dx%d", &s.cols, &s.rows) != 2 ||
          s.cols < 1 || s.rows < 1)
        return Fail(at + "expected: sheet FILE COLSxROWS");
      sheets.push_back(s);
      continue;
    }
    if (sheets.empty()) return Fail(at + "a tile before the first 'sheet' line");
    do {
      auto tile = ParseTile(word, catalog);
      if (!tile) return Fail(at + tile.error().message);
      sheets.back().tiles.push_back(*tile);
    } while (words >> word);
  }
  for (const auto& s : sheets)
    if (auto counted = CheckCount(s, source); !counted) return counted.error();
  if (sheets.empty()) return Fail(source + " labels no sheet");
  return sheets;
}

Result<LabelledSheet> ParseOneSheetLabels(const std::string& text, const std::string& source,
                                          const std::string& file, int cols, int rows,
                                          const TileCatalog& catalog) {
  LabelledSheet sheet{file, cols, rows, {}};
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    for (std::string word; words >> word;) {
      auto tile = ParseTile(word, catalog);
      if (!tile) return Fail(source + ":" + std::to_string(n) + ": " + tile.error().message);
      sheet.tiles.push_back(*tile);
    }
  }
  if (auto counted = CheckCount(sheet, source); !counted) return counted.error();
  return sheet;
}

Result<std::vector<LaidSheet>> FindLabelledTiles(const std::filesystem::path& folder,
                                                 const std::vector<LabelledSheet>& sheets) {
  std::vector<LaidSheet> laid;
  for (const LabelledSheet& sheet : sheets) {
    const std::string path = (folder / sheet.file).string();
    auto image = ReadImageFile(path);
    if (!image) return image.error();
    auto found = FindSheetTiles(*image, sheet.cols, sheet.rows);
    if (!found) return Fail(path + ": " + found.error().message);
    laid.push_back({*image, std::move(found).value()});
  }
  return laid;
}

}  // namespace cf::cli
