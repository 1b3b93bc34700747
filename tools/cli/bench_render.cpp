// catapult-fair bench render: time to render one table scene at 1080p and 4K.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

#include "engine/random_game.h"
#include "tools/cli/cli_common.h"
#include "vision/table_layout.h"
#include "vision/table_renderer.h"

namespace cf::cli {

int RunBenchRender(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  options.add_options()("scenes", po::value<int>()->default_value(10), "scenes per resolution")(
      "tiles", po::value<int>()->default_value(60), "tiles per scene");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(args, "usage: catapult-fair bench render [--scenes N] [--tiles N]", options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  std::printf("catapult-fair bench render (single thread, %d tiles, followers and 4 tokens per scene)\n",
              (*vm)["tiles"].as<int>());
  for (auto [w, h, name] : {std::tuple{1920, 1080, "1080p"}, std::tuple{3840, 2160, "4K"}}) {
    std::vector<double> ms;
    for (int i = 0; i < (*vm)["scenes"].as<int>(); ++i) {
      auto t0 = std::chrono::steady_clock::now();
      GameSetup setup;
      for (int p = 0; p < 4; ++p) setup.players.push_back({kColors[p], ""});
      setup.expansions = KnownExpansions();
      auto game = GameState::Create(*catalog, setup);
      std::mt19937_64 rng(1000 + i);
      RandomGameOptions ro;
      ro.max_tiles = (*vm)["tiles"].as<int>();
      PlayRandomGame(*game, rng, ro);
      LayoutOptions lo;
      lo.seed = 1000 + i;
      Scene scene = LayoutTable(*game, lo);
      ScatterTokens(scene, 4, rng);
      LookOptions look_options;
      look_options.width = w;
      look_options.height = h;
      cv::Mat img = RenderTable(*catalog, scene, RandomLook(scene, look_options, 1000 + i));
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("  %-5s  median %.0f ms, max %.0f ms per scene (%zu scenes, game + layout + render)\n", name,
                ms[ms.size() / 2], ms.back(), ms.size());
  }
  return kExitOk;
}

}  // namespace cf::cli
