// catapult-fair tileset export DIR: one canonical top-down image per tile id.

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <opencv2/imgcodecs.hpp>

#include "tools/cli/cli_common.h"
#include "vision/tile_painter.h"

namespace cf::cli {

int RunTileset(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("action", po::value<std::string>()->required(), "export")(
      "dir", po::value<std::string>()->required(), "output folder")(
      "size", po::value<int>()->default_value(256), "tile size in pixels")(
      "sets", po::value<std::vector<std::string>>()->multitoken(), "only these sets (default: all)");
  po::positional_options_description pos;
  pos.add("action", 1).add("dir", 1);
  int code = 0;
  auto vm = ParseArgs(args, "usage: catapult-fair tileset export DIR [--size N]\n"
                            "Writes <id>.png for every tile of the catalog, canonical orientation "
                            "(the --tileset format of analyze).",
                      options, pos, code);
  if (!vm) return code;
  if ((*vm)["action"].as<std::string>() != "export") return BadInput("tileset knows one action: export");
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
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
    if (!cv::imwrite(path.string(), PaintTile(t, size))) return BadInput("cannot write " + path.string());
    ++written;
  }
  std::cout << "wrote " << written << " tiles to " << dir.string() << "\n";
  return kExitOk;
}

}  // namespace cf::cli
