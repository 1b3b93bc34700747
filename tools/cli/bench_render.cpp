// catapult-fair bench render: time to render one table scene at 1080p and 4K.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

#include "engine/random_game.h"
#include "tools/cli/cli_common.h"
#include "vision/scene_recipe.h"

namespace cf::cli {

int RunBenchRender(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("scenes", po::value<int>()->default_value(10), "scenes per resolution")(
      "tiles", po::value<int>()->default_value(60), "tiles per scene");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(args, "usage: catapult-fair bench render [--scenes N] [--tiles N]", options,
                      pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  cv::setNumThreads(1);  // the figures are single-threaded
  std::printf(
      "catapult-fair bench render (single thread, %d tiles, followers and 4 tokens per scene)\n",
      (*vm)["tiles"].as<int>());
  for (auto [w, h, name] : {std::tuple{1920, 1080, "1080p"}, std::tuple{3840, 2160, "4K"}}) {
    std::vector<double> ms;
    for (int i = 0; i < (*vm)["scenes"].as<int>(); ++i) {
      auto t0 = std::chrono::steady_clock::now();
      SceneRecipe recipe;
      recipe.seed = 1000 + i;
      recipe.tiles = (*vm)["tiles"].as<int>();
      recipe.expansions = KnownExpansions();
      recipe.look.width = w;
      recipe.look.height = h;
      RenderedScene scene = RenderRecipe(*catalog, recipe);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf(
        "  %-5s  median %.0f ms, max %.0f ms per scene (%zu scenes, game + layout + render)\n",
        name, ms[ms.size() / 2], ms.back(), ms.size());
  }
  return kExitOk;
}

}  // namespace cf::cli
