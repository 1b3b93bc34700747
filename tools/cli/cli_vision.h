#pragma once
// Shared pieces of the verbs that read pictures.

#include "tools/cli/cli_common.h"
#include "vision/tileset.h"

namespace cf::cli {

void AddTilesetOption(po::options_description& options);
// The --tileset folder's art, or the painted tile set without one.
Result<std::vector<TileReference>> LoadTilesetOption(const po::variables_map& vm,
                                                     const TileCatalog& catalog);

}  // namespace cf::cli
