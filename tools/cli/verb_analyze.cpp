// catapult-fair analyze IMAGE: what lies on the table, as scene JSON.

#include "tools/cli/cli_vision.h"
#include "vision/analyze.h"
#include "vision/image_file.h"

namespace cf::cli {

int RunAnalyze(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  AddCalibrationOption(options);
  options.add_options()("image", po::value<std::string>()->required(), "photo of the table")(
      "out", po::value<std::string>(), "write the scene JSON here instead of stdout")(
      "debug", po::value<std::string>(),
      "write pictures of the steps to files starting with this prefix");
  po::positional_options_description pos;
  pos.add("image", 1);
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair analyze IMAGE [--tileset DIR] [--calibration FILE] [--out FILE] "
      "[--debug PREFIX]\n"
      "Prints the scene (catapult-fair/scene@1): tiles, followers and tokens in mm on the table.\n"
      "No board, an unreadable file or an empty frame: exit status 2 and one line saying why.",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  const std::string path = (*vm)["image"].as<std::string>();
  auto image = ReadImageFile(path);
  if (!image) return BadInput(image.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  auto calibration = LoadCalibrationOption(*vm);
  if (!calibration) return BadInput(calibration.error().message);
  AnalyzeInput input{&*catalog, &*tileset, *calibration ? &**calibration : nullptr, ""};
  if (vm->count("debug")) input.debug_prefix = (*vm)["debug"].as<std::string>();
  auto scene = AnalyzeTable(*image, input);
  if (!scene) return BadInput(path + ": " + scene.error().message);
  scene->image = path;
  return WriteOutput(*vm, scene->ToJson().dump(2) + "\n");
}

}  // namespace cf::cli
