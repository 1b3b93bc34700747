#pragma once
// The table plane from the tiles alone: with no calibration, the two families of tile edges meet
// at two vanishing points, which fix how the table is tilted; straightening them gives a top
// view in which tiles are squares again.

#include <opencv2/core.hpp>
#include <optional>

namespace cf {

// The straightened view: a homography from picture pixels to top-view pixels, and its size.
struct GridPlane {
  cv::Matx33d to_top;
  cv::Size size;
};

// Finds the plane from the tile edges, or nothing when there are too few straight edges or they
// do not form two families. A picture taken from straight above gives (nearly) the identity.
std::optional<GridPlane> GridPlaneFromEdges(const cv::Mat& bgr, int max_side = 2400);

}  // namespace cf
