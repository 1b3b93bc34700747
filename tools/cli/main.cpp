// catapult-fair: the command-line front end. Each verb is a thin layer over the libraries.

#include <algorithm>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli/cli_common.h"

#ifdef CF_WITH_VISION
#include <opencv2/core/utils/logger.hpp>
#endif

namespace cf::cli {

const std::vector<Verb>& Verbs() {
  static const std::vector<Verb> kVerbs = {
      {"score", "replay a game record and print the scores as JSON", RunScore},
      {"rules", "list every rule switch and expansion with its default", RunRules},
      {"selfplay", "play a random legal game and write its record", RunSelfplay},
      {"bench",
       "print speed and accuracy figures (bench engine | render | vision | photos | tiles | "
       "referee | turns)",
       RunBench},
#ifdef CF_WITH_VISION
      {"tileset", "export the painted tile set (tileset export DIR)", RunTileset},
      {"render", "render synthetic table photos with exact ground truth", RunRender},
      {"analyze", "read tiles, followers and tokens from a photo of the table (scene JSON)",
       RunAnalyze},
      {"calibrate", "camera, table plane and colours from ChArUco images into a YAML file",
       RunCalibrate},
      {"referee", "call one catapult throw from photos before and after it (referee JSON)",
       RunReferee},
      {"turn", "the turn a photo of the table shows after a game record (turn JSON)", RunTurn},
#endif
  };
  return kVerbs;
}

int RunBench(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "engine") return RunBenchEngine({args.begin() + 1, args.end()});
#ifdef CF_WITH_VISION
  if (!args.empty() && args[0] == "render") return RunBenchRender({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "vision") return RunBenchVision({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "photos") return RunBenchPhotos({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "tiles") return RunBenchTiles({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "referee") return RunBenchReferee({args.begin() + 1, args.end()});
  if (!args.empty() && args[0] == "turns") return RunBenchTurns({args.begin() + 1, args.end()});
#endif
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << "usage: catapult-fair bench engine|render|vision|photos|tiles|referee|turns [options]\n";
    return args.empty() ? kExitBadInput : kExitOk;
  }
  return BadInput("unknown benchmark '" + args[0] +
                  "' (engine, render, vision, photos, tiles, referee, turns)");
}

}  // namespace cf::cli

int main(int argc, char** argv) {
  using namespace cf::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
#ifdef CF_WITH_VISION
  cv::utils::logging::setLogLevel(
      cv::utils::logging::LOG_LEVEL_SILENT);  // errors are ours to report
#endif
  auto usage = [] {
    std::cout
        << "usage: catapult-fair VERB [options]   (catapult-fair VERB --help for each)\n\nverbs:\n";
    for (const auto& v : Verbs())
      std::cout << "  " << v.name << std::string(12 - std::string(v.name).size(), ' ') << v.summary
                << "\n";
  };
  if (args.empty()) {
    usage();
    return kExitBadInput;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    usage();
    return kExitOk;
  }
  for (const auto& v : Verbs()) {
    if (args[0] != v.name) continue;
    try {
      return v.run({args.begin() + 1, args.end()});
    } catch (const std::exception& e) {
      std::cerr << "catapult-fair: internal error: " << e.what() << "\n";
      return 1;
    }
  }
  return BadInput("unknown verb '" + args[0] + "' (see --help)");
}
