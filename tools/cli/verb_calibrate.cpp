// catapult-fair calibrate: camera, table plane and player colours into one YAML file.

#include <cstdio>
#include <iostream>

#include "calibration/calibration_file.h"
#include "calibration/charuco.h"
#include "engine/json.h"
#include "engine/whole_file.h"
#include "tools/cli/cli_vision.h"
#include "vision/analyze.h"
#include "vision/colour_learner.h"
#include "vision/image_file.h"
#include "vision/tile_calibration.h"

namespace cf::cli {

namespace {

// calibrate --tiles: the plane and a camera from the tile grid of one picture.
int RunCalibrateTiles(const po::variables_map& vm) {
  if (!vm.count("out")) return BadInput("calibrate --tiles needs --out FILE");
  auto catalog = LoadCatalog(vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  const std::string path = vm["tiles"].as<std::string>();
  auto image = ReadImageFile(path);
  if (!image) return BadInput(image.error().message);
  auto tiles = CalibrateFromTiles(*image, {&*catalog, &*tileset, nullptr, ""});
  if (!tiles) return BadInput(path + ": " + tiles.error().message);
  if (auto s = SaveCalibration(tiles->calibration, vm["out"].as<std::string>()); !s)
    return BadInput(s.error().message);
  std::printf(
      "table plane from %d tiles: centres within %.2f mm of the 45 mm grid; camera tilted %.1f "
      "degrees, %.0f mm from the middle tile, focal length %.0f px (%s)\n",
      tiles->tiles, tiles->rms_mm, tiles->tilt_deg, tiles->distance_mm,
      tiles->calibration.camera.fx,
      tiles->focal_estimated
          ? "from the perspective"
          : "assumed: the view is too straight down, or the lens bends it too much, to tell");
  return kExitOk;
}

// calibrate --colours: the players' colours as the reader sees them, from the followers read
// surely in a few frames of the table.
int CalibrateColours(const po::variables_map& vm) {
  if (!vm.count("out")) return BadInput("calibrate --colours needs --out FILE");
  auto catalog = LoadCatalog(vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  Calibration cal;
  if (vm.count("calibration")) {
    auto loaded = LoadCalibration(vm["calibration"].as<std::string>());
    if (!loaded) return BadInput(loaded.error().message);
    cal = *loaded;
  }
  if (vm.count("players"))
    if (Status kept = KeepPlayersColours(vm["players"].as<std::string>(), cal.colors); !kept)
      return BadInput(kept.error().message);
  ColourLearner learner({&*catalog, &*tileset, &cal, ""});
  for (const auto& path : vm["colours"].as<std::vector<std::string>>()) {
    auto image = ReadImageFile(path);
    if (!image) return BadInput(image.error().message);
    if (Status added = learner.AddFrame(*image); !added)
      return BadInput(path + ": " + added.error().message);
  }
  for (const LearntColour& c : learner.Fit(cal.colors)) {
    if (c.learnt)
      std::printf("%-7s from %d followers, %zu pixels: Lab %.0f %.0f %.0f (was %.0f %.0f %.0f)\n",
                  c.name.c_str(), c.followers, c.pixels, c.after[0], c.after[1], c.after[2],
                  c.before[0], c.before[1], c.before[2]);
    else
      std::printf("%-7s kept as it was: %d followers read surely, %zu pixels (%zu needed)\n",
                  c.name.c_str(), c.followers, c.pixels, kLeastColourPixels);
  }
  if (auto s = SaveCalibration(cal, vm["out"].as<std::string>()); !s)
    return BadInput(s.error().message);
  return kExitOk;
}

}  // namespace

int RunCalibrate(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  options.add_options()("charuco", po::value<std::vector<std::string>>()->multitoken(),
                        "images of the ChArUco board held in several poses")(
      "tiles", po::value<std::string>(),
      "no printed target: a picture of the tiles on the table gives the plane (45 mm squares)")(
      "table", po::value<std::string>(),
      "an image with the board lying flat on the table (default: the first)")(
      "squares", po::value<std::string>()->default_value("8x11"), "board squares, X x Y (odd Y)")(
      "square-mm", po::value<double>()->default_value(30), "square size in mm")(
      "marker-mm", po::value<double>()->default_value(22), "marker size in mm")(
      "check", po::value<std::string>(), "read a calibration file and print what it holds")(
      "colours", po::value<std::vector<std::string>>()->multitoken(),
      "frames of the table with the players' followers on it: their colours as seen")(
      "players", po::value<std::string>(),
      "with --colours: the colours in play, e.g. red,blue,green (the others dropped)")(
      "calibration", po::value<std::string>(),
      "with --colours: the calibration to start from (its camera and table plane kept)")(
      "from-scene", po::value<std::string>(),
      "take the true camera of a rendered scene's JSON (for tests)")(
      "out", po::value<std::string>(), "the calibration file to write (YAML)");
  po::positional_options_description pos;
  int code = 0;
  auto vm =
      ParseArgs(args,
                "usage: catapult-fair calibrate --charuco IMG... [--table IMG] --out cal.yaml\n"
                "       catapult-fair calibrate --tiles IMG [--tileset DIR] --out cal.yaml\n"
                "       catapult-fair calibrate --colours IMG... [--players LIST]\n"
                "                 [--calibration cal.yaml] --out cal.yaml\n"
                "       catapult-fair calibrate --check cal.yaml\n"
                "Camera intrinsics and distortion from a ChArUco board (DICT_5X5_100), the table\n"
                "plane from the board lying on the table, and default player colours. Without a\n"
                "board, --tiles fixes the plane and the camera from the tile grid in one picture\n"
                "(square pixels and no lens distortion assumed), centred on the middle tile.\n"
                "--colours learns the players' colours (Lab mean and spread) from the followers\n"
                "read surely in frames of the table; --players keeps only the colours in play.",
                options, pos, code);
  if (!vm) return code;
  if (vm->count("check")) {
    auto c = LoadCalibration((*vm)["check"].as<std::string>());
    if (!c) return BadInput(c.error().message);
    std::cout << "camera " << c->camera.width << "x" << c->camera.height << ", fx " << c->camera.fx
              << ", fy " << c->camera.fy << ", reprojection " << c->rms_px << " px, table plane "
              << (c->has_table_pose ? "known" : "unknown") << ", " << c->colors.colors().size()
              << " colours\n";
    return kExitOk;
  }
  if (vm->count("from-scene") && vm->count("out")) {
    auto text = ReadWholeFile((*vm)["from-scene"].as<std::string>());
    if (!text) return BadInput(text.error().message);
    auto doc = json::parse(*text);
    if (!doc) return BadInput("not valid JSON: " + doc.error().message);
    const json::Value* cam = doc->find("camera");
    if (!cam) return BadInput("the scene has no camera");
    auto camera = Camera::FromJson(*cam);
    if (!camera) return BadInput(camera.error().message);
    Calibration out;
    out.camera = *camera;
    out.has_table_pose = true;
    if (auto s = SaveCalibration(out, (*vm)["out"].as<std::string>()); !s)
      return BadInput(s.error().message);
    return kExitOk;
  }
  if (vm->count("tiles")) return RunCalibrateTiles(*vm);
  if (vm->count("colours")) return CalibrateColours(*vm);
  if (!vm->count("charuco") || !vm->count("out"))
    return BadInput("calibrate needs --charuco IMAGES or --tiles IMAGE, and --out FILE");
  CharucoSpec spec;
  if (std::sscanf((*vm)["squares"].as<std::string>().c_str(), "%dx%d", &spec.squares_x,
                  &spec.squares_y) != 2 ||
      spec.squares_x < 3 || spec.squares_y < 3)
    return BadInput("--squares takes XxY, e.g. 8x11");
  spec.square_mm = (*vm)["square-mm"].as<double>();
  spec.marker_mm = (*vm)["marker-mm"].as<double>();
  std::vector<cv::Mat> images;
  for (const auto& path : (*vm)["charuco"].as<std::vector<std::string>>()) {
    auto img = ReadImageFile(path);
    if (!img) return BadInput(img.error().message);
    images.push_back(*img);
  }
  auto cal = CalibrateIntrinsics(images, spec);
  if (!cal) return BadInput(cal.error().message);
  Calibration out;
  out.camera = cal->camera;
  out.rms_px = cal->rms_px;
  cv::Mat table = images[0];
  if (vm->count("table")) {
    auto read = ReadImageFile((*vm)["table"].as<std::string>(), "the table image");
    if (!read) return BadInput(read.error().message);
    table = *read;
  }
  if (auto pose = PoseFromBoard(table, cal->camera, spec)) {
    out.camera = *pose;
    out.has_table_pose = true;
  }
  if (auto s = SaveCalibration(out, (*vm)["out"].as<std::string>()); !s)
    return BadInput(s.error().message);
  std::cout << "calibrated from " << cal->views << " views: reprojection " << cal->rms_px
            << " px, fx " << cal->camera.fx << ", table plane "
            << (out.has_table_pose ? "from the board" : "unknown") << "\n";
  return kExitOk;
}

}  // namespace cf::cli
