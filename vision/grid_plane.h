#pragma once
// The table plane from the tiles alone: with no calibration, the two families of tile edges meet
// at two vanishing points, which fix how the table is tilted; straightening them gives a top
// view in which tiles are squares again.

#include <opencv2/core.hpp>
#include <optional>

#include "vision/top_view.h"

namespace cf {

// The straightened view: a homography from picture pixels to top-view pixels, and its size.
struct GridPlane {
  cv::Matx33d to_top;
  cv::Size size;
  double ppmm = 0;  // the view's pixels per table mm where that is known, else 0
};

// Finds the plane from the tile edges, or nothing when there are too few straight edges or they
// do not form two families. A picture taken from straight above gives (nearly) the identity.
std::optional<GridPlane> GridPlaneFromEdges(const cv::Mat& bgr, int max_side = 2400);

// The picture `bgr` seen through `plane`'s view, and where it reaches (metric when the plane's
// scale is known).
TopView ViewThrough(const cv::Mat& bgr, const GridPlane& plane);

// The view `plane` makes of `bgr` stretched along its y so that the part unlike the table (a board
// of a few tiles, its box one to three tiles each way) is as tall as its tiles say: for when the
// tile edges' periods squared the tiles wrongly. Nothing when that part is no small board or
// needs no stretch.
std::optional<GridPlane> SquaredByBoardOutline(const cv::Mat& bgr, const GridPlane& plane);

}  // namespace cf
