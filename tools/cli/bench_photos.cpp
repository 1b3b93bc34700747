// catapult-fair bench photos: how many of the followers read on real photos are meeples, against
// followers judged by eye (tools/real_photo_followers.txt).

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/whole_file.h"
#include "tools/cli/cli_vision.h"
#include "vision/analyze.h"
#include "vision/colour_learner.h"
#include "vision/image_file.h"

namespace cf::cli {

namespace {

// A read follower judged by eye: a meeple of (about) its colour lies there, or not, or unclear.
struct JudgedFollower {
  std::string colour;
  double mm[2]{};
  std::string verdict;  // meeple, not, unclear
};

// A reading within this of a judged one (mm, same colour) is that one read again.
constexpr double kSameReadingMm = 5;
// How far (mm, each way) a reading's frame may slip besides whole tiles: a grid placed otherwise.
constexpr int kMostFrameSlipMm = 10;

Result<std::map<std::string, std::vector<JudgedFollower>>> LoadJudged(const std::string& path) {
  auto text = ReadWholeFile(path, "labels");
  if (!text) return text.error();
  std::istringstream in(*text);
  std::map<std::string, std::vector<JudgedFollower>> by_photo;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string photo;
    JudgedFollower f;
    if (!(fields >> photo >> f.colour >> f.mm[0] >> f.mm[1] >> f.verdict) ||
        (f.verdict != "meeple" && f.verdict != "not" && f.verdict != "unclear"))
      return Error{path + ":" + std::to_string(n) +
                   ": expected: photo colour x_mm y_mm meeple|not|unclear"};
    by_photo[photo].push_back(f);
  }
  return by_photo;
}

// The judged follower `read` is, under the frame shift `shift` (mm), or nullptr.
const JudgedFollower* JudgedAs(const SceneFollower& read, const std::vector<JudgedFollower>& judged,
                               const double shift[2]) {
  for (const auto& j : judged)
    if (j.colour == read.color &&
        std::hypot(read.center_mm[0] + shift[0] - j.mm[0], read.center_mm[1] + shift[1] - j.mm[1]) <
            kSameReadingMm)
      return &j;
  return nullptr;
}

// The frame is centred on the board's middle tile: another reading of the board may centre it
// tiles away (a score board beside it read as tiles or not), and a grid placed otherwise moves the
// middle cell's centre by a few millimetres. The shift (whole tiles and up to kMostFrameSlipMm
// besides) under which most readings are judged ones, the least if several.
std::array<double, 2> ShiftOntoLabels(const std::vector<SceneFollower>& read,
                                      const std::vector<JudgedFollower>& judged) {
  std::array<double, 2> shift = {0, 0};
  int most = -1;
  for (int dx = -6; dx <= 6; ++dx)
    for (int dy = -6; dy <= 6; ++dy)
      for (int sx = -kMostFrameSlipMm; sx <= kMostFrameSlipMm; ++sx)
        for (int sy = -kMostFrameSlipMm; sy <= kMostFrameSlipMm; ++sy) {
          const double s[2] = {dx * kTilePitchMm + sx, dy * kTilePitchMm + sy};
          int n = 0;
          for (const auto& f : read) n += JudgedAs(f, judged, s) != nullptr;
          if (n > most || (n == most && std::hypot(s[0], s[1]) < std::hypot(shift[0], shift[1])))
            most = n, shift = {s[0], s[1]};
        }
  return shift;
}

}  // namespace

