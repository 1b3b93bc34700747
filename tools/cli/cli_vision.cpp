#include "tools/cli/cli_vision.h"

namespace cf::cli {

void AddTilesetOption(po::options_description& options) {
  options.add_options()("tileset", po::value<std::string>(),
                        "reference art folder (<id>.png); default: the painted tile set");
}

Result<std::vector<TileReference>> LoadTilesetOption(const po::variables_map& vm,
                                                     const TileCatalog& catalog) {
  if (!vm.count("tileset")) return PaintedTileset(catalog);
  return LoadTileset(vm["tileset"].as<std::string>(), catalog);
}

}  // namespace cf::cli
