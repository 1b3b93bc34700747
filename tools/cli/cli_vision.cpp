#include "tools/cli/cli_vision.h"

#include <map>
#include <sstream>

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

void AddCalibrationOption(po::options_description& options) {
  options.add_options()("calibration", po::value<std::string>(),
                        "calibration file from 'catapult-fair calibrate'; without one the table "
                        "plane comes from the tile edges");
}

Result<std::optional<Calibration>> LoadCalibrationOption(const po::variables_map& vm) {
  if (!vm.count("calibration")) return std::optional<Calibration>();
  auto c = LoadCalibration(vm["calibration"].as<std::string>());
  if (!c) return c.error();
  return std::optional<Calibration>(*c);
}

Status KeepPlayersColours(const std::string& players, ColorModel& model) {
  std::map<std::string, ColorStats> kept;
  std::stringstream list(players);
  for (std::string name; std::getline(list, name, ',');) {
    auto it = model.colors().find(name);
    if (it == model.colors().end()) {
      std::string names;
      for (const auto& [known, stats] : model.colors())
        names += (names.empty() ? "" : ", ") + known;
      return Error{"--players: no colour named '" + name + "' (the calibration has " + names + ")"};
    }
    kept.insert(*it);
  }
  if (kept.empty()) return Error{"--players names no colour"};
  model.colors() = kept;
  return Status::Ok();
}

}  // namespace cf::cli