int RunBenchPhotos(const std::vector<std::string>& args) {
  po::options_description options("options");
  AddCatalogOption(options);
  AddTilesetOption(options);
  options.add_options()("boards", po::value<std::string>()->required(),
                        "folder of the real board photos")(
      "labels", po::value<std::string>()->required(),
      "followers judged by eye (photo colour x_mm y_mm verdict)")(
      "learn-colours",
      "read each photo with the players' colours learnt from it first (calibrate "
      "--colours)")("players", po::value<std::string>(),
                    "read with these colours only, e.g. red,blue,green (calibrate --players)")(
      "per-photo", "print one line per photo");
  po::positional_options_description pos;
  int code = 0;
  auto vm = ParseArgs(
      args,
      "usage: catapult-fair bench photos --boards DIR --labels FILE --tileset DIR [--per-photo]\n"
      "Reads every labelled photo and counts its followers read as meeples, as not, and not "
      "judged.",
      options, pos, code);
  if (!vm) return code;
  auto catalog = LoadCatalog(*vm);
  if (!catalog) return BadInput(catalog.error().message);
  auto tileset = LoadTilesetOption(*vm, *catalog);
  if (!tileset) return BadInput(tileset.error().message);
  auto judged = LoadJudged((*vm)["labels"].as<std::string>());
  if (!judged) return BadInput(judged.error().message);
  const std::filesystem::path boards = (*vm)["boards"].as<std::string>();
  Calibration players;  // no camera: the colours in play only, by default the six
  if (vm->count("players"))
    if (Status kept = KeepPlayersColours((*vm)["players"].as<std::string>(), players.colors); !kept)
      return BadInput(kept.error().message);
  std::map<std::string, int> total, kept;  // by verdict: judged, and read again
  std::map<std::string, std::map<std::string, int>> kept_by_colour;  // colour, verdict: read again
  int unjudged = 0, refused = 0;
  std::map<std::string, int> tokens;  // by kind: every one read is false, these tables hold none
  for (const auto& [photo, followers] : *judged) {
    for (const auto& j : followers) ++total[j.verdict];
    auto photo_image = ReadImageFile((boards / photo).string());
    if (!photo_image) return BadInput(photo_image.error().message);
    const cv::Mat& image = *photo_image;
    Calibration colours = players;
    if (vm->count("learn-colours")) {
      ColourLearner learner({&*catalog, &*tileset, &players, ""});
      if (learner.AddFrame(image).ok()) learner.Fit(colours.colors);
    }
    // A calibration with no table pose reads by the tiles, as none does, with its colours.
    auto scene = AnalyzeTable(image, AnalyzeInput{&*catalog, &*tileset, &colours, ""});
    if (!scene) {
      ++refused;
      if (vm->count("per-photo"))
        std::printf("  %-12s refused: %s\n", photo.c_str(), scene.error().message.c_str());
      continue;
    }
    const std::array<double, 2> shift = ShiftOntoLabels(scene->followers, followers);
    // Each judged follower is read once at most: a second reading of it is a new one.
    std::map<std::string, int> here;
    std::set<const JudgedFollower*> read;
    std::vector<const SceneFollower*> new_here, not_meeples;
    for (const auto& f : scene->followers) {
      const JudgedFollower* j = JudgedAs(f, followers, shift.data());
      if (j && read.insert(j).second) {
        ++here[j->verdict];
        ++kept_by_colour[f.color][j->verdict];
        if (j->verdict == "not") not_meeples.push_back(&f);
      } else {
        new_here.push_back(&f);
      }
    }
    for (const auto& [verdict, n] : here) kept[verdict] += n;
    unjudged += static_cast<int>(new_here.size());
    for (const auto& t : scene->tokens) ++tokens[t.kind];
    if (vm->count("per-photo")) {
      std::printf("  %-12s meeples %d, not %d, unclear %d, not judged %zu\n", photo.c_str(),
                  here["meeple"], here["not"], here["unclear"], new_here.size());
      for (const SceneFollower* f : not_meeples)
        std::printf("    judged not a meeple: %s %s %.1f %.1f (%s)\n", photo.c_str(),
                    f->color.c_str(), f->center_mm[0] + shift[0], f->center_mm[1] + shift[1],
                    f->pose.c_str());
      // In the labels' frame and format, to be judged and added.
      for (const SceneFollower* f : new_here)
        std::printf("    not judged: %s %s %.1f %.1f (%s)\n", photo.c_str(), f->color.c_str(),
                    f->center_mm[0] + shift[0], f->center_mm[1] + shift[1], f->pose.c_str());
      for (const auto& t : scene->tokens)
        std::printf("    token read: %s %s %.1f %.1f\n", photo.c_str(), t.kind.c_str(),
                    t.center_mm[0] + shift[0], t.center_mm[1] + shift[1]);
    }
  }
  const int meeples = kept["meeple"], others = kept["not"];
  std::printf("catapult-fair bench photos: %zu photos (%d refused)\n", judged->size(), refused);
  std::printf("  followers judged meeples, read: %d of %d\n", meeples, total["meeple"]);
  std::printf("  followers judged not meeples, read: %d of %d\n", others, total["not"]);
  std::printf("  judged unclear, read: %d of %d; not judged (new readings): %d\n", kept["unclear"],
              total["unclear"], unjudged);
  std::printf(
      "  meeples among the judged followers read: %.1f%% (%.1f%% if every new reading is not "
      "one)\n",
      100.0 * meeples / std::max(1, meeples + others),
      100.0 * meeples / std::max(1, meeples + others + unjudged));
  std::printf("  by colour, judged followers read (meeples / not / unclear):");
  for (auto& [colour, by] : kept_by_colour)
    std::printf(" %s %d / %d / %d", colour.c_str(), by["meeple"], by["not"], by["unclear"]);
  std::printf("\n");
  int token_count = 0;
  for (const auto& [kind, n] : tokens) token_count += n;
  std::printf("  catapult tokens read (these tables hold none): %d", token_count);
  for (const auto& [kind, n] : tokens) std::printf(" %s %d", kind.c_str(), n);
  std::printf("\n");
  return kExitOk;
}

}  // namespace cf::cli
