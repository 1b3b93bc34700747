#pragma once
// The colours a table shows round the board, whatever its pattern: a cell of nothing else is bare
// table, however well its checks or grain match some tile's art.

#include <opencv2/core.hpp>
#include <vector>

namespace cf {

// The Lab colours (coarse bins) common at the rim of a view, where the table lies.
class TablePalette {
 public:
  // From the outer tenth on every side of a half-size Lab view (`valid`: where the picture
  // reaches, at the view's full size).
  static TablePalette FromRim(const cv::Mat& half_lab, const cv::Mat& valid);
  // Leaves out the colours the tiles in `tiles` (rectangles of `half_lab`) show: an arm reaching
  // in over the rim, or a board reaching it, shows them too.
  void LeaveOut(const cv::Mat& half_lab, const std::vector<cv::Rect>& tiles);
  // The share of `half_lab(r)`'s pixels whose colour is the table's.
  double Share(const cv::Mat& half_lab, const cv::Rect& r) const;
  // Whether a colour (Lab) is the table's.
  bool Holds(const cv::Vec3b& lab) const { return !common_.empty() && common_[Bin(lab)]; }

 private:
  static int Bin(const cv::Vec3b& lab);
  std::vector<bool> common_;  // by Bin
};

}  // namespace cf
