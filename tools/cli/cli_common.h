#pragma once
// Shared pieces of the command-line verbs: exit codes, option parsing, file reading.

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "engine/tile_catalog.h"

namespace cf::cli {

namespace po = boost::program_options;

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;

// One verb of `catapult-fair`.
struct Verb {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};
const std::vector<Verb>& Verbs();

// Parses `args` against `options` (and positional ones); prints help and returns 0 or an error and
// returns 2 through `exit_code` when the caller should stop.
std::optional<po::variables_map> ParseArgs(const std::vector<std::string>& args,
                                           const std::string& usage,
                                           po::options_description& options,
                                           const po::positional_options_description& positional,
                                           int& exit_code);
void AddCatalogOption(po::options_description& options);
Result<TileCatalog> LoadCatalog(const po::variables_map& vm);
int BadInput(const std::string& message);  // prints "catapult-fair: message" and returns 2
// a in b, in per cent (0 of nothing).
inline double Pct(int a, int b) { return b ? 100.0 * a / b : 0.0; }
// The value below which the share `p` of `v` lies (0 of nothing).
double Percentile(std::vector<double> v, double p);
// Writes `text` to the --out file, or to stdout without one; a file that cannot be written is bad
// input (returns 2).
int WriteOutput(const po::variables_map& vm, const std::string& text);

int RunScore(const std::vector<std::string>& args);
int RunRules(const std::vector<std::string>& args);
int RunSelfplay(const std::vector<std::string>& args);
int RunBench(const std::vector<std::string>& args);
int RunBenchEngine(const std::vector<std::string>& args);
int RunTileset(const std::vector<std::string>& args);
int RunCalibrate(const std::vector<std::string>& args);
int RunAnalyze(const std::vector<std::string>& args);
int RunReferee(const std::vector<std::string>& args);
int RunTurn(const std::vector<std::string>& args);
int RunRender(const std::vector<std::string>& args);
int RunBenchVision(const std::vector<std::string>& args);
int RunBenchRender(const std::vector<std::string>& args);
int RunBenchPhotos(const std::vector<std::string>& args);
int RunBenchTiles(const std::vector<std::string>& args);
int RunBenchReferee(const std::vector<std::string>& args);
int RunBenchTurns(const std::vector<std::string>& args);

}  // namespace cf::cli
