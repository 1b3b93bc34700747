// catapult-fair tileset export DIR: one canonical top-down image per tile id.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "tools/cli/cli_common.h"
#include "vision/tile_painter.h"

namespace cf::cli {

int RunTileset(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("action", po::value<std::string>()->required(), "export or enroll")(
      "dir", po::value<std::string>()->required(), "output folder")(
      "size", po::value<int>()->default_value(256), "tile size in pixels")(
      "sets", po::value<std::vector<std::string>>()->multitoken(),
      "only these sets (default: all)")("sheet", po::value<std::string>(),
                                        "enroll: a photo of tiles laid out in a grid")(
      "grid", po::value<std::string>()->default_value("4x6"),
      "enroll: columns x rows of the sheet")(
      "labels", po::value<std::string>(), "enroll: ID/DEGREES per tile, row by row ('#' comments)");
  po::positional_options_description pos;
  pos.add("action", 1).add("dir", 1);
  int code = 0;
  auto vm =
      ParseArgs(args,
                "usage: catapult-fair tileset export DIR [--size N]\n"
                "       catapult-fair tileset enroll DIR --sheet IMAGE --grid 4x6 --labels FILE\n"
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
    if (!vm->count("sheet") || !vm->count("labels"))
      return BadInput("enroll needs --sheet and --labels");
    cv::Mat sheet = cv::imread((*vm)["sheet"].as<std::string>(), cv::IMREAD_COLOR);
    if (sheet.empty()) return BadInput("cannot read image " + (*vm)["sheet"].as<std::string>());
    int cols = 0, rows = 0;
    if (std::sscanf((*vm)["grid"].as<std::string>().c_str(), "%dx%d", &cols, &rows) != 2 ||
        cols < 1 || rows < 1)
      return BadInput("--grid takes COLSxROWS");
    auto text = ReadFile((*vm)["labels"].as<std::string>());
    if (!text) return BadInput(text.error().message);
    std::vector<std::string> labels;
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);) {
      if (auto h = line.find('#'); h != std::string::npos) line.erase(h);
      std::istringstream words(line);
      for (std::string w; words >> w;) labels.push_back(w);
    }
    if (static_cast<int>(labels.size()) != cols * rows)
      return BadInput("the labels name " + std::to_string(labels.size()) + " tiles, the grid has " +
                      std::to_string(cols * rows));
    std::filesystem::path dir = (*vm)["dir"].as<std::string>();
    std::filesystem::create_directories(dir);
    double w = sheet.cols / double(cols), h = sheet.rows / double(rows);
    for (int i = 0; i < cols * rows; ++i) {
      auto slash = labels[i].find('/');
      std::string id = labels[i].substr(0, slash);
      int degrees = slash == std::string::npos ? 0 : std::atoi(labels[i].c_str() + slash + 1);
      if (catalog->find(id) < 0 || degrees % 90) return BadInput("bad label '" + labels[i] + "'");
      cv::Mat tile = sheet(cv::Rect(static_cast<int>(i % cols * w), static_cast<int>(i / cols * h),
                                    static_cast<int>(w), static_cast<int>(h)))
                         .clone();
      for (int q = 0; q < ((degrees / 90) % 4 + 4) % 4; ++q)
        cv::rotate(tile, tile, cv::ROTATE_90_COUNTERCLOCKWISE);
      if (!cv::imwrite((dir / (id + ".png")).string(), tile))
        return BadInput("cannot write " + id + ".png");
    }
    std::cout << "enrolled " << cols * rows << " tiles into " << dir.string() << "\n";
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
