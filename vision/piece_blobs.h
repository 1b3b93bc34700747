#pragma once
// Followers and tokens as blobs of players' colours among the pixels that differ from the tiles.

#include <map>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/color_model.h"

namespace cf {

// One connected patch of a player's colour.
struct Blob {
  std::string color;
  cv::Point2d centroid;  // pixels of the image the masks came from
  double area_px = 0;
  double solidity = 0;
  double long_px = 0, short_px = 0;  // axes of the fitted ellipse
};

// Per player colour, the foreground pixels of that colour, at half resolution.
std::map<std::string, cv::Mat> ColourMasks(const cv::Mat& img, const cv::Mat& foreground,
                                           const ColorModel& model);
// Pixels of `size` covered by pieces of any colour.
cv::Mat PieceMask(const std::map<std::string, cv::Mat>& masks, cv::Size size);
// The blobs of every colour mask.
std::vector<Blob> ColourBlobs(const std::map<std::string, cv::Mat>& masks);
// The catapult token of a colour (interface.md), or nullptr.
const char* TokenOfColour(const std::string& color);

}  // namespace cf
