// catapult-fair referee --before IMAGE --after IMAGE --token KIND: the call on one throw.

#include "tools/cli/cli_vision.h"
#include "vision/photo_reading.h"

namespace cf::cli {

namespace {

std::optional<Cell> ParseCell(const std::string& text) {
  int x = 0, y = 0;
  char comma = 0, rest = 0;
  if (std::sscanf(text.c_str(), "%d %c %d %c", &x, &comma, &y, &rest) != 3 || comma != ',')
    return std::nullopt;
  return Cell{x, y};
}

}  // namespace

int RunReferee(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  AddCalibrationOption(options);
  options.add_options()("before", po::value<std::string>()->required(),
                        "photo of the table before the throw")(
      "after", po::value<std::string>()->required(), "photo of the table after the throw")(
      "token", po::value<std::string>()->required(),
      "the token thrown: knockout, seduction, target or catch")(
      "fair-at", po::value<std::string>(),
      "X,Y: the fair tile's cell as analyze reads the before photo (default: the one fair tile "
      "read)")("fair-tile", po::value<std::string>(),
               "the fair tile's id (FAIR-01 .. FAIR-12), where the board holds several")(
      "thrower", po::value<std::string>(),
      "the thrower's colour (seduction: their own followers are no candidates)")(
      "out", po::value<std::string>(), "write the referee JSON here instead of stdout");
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair referee --before IMAGE --after IMAGE --token KIND [--fair-at X,Y]\n"
      "       [--fair-tile ID] [--thrower COLOR] [--tileset DIR] [--calibration FILE] [--out "
      "FILE]\n"
      "Prints the call on one catapult throw (catapult-fair/referee@1): the token, the followers\n"
      "by distance to it, its distance to the fair tile, the followers hit, and whether the call\n"
      "is too close for the pictures to make. With a --calibration that has the table's pose\n"
      "(one camera on a stand), a token the after photo's reading misses is looked for in what\n"
      "changed between the photos. Bad input: exit status 2 and one line saying why.",
      options, {}, code);
  if (!vm) return code;
  RefereeRequest request;
  const auto kind = ParseTokenKind((*vm)["token"].as<std::string>());
  if (!kind)
    return BadInput("--token must be knockout, seduction, target or catch, not '" +
                    (*vm)["token"].as<std::string>() + "'");
  request.token = *kind;
  if (vm->count("fair-at")) {
    request.fair_at = ParseCell((*vm)["fair-at"].as<std::string>());
    if (!request.fair_at)
      return BadInput("--fair-at must be a cell X,Y such as 1,-2, not '" +
                      (*vm)["fair-at"].as<std::string>() + "'");
  }
  if (vm->count("fair-tile")) request.fair_id = (*vm)["fair-tile"].as<std::string>();
  if (vm->count("thrower")) request.thrower = (*vm)["thrower"].as<std::string>();
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  auto calibration = LoadCalibrationOption(*vm);
  if (!calibration) return BadInput(calibration.error().message);
  const AnalyzeInput input{&*catalog, &*tileset, *calibration ? &**calibration : nullptr, ""};
  auto before = ReadPhotoFile((*vm)["before"].as<std::string>(), input, "before");
  if (!before) return BadInput(before.error().message);
  auto after = ReadPhotoFile((*vm)["after"].as<std::string>(), input, "after");
  if (!after) return BadInput(after.error().message);
  auto call = RefereePhotos(*before, *after, request, input.calibration);
  if (!call) return BadInput(call.error().message);
  return WriteOutput(*vm, call->ToJson().dump(2) + "\n");
}

}  // namespace cf::cli
