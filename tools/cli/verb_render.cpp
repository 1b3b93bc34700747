// catapult-fair render: synthetic table photos with exact ground truth.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <opencv2/imgcodecs.hpp>
#include <random>

#include "engine/game_record.h"
#include "engine/random_game.h"
#include "tools/cli/cli_common.h"
#include "vision/scene_recipe.h"
#include "vision/sequence_renderer.h"
#include "vision/table_layout.h"
#include "vision/table_renderer.h"

namespace cf::cli {

namespace {

bool WriteText(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

int RunRender(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("seed", po::value<uint64_t>()->default_value(1),
                        "random seed (same seed, same image)")(
      "count", po::value<int>()->default_value(1), "scenes to render, seeds seed..seed+count-1")(
      "out", po::value<std::string>()->required(), "output folder")(
      "tiles", po::value<int>()->default_value(40),
      "tiles on the board (0: the table before the start tile is laid)")(
      "players", po::value<int>()->default_value(6), "players (follower colours)")(
      "expansions", po::value<std::vector<std::string>>()->multitoken(),
      "expansions in the game, or all")("camera", po::value<std::string>()->default_value("1080p"),
                                        "1080p or 4k")(
      "distance", po::value<double>(),
      "camera distance to the board centre, mm (default 700-1500)")(
      "tilt", po::value<double>(), "camera tilt from straight down, degrees (default 0-35)")(
      "tokens", po::value<int>()->default_value(4), "catapult tokens on the table")(
      "hands", po::value<double>()->default_value(0.25), "chance of hands in the picture")(
      "png", "write lossless PNG instead of JPEG")(
      "sequence", po::value<int>(), "render a game of this many turns frame by frame instead")(
      "charuco", po::value<int>(), "render this many views of a ChArUco calibration board instead");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair render --seed N --out DIR [--count N] [--tiles N] [--camera 1080p|4k]\n"
      "       [--expansions ...] [--sequence TURNS | --charuco VIEWS]\n"
      "Writes scene-SEED.jpg with scene-SEED.json (scene@1 ground truth plus the camera).",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  std::filesystem::path dir = (*vm)["out"].as<std::string>();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return BadInput("cannot create " + dir.string());
  LookOptions look_options;
  const std::string camera = (*vm)["camera"].as<std::string>();
  if (camera == "4k")
    look_options.width = 3840, look_options.height = 2160;
  else if (camera != "1080p")
    return BadInput("--camera must be 1080p or 4k");
  if (vm->count("distance"))
    look_options.min_distance = look_options.max_distance = (*vm)["distance"].as<double>();
  if (vm->count("tilt")) look_options.min_tilt = look_options.max_tilt = (*vm)["tilt"].as<double>();
  look_options.hands_chance = (*vm)["hands"].as<double>();
  std::vector<std::string> expansions;
  if (vm->count("expansions")) expansions = (*vm)["expansions"].as<std::vector<std::string>>();
  if (std::find(expansions.begin(), expansions.end(), "all") != expansions.end())
    expansions = KnownExpansions();
  GameSetup setup;
  int players = (*vm)["players"].as<int>();
  if (players < 2 || players > 6) return BadInput("--players must be 2 to 6");
  for (int i = 0; i < players; ++i) setup.players.push_back({kColors[i], ""});
  setup.expansions = expansions;
  const uint64_t seed0 = (*vm)["seed"].as<uint64_t>();
  const std::string ext = vm->count("png") ? ".png" : ".jpg";

  if (vm->count("charuco")) {
    CharucoSpec spec;
    Look look = CalibrationLook(look_options, seed0);
    look.jpeg_quality = 0;
    json::Value index;
    index["camera"] = look.camera.ToJson();
    index["board"]["squares_x"] = spec.squares_x;
    index["board"]["squares_y"] = spec.squares_y;
    index["board"]["square_mm"] = spec.square_mm;
    index["board"]["marker_mm"] = spec.marker_mm;
    index["board"]["dictionary"] = "DICT_5X5_100";
    json::Array views;
    auto poses = CalibrationPoses((*vm)["charuco"].as<int>(), seed0);
    for (size_t i = 0; i < poses.size(); ++i) {
      const CharucoPose& pose = poses[i];
      cv::Mat img = RenderCharucoView(spec, pose, look);
      std::string name = "charuco-" + std::to_string(i) + ext;
      std::vector<int> params;
      if (ext == ".jpg") params = {cv::IMWRITE_JPEG_QUALITY, 95};
      if (!cv::imwrite((dir / name).string(), img, params)) return BadInput("cannot write " + name);
      json::Value v;
      v["image"] = name;
      v["center_mm"] = json::Array{pose.center.x, pose.center.y, pose.center.z};
      v["tilt_x_deg"] = pose.tilt_x_deg;
      v["tilt_y_deg"] = pose.tilt_y_deg;
      v["yaw_deg"] = pose.yaw_deg;
      views.push_back(v);
    }
    index["views"] = views;
    if (!WriteText(dir / "charuco.json", index.dump(2) + "\n"))
      return BadInput("cannot write charuco.json");
    std::cout << "wrote " << views.size() << " ChArUco views to " << dir.string() << "\n";
    return kExitOk;
  }

  if (vm->count("sequence")) {
    SequenceOptions so;
    so.turns = (*vm)["sequence"].as<int>();
    so.seed = seed0;
    so.look = look_options;
    if (!setup.has("catapult")) setup.expansions.push_back("catapult");
    auto written = RenderSequence(*catalog, setup, so, dir, ext);
    if (!written) return BadInput(written.error().message);
    std::cout << "wrote " << *written << " frames to " << dir.string() << "\n";
    return kExitOk;
  }

  for (int k = 0; k < (*vm)["count"].as<int>(); ++k) {
    uint64_t seed = seed0 + k;
    SceneRecipe recipe;
    recipe.seed = seed;
    recipe.tiles = (*vm)["tiles"].as<int>();
    recipe.players = players;
    recipe.expansions = expansions;
    recipe.tokens = (*vm)["tokens"].as<int>();
    recipe.look = look_options;
    auto [scene, look] = RecipeTable(*catalog, recipe);
    if (ext == ".png") look.jpeg_quality = 0;
    cv::Mat img = RenderTable(*catalog, scene, look);
    std::string stem = "scene-" + std::to_string(seed);
    scene.image = stem + ext;
    std::vector<int> params;
    if (ext == ".jpg") params = {cv::IMWRITE_JPEG_QUALITY, 95};
    if (!cv::imwrite((dir / scene.image).string(), img, params))
      return BadInput("cannot write " + scene.image);
    if (!WriteText(dir / (stem + ".json"), scene.ToJson().dump(2) + "\n"))
      return BadInput("cannot write " + stem + ".json");
  }
  std::cout << "wrote " << (*vm)["count"].as<int>() << " scenes to " << dir.string() << "\n";
  return kExitOk;
}

}  // namespace cf::cli
