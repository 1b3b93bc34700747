#pragma once
// A board of one to three tiles in a row, seen without a calibration: too few tile edges to show
// the table's plane, but its outline is a quadrilateral whose corners are those of a rectangle of
// tiles 45 mm a side, and that fixes the plane and its scale near the board.

#include <opencv2/core.hpp>
#include <vector>

#include "vision/grid_plane.h"

namespace cf {

// The four corners (picture pixels, clockwise on the picture) of the largest part of `bgr` unlike
// the table, when that part is a quadrilateral it fills and small enough to be a board of a few
// tiles; empty when there is none.
std::vector<cv::Point2d> SmallBoardCorners(const cv::Mat& bgr);

// Views that square the board with `corners` as a row of one, two or three tiles, with room round
// it for pieces thrown off it: the rows its sides' ratio allows, the likeliest first, each with
// its scale known (GridPlane::ppmm).
std::vector<GridPlane> PlanesOfSmallBoard(const std::vector<cv::Point2d>& corners);

}  // namespace cf
