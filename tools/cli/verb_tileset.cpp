// catapult-fair tileset: export the painted tile set, or enroll one from photographed tile sheets;
// one canonical top-down image per tile id.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "engine/whole_file.h"
#include "tools/cli/cli_common.h"
#include "tools/cli/sheet_labels.h"
#include "vision/tile_painter.h"
#include "vision/tile_sheet.h"

namespace cf::cli {

int RunTileset(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("action", po::value<std::string>()->required(), "export or enroll")(
      "dir", po::value<std::string>()->required(), "output folder")(
      "size", po::value<int>()->default_value(256), "tile size in pixels")(
      "sets", po::value<std::vector<std::string>>()->multitoken(),
      "only these sets (default: all)")(
      "sheet", po::value<std::string>(),
      "enroll: a photo of tiles laid out in a grid, apart on paper or edge to edge")(
      "sheets", po::value<std::string>(),
      "enroll: a folder of such photos, --labels naming each ('sheet FILE COLSxROWS' lines)")(
      "grid", po::value<std::string>()->default_value("4x6"),
      "enroll: columns x rows of the sheet")(
      "labels", po::value<std::string>(),
      "enroll: ID/DEGREES per tile, row by row ('#' comments); with --sheets, after each sheet's "
      "line; the first tile of each id is enrolled");
  po::positional_options_description pos;
  pos.add("action", 1).add("dir", 1);
  int code = 0;
  auto vm =
      ParseArgs(args,
                "usage: catapult-fair tileset export DIR [--size N]\n"
                "       catapult-fair tileset enroll DIR --sheet IMAGE --grid 4x6 --labels FILE\n"
                "       catapult-fair tileset enroll DIR --sheets FOLDER --labels FILE\n"
                "Writes <id>.png for every tile of the catalog, canonical orientation "
                "(the --tileset format of analyze).",
                options, pos, code);
  if (!vm) return code;
  const std::string action = (*vm)["action"].as<std::string>();
  if (action != "export" && action != "enroll")
    return BadInput("tileset knows two actions: export, enroll");
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  if (action == "enroll") {
    if (!vm->count("labels") || vm->count("sheet") == vm->count("sheets"))
      return BadInput("enroll needs --labels and one of --sheet or --sheets");
    const std::string labels = (*vm)["labels"].as<std::string>();
    auto text = ReadWholeFile(labels);
    if (!text) return BadInput(text.error().message);
    std::filesystem::path folder;
    std::vector<LabelledSheet> sheets;
    if (vm->count("sheet")) {
      int cols = 0, rows = 0;
      if (std::sscanf((*vm)["grid"].as<std::string>().c_str(), "%dx%d", &cols, &rows) != 2 ||
          cols < 1 || rows < 1)
        return BadInput("--grid takes COLSxROWS");
      auto one = ParseOneSheetLabels(*text, labels, (*vm)["sheet"].as<std::string>(), cols, rows,
                                     *catalog);
      if (!one) return BadInput(one.error().message);
      sheets.push_back(*one);
    } else {
      folder = (*vm)["sheets"].as<std::string>();
      auto all = ParseSheetLabels(*text, labels, *catalog);
      if (!all) return BadInput(all.error().message);
      sheets = std::move(all).value();
    }
    // Every sheet read and its tiles found before anything is written.
    auto laid = FindLabelledTiles(folder, sheets);
    if (!laid) return BadInput(laid.error().message);
    std::map<int, cv::Mat> art;  // by type: the first tile labelled so, turned canonical
    for (size_t k = 0; k < sheets.size(); ++k)
      for (size_t i = 0; i < sheets[k].tiles.size(); ++i) {
        const auto [type, quarter] = sheets[k].tiles[i];
        if (art.count(type)) continue;
        cv::Mat tile = CutOutTile((*laid)[k].image, (*laid)[k].tiles[i]);
        for (int q = 0; q < quarter; ++q) cv::rotate(tile, tile, cv::ROTATE_90_COUNTERCLOCKWISE);
        art[type] = tile;
      }
    std::filesystem::path dir = (*vm)["dir"].as<std::string>();
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return BadInput("cannot create " + dir.string() + ": " + ec.message());
    for (const auto& [type, tile] : art)
      if (!cv::imwrite((dir / (catalog->type(type).id + ".png")).string(), tile))
        return BadInput("cannot write " + catalog->type(type).id + ".png");
    std::cout << "enrolled " << art.size() << " tiles from " << sheets.size() << " sheet"
              << (sheets.size() == 1 ? "" : "s") << " into " << dir.string() << "\n";
    return kExitOk;
  }
  int size = (*vm)["size"].as<int>();
  if (size < 16 || size > 4096) return BadInput("--size must be 16 to 4096 pixels");
  std::filesystem::path dir = (*vm)["dir"].as<std::string>();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return BadInput("cannot create " + dir.string() + ": " + ec.message());
  std::vector<std::string> sets;
  if (vm->count("sets")) sets = (*vm)["sets"].as<std::vector<std::string>>();
  int written = 0;
  for (const auto& t : catalog->types()) {
    if (!sets.empty() && std::find(sets.begin(), sets.end(), t.set) == sets.end()) continue;
    auto path = dir / (t.id + ".png");
    if (!cv::imwrite(path.string(), PaintTile(t, size)))
      return BadInput("cannot write " + path.string());
    ++written;
  }
  std::cout << "wrote " << written << " tiles to " << dir.string() << "\n";
  return kExitOk;
}

}  // namespace cf::cli
