#pragma once
// The second look at a cell: tile art at the board's own scale, placed where the tile really lies
// (a hand never lays it quite on the grid, nor quite square) before small details (a shield, a
// hut, an inn) are compared.

#include <map>
#include <opencv2/core.hpp>
#include <optional>
#include <tuple>
#include <vector>

#include "vision/kept_art.h"
#include "vision/tileset.h"

namespace cf {

// Matches cells of a rectified, grid-aligned board against tile art of one pitch.
class FineTileMatcher {
 public:
  FineTileMatcher(const std::vector<TileReference>& tileset, double pitch_px);

  // Where a tile lies in a cell, found with one candidate: standardised windows (the tile's size,
  // within a pixel of its place) in which every candidate is then compared.
  struct Place {
    std::vector<cv::Mat> windows;
    double fit = -1;     // grey correlation of the candidate used to find it
    cv::Point2d centre;  // where the tile's centre lies on the board, pixels
    // The part of the board searched, standardised as the window where the tile was found to lie,
    // and where that window lies in it.
    cv::Mat neighbourhood;
    cv::Point at;
    std::optional<MaskedSimilarity> masked;  // when pixels are left out: all windows
    // Leaves out of every comparison the pixels where `use` (CV_8U, template size) is not set.
    void LeaveOut(const cv::Mat& use);
  };
  // Remembered for the matcher's life, by the board's pixels: a cell read again is located once.
  // The pixels `hidden` marks (CV_8U, the board's size: pieces) take no part in finding the place.
  Place Locate(const cv::Mat& board, const cv::Rect& cell, int type, int quarter,
               const cv::Mat& hidden = {});
  // The best correlation (-1..1) of the tile `type` turned `quarter` in one of the windows.
  double Score(const Place& place, int type, int quarter);
  // The same, in the window this tile fits best, with the pixels pieces may cover (`pieces`,
  // template size) left out where they differ from this tile's art in patches a piece's size; and
  // the share of the tile left out.
  struct BesidePieces {
    double similarity = -1, hidden = 0;
  };
  BesidePieces ScoreBesidePieces(const Place& place, int type, int quarter, const cv::Mat& pieces);
  // Where the art of tile b shows more detail than that of tile a (a hut, an inn's pond, a
  // house): where their templates lie more than kTellingApart apart (summed over the standardised
  // channels, in kLeastTellingShare of the tile or more) and a few pixels around, pieces
  // (`pieces`, template size) left out. How far the picture lies from each there (mean squared
  // difference, each template blurred as a picture blurs), each where it fits best within two
  // pixels of where the tile was found to lie (a's own best is looked for only when b fits better
  // than a there; under pieces, the picture matched to each art in mean and spread on what no
  // piece hides). Nothing when they differ too little or b shows no more detail there (variance)
  // than a.
  struct AddedDetail {
    double misfit_without = 0, misfit_with = 0;
  };
  std::optional<AddedDetail> WhereSecondAddsDetail(const Place& place, int type_a, int quarter_a,
                                                   int type_b, int quarter_b,
                                                   const cv::Mat& pieces);
  // The template's part of a cell-sized mask (the cell's rim is never compared).
  cv::Mat TemplateMask(const cv::Mat& cell_mask) const;

 private:
  void Prepare(int type, int quarter);  // both templates of a tile, from the kept ones if kept
  KeptArtKey KeyOf(KeptArtKey::Purpose purpose, int type, int quarter) const;
  const cv::Mat& Template(int type, int quarter);
  const cv::Mat& GreyTemplate(int type, int quarter);  // CV_32F, zero mean
  cv::Mat Art(int type, int quarter) const;            // the art at this pitch, rim left out
  // The part of `board` a shifted tile may cover, turned by `turn_deg` about the cell's centre.
  cv::Mat Neighbourhood(const cv::Mat& board, const cv::Rect& cell, double turn_deg) const;

  std::map<int, const TileReference*> by_type_;
  std::map<std::pair<int, int>, cv::Mat> templates_, grey_templates_;
  // By board, hidden pixels, cell x, y and tile; each holds its board and mask, whose pixels'
  // addresses key it, so that no other board is given those addresses while the place is kept.
  struct Located {
    cv::Mat board, hidden;
    Place place;
  };
  std::map<std::tuple<const uchar*, const uchar*, int, int, int, int>, Located> places_;
  std::map<std::pair<int, int>, cv::Mat> blurred_templates_;  // as a picture blurs (kPictureBlurPx)
  // By tiles a and b (type, quarter): where their templates lie apart, and where b adds detail to
  // a with no pieces (empty where it adds none).
  std::map<std::tuple<int, int, int, int>, cv::Mat> apart_, added_detail_;
  const cv::Mat& BlurredTemplate(int type, int quarter);
  cv::Mat WhereAdded(int type_a, int quarter_a, int type_b, int quarter_b, const cv::Mat& pieces);
  int size_ = 0;    // the tile's side in pixels
  int inset_ = 0;   // rim left out of the template: neighbours' edges blur into it
  int margin_ = 0;  // how far a tile may sit from its cell
};

}  // namespace cf
