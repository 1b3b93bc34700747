#include "tools/cli/cli_common.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace cf::cli {

std::optional<po::variables_map> ParseArgs(const std::vector<std::string>& args,
                                           const std::string& usage,
                                           po::options_description& options,
                                           const po::positional_options_description& positional,
                                           int& exit_code) {
  options.add_options()("help,h", "show this help");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n\n" << options << "\n";
      exit_code = kExitOk;
      return std::nullopt;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    exit_code = BadInput(std::string(e.what()) + " (see --help)");
    return std::nullopt;
  }
  return vm;
}

void AddCatalogOption(po::options_description& options) {
  options.add_options()("catalog", po::value<std::string>(),
                        "tile catalog file (default: CATAPULT_FAIR_CATALOG or the built-in path)");
}

Result<TileCatalog> LoadCatalog(const po::variables_map& vm) {
  if (vm.count("catalog")) return TileCatalog::Load(vm["catalog"].as<std::string>());
  return TileCatalog::LoadDefault();
}

int BadInput(const std::string& message) {
  std::cerr << "catapult-fair: " << OneLine(message) << "\n";
  return kExitBadInput;
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * v.size()))];
}

int WriteOutput(const po::variables_map& vm, const std::string& text) {
  if (!vm.count("out")) {
    std::cout << text;
    return kExitOk;
  }
  std::ofstream out(vm["out"].as<std::string>());
  if (!(out << text)) return BadInput("cannot write " + vm["out"].as<std::string>());
  return kExitOk;
}

}  // namespace cf::cli
