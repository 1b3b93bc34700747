#pragma once
// A board of a few tiles seen without a calibration: too few tile edges to show the table's plane,
// but its outline lies in a quadrilateral whose corners are those of a box of tiles 45 mm a side,
// and that fixes the plane and its scale near the board.

#include <opencv2/core.hpp>
#include <vector>

#include "vision/grid_plane.h"

namespace cf {

// A board of few tiles seen by its outline.
struct BoardOutline {
  std::vector<cv::Point2d> corners;  // of the box it lies in, picture pixels, clockwise
  double fill = 1;                   // the share of the box it covers
};

// A view of a board of few tiles squared by its outline.
struct SmallBoardView : GridPlane {
  bool full_block = false;  // taken for two tiles or more each way, the part filling the box
};

// The outlines of the parts of `bgr` unlike the table small enough to be a board of a few tiles,
// the likeliest first: the largest that fills a quadrilateral (a row of tiles), then one whose
// outline runs along two directions only and fills half its box or more (an L of three); at most
// three, none when there is none.
std::vector<BoardOutline> SmallBoardOutlines(const cv::Mat& bgr);

// Views that square the board of `outline` as a row of one to five tiles, or a block or a box of
// two or three tiles each way, with room round it for pieces thrown off it: the rows, blocks and
// boxes its sides' ratio and its fill allow, the fewer cells first, each with its scale known
// (GridPlane::ppmm).
std::vector<SmallBoardView> PlanesOfSmallBoard(const BoardOutline& outline);

}  // namespace cf
