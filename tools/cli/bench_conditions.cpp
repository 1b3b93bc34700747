#include "tools/cli/bench_conditions.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "tools/cli/cli_common.h"
#include "vision/top_view.h"

namespace cf::cli {

namespace {

// The band of `value` among `edges` (ascending, the first and last open): "<name> under b",
// "<name> a-b<unit>" or "<name> a<unit> and over", ranked from the lowest.
Condition Band(const char* name, double value, const std::vector<double>& edges, const char* unit) {
  char text[64];
  size_t i = 0;
  while (i < edges.size() && value >= edges[i]) ++i;
  if (i == 0)
    std::snprintf(text, sizeof text, "%s under %g%s", name, edges.front(), unit);
  else if (i == edges.size())
    std::snprintf(text, sizeof text, "%s %g%s and over", name, edges.back(), unit);
  else
    std::snprintf(text, sizeof text, "%s %g-%g%s", name, edges[i - 1], edges[i], unit);
  return {static_cast<int>(i), text};
}

}  // namespace

double CameraTiltDeg(const Camera& cam) {
  const cv::Vec3d axis = cam.R.t() * cv::Vec3d(0, 0, 1);  // in the world, z down into the table
  return std::acos(std::clamp(axis[2], -1.0, 1.0)) * 180 / CV_PI;
}

double TableMiddlePxPerMm(const Camera& cam) {
  return cv::norm(cam.Project({10, 0, kTileTop}) - cam.Project({-10, 0, kTileTop})) / 20;
}

std::vector<Condition> ConditionsOf(const Look& look) {
  const double tilt = CameraTiltDeg(look.camera), ppmm = TableMiddlePxPerMm(look.camera);
  const double warm = (look.color_cast[2] - look.color_cast[0]) / 2;  // lamp (+) to window (-)
  return {{look.hands > 0, look.hands > 0 ? "hands in view" : "no hands"},
          {look.glare > 0, look.glare > 0 ? "glare" : "no glare"},
          {look.wood, look.wood ? "wood table" : "cloth table"},
          Band("tilt", tilt, {12, 24}, " deg"),
          Band("px/mm", ppmm, {1, 1.25, 1.6, 2.5}, ""),
          Band("blur", look.blur_sigma, {0.4, 0.8}, " px"),
          Band("noise", look.noise_sigma, {2, 3.5}, ""),
          Band("jpeg quality", look.jpeg_quality, {75}, ""),
          Band("exposure", look.exposure, {0.85, 1.05}, ""),
          Band("light falloff", look.light_falloff, {0.2, 0.35}, ""),
          warm < -0.04  ? Condition{0, "cool light"}
          : warm > 0.04 ? Condition{2, "warm light"}
                        : Condition{1, "neutral light"}};
}

void PrintByCondition(const std::vector<SceneOutcome>& outcomes) {
  // Family by family (the place in ConditionsOf's list), each family's conditions by rank.
  std::vector<std::map<std::pair<int, std::string>, std::pair<int, SceneOutcome>>> families;
  for (const auto& o : outcomes) {
    families.resize(std::max(families.size(), o.conditions.size()));
    for (size_t f = 0; f < o.conditions.size(); ++f) {
      const Condition& c = o.conditions[f];
      auto& [scenes, s] = families[f][{c.rank, c.name}];
      ++scenes;
      s.tiles += o.tiles, s.tiles_right += o.tiles_right;
      s.followers += o.followers, s.followers_right += o.followers_right;
      s.tokens += o.tokens, s.tokens_right += o.tokens_right;
    }
  }
  std::printf("  by condition: scenes, then tiles, followers and tokens read right\n");
  for (const auto& family : families)
    for (const auto& [key, counted] : family) {
      const auto& [scenes, s] = counted;
      std::printf("    %-28s %4d  %6.2f%%  %6.2f%%  %6.2f%%\n", key.second.c_str(), scenes,
                  Pct(s.tiles_right, s.tiles), Pct(s.followers_right, s.followers),
                  Pct(s.tokens_right, s.tokens));
    }
}

}  // namespace cf::cli
