#pragma once
// A token's round rim found from the picture's edges alone, for a token lying on art of its own
// colour (a green target on grass), whose face the colours cannot tell from what it lies on.

#include <opencv2/core.hpp>
#include <optional>

namespace cf {

// A circle of the asked radius whose rim the picture's edges follow.
struct DiscOutline {
  cv::Point2d centre;  // pixels of the picture searched
  // The share of the lines out from the centre whose strongest edge, if strong, lies on the rim.
  double rim = 0;
};

// Of the circles of radius `radius_px` centred within `reach_px` of `near` in `grey` (CV_8U)
// that the edges vote for, the one whose rim they follow best (to within a pixel); nothing when
// the window round `near` cannot hold the circle.
std::optional<DiscOutline> FindDiscOutline(const cv::Mat& grey, cv::Point2d near, double radius_px,
                                           double reach_px);

}  // namespace cf
