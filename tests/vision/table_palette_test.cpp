// The table's colours from the rim of a view: a checked cloth's colours all, an arm reaching in
// over one side not, the tiles' colours never.

#include "vision/table_palette.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace cf::testing {
namespace {

const cv::Scalar kRed(200, 70, 20), kWhite(235, 235, 230), kGrass(90, 170, 80),
    kSkin(140, 170, 210);

// A BGR view of a red and white checked cloth, checks of `check` pixels.
cv::Mat CheckedCloth(cv::Size size, int check) {
  cv::Mat view(size, CV_8UC3, kWhite);
  for (int y = 0; y < size.height; y += check)
    for (int x = 0; x < size.width; x += check)
      if ((x / check + y / check) % 2)
        view(cv::Rect(x, y, check, check) & cv::Rect({}, size)) = kRed;
  return view;
}

cv::Mat Lab(const cv::Mat& bgr) {
  cv::Mat lab;
  cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
  return lab;
}

// The palette of the rim of `lab`, a half-size view the picture covers whole.
TablePalette RimPalette(const cv::Mat& lab) {
  const cv::Mat valid(lab.rows * 2, lab.cols * 2, CV_8U, cv::Scalar(255));
  return TablePalette::FromRim(lab, valid);
}

TEST(TablePalette, ACheckedClothIsTheTableWhereverItShows) {
  cv::Mat view = CheckedCloth({400, 300}, 12);
  const cv::Rect tile(150, 100, 60, 60);
  view(tile) = kGrass;
  const cv::Mat lab = Lab(view);
  const TablePalette palette = RimPalette(lab);
  EXPECT_GT(palette.Share(lab, {60, 60, 60, 60}), 0.95);  // the cloth beside the board
  EXPECT_LT(palette.Share(lab, tile), 0.05);
}

// A lamp over the board lights the cloth under it brighter than at the view's rim (its lightness
// up by a bin and a half, its hue the same): there it is the table still, and a tile's grass is
// not.
TEST(TablePalette, TheClothIsTheTableUnderBrighterLight) {
  cv::Mat view = CheckedCloth({400, 300}, 12);
  const cv::Rect tile(170, 120, 60, 60);
  view(tile) = kGrass;
  const cv::Mat lab = Lab(view);
  const TablePalette palette = RimPalette(lab);
  cv::Mat lit = lab.clone();
  for (auto it = lit.begin<cv::Vec3b>(); it != lit.end<cv::Vec3b>(); ++it)
    (*it)[0] = cv::saturate_cast<uchar>((*it)[0] + 24);
  EXPECT_GT(palette.Share(lit, {110, 100, 50, 100}), 0.9);  // the cloth beside the tile
  EXPECT_LT(palette.Share(lit, tile), 0.05);
}

TEST(TablePalette, AnArmOverOneSideIsNotTheTable) {
  cv::Mat view = CheckedCloth({400, 300}, 12);
  cv::rectangle(view, {180, 150}, {240, 299}, kSkin, cv::FILLED);  // in over the bottom side
  const cv::Mat lab = Lab(view);
  const TablePalette palette = RimPalette(lab);
  EXPECT_LT(palette.Share(lab, {185, 160, 50, 50}), 0.05);
}

TEST(TablePalette, ColoursTheTilesShowAreLeftOut) {
  cv::Mat view(300, 400, CV_8UC3, kGrass);  // a cloth of the grass's colour
  const cv::Rect tile(150, 100, 60, 60);
  const cv::Mat lab = Lab(view);
  TablePalette palette = RimPalette(lab);
  EXPECT_GT(palette.Share(lab, tile), 0.95);
  palette.LeaveOut(lab, {tile});
  EXPECT_LT(palette.Share(lab, tile), 0.05);
}

}  // namespace
}  // namespace cf::testing
