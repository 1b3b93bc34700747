#include "vision/art_difference.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace cf {
namespace {

constexpr double kPitch = 60;

// Tile art: textured grass with a road along its middle and a hut in one corner; `seed` draws the
// grass (the tests' art must not depend on which tests ran before).
cv::Mat Art(int seed = 1) {
  cv::Mat art(180, 180, CV_8UC3);
  cv::RNG rng(seed);
  rng.fill(art, cv::RNG::UNIFORM, cv::Scalar(45, 135, 70), cv::Scalar(60, 155, 90));
  cv::GaussianBlur(art, art, {3, 3}, 0);
  cv::rectangle(art, cv::Rect(0, 80, 180, 20), cv::Scalar(200, 215, 225), cv::FILLED);
  cv::rectangle(art, cv::Rect(20, 20, 30, 25), cv::Scalar(40, 60, 150), cv::FILLED);
  return art;
}

// The art as a camera sees it on the board: at the pitch, `shift` pixels off the cell's middle,
// under a dimmer, warmer light.
cv::Mat Seen(const cv::Mat& art, int quarter, cv::Point2d shift) {
  cv::Mat turned = art.clone();
  for (int q = 0; q < quarter; ++q) cv::rotate(turned, turned, cv::ROTATE_90_CLOCKWISE);
  cv::Mat small, cell;
  const double scale = kPitch / art.cols;
  cv::resize(turned, small, {}, scale, scale, cv::INTER_AREA);
  const cv::Matx23d m(1, 0, shift.x, 0, 1, shift.y);
  cv::warpAffine(small, cell, m, small.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  cell.convertTo(cell, -1, 0.85, 6);
  return cell;
}

double Share(const cv::Mat& mask, const cv::Mat& where) {
  return cv::countNonZero(mask & where) / static_cast<double>(std::max(1, cv::countNonZero(where)));
}

TEST(ArtDifference, ATileUnderAnotherLightAndShiftedIsLikeItsArt) {
  const cv::Mat art = Art();
  const cv::Point2d shift(1.3, -0.7);
  const cv::Mat cell = Seen(art, 0, shift);
  const cv::Point2d centre = cv::Point2d((kPitch - 1) / 2, (kPitch - 1) / 2) + shift;
  EXPECT_EQ(cv::countNonZero(UnlikeArt(cell, ArtAtPitch(art, 0, kPitch), centre, 20)), 0);
}

TEST(ArtDifference, APieceAndItsShadedSideOnGrassOfNearlyItsColourAreUnlikeTheArt) {
  const cv::Mat art = Art();
  cv::Mat cell = Seen(art, 1, {0, 0});
  cv::Mat piece(cell.size(), CV_8U, cv::Scalar(0)), side = piece.clone();
  cv::circle(piece, {40, 15}, 7, cv::Scalar(255), cv::FILLED);  // a green token on the grass
  cv::rectangle(side, cv::Rect(10, 40, 8, 10), cv::Scalar(255), cv::FILLED);  // a side in shade
  cell.setTo(cv::Scalar(30, 150, 45), piece);
  cell.setTo(cv::Scalar(30, 80, 40), side);
  const cv::Point2d centre((kPitch - 1) / 2, (kPitch - 1) / 2);
  const cv::Mat unlike = UnlikeArt(cell, ArtAtPitch(art, 1, kPitch), centre, 20);
  cv::Mat core_of_piece, core_of_side;
  cv::erode(piece, core_of_piece, cv::Mat(), {-1, -1}, 2);  // a pixel of the half resolution
  cv::erode(side, core_of_side, cv::Mat(), {-1, -1}, 2);
  EXPECT_GT(Share(unlike, core_of_piece), 0.95);
  EXPECT_GT(Share(unlike, core_of_side), 0.95);
  cv::Mat elsewhere;
  cv::dilate(piece | side, elsewhere, cv::Mat(), {-1, -1}, 3);
  EXPECT_EQ(cv::countNonZero(unlike & ~elsewhere), 0);
  // Compared with the art turned the wrong way, the road and the hut are unlike it too.
  EXPECT_GT(cv::countNonZero(UnlikeArt(cell, ArtAtPitch(art, 0, kPitch), centre, 20)),
            cv::countNonZero(unlike) + 200);
}

// A tile of another printing, its grass mottled unlike the art's everywhere (as the real photos
// show, read with art enrolled from a tile sheet): what differs far more than its grass does, a
// piece on it, is unlike the art; of the grass, less than the piece's area (compared at the limit
// alone, some four times the piece's area), over grass drawn ten ways.
TEST(ArtDifference, OnArtThatDescribesTheCellLooselyOnlyAPieceIsUnlikeIt) {
  for (int seed = 1; seed <= 10; ++seed) {
    const cv::Mat art = Art(seed);
    cv::Mat cell = Seen(art, 0, {0, 0}), mottle(8, 8, CV_32FC3);
    cv::RNG rng(7);
    rng.fill(mottle, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(15));
    cv::resize(mottle, mottle, cell.size(), 0, 0, cv::INTER_CUBIC);
    cv::Mat mottled;
    cell.convertTo(mottled, CV_32FC3);
    mottled += mottle;
    mottled.convertTo(cell, CV_8UC3);
    cv::Mat piece(cell.size(), CV_8U, cv::Scalar(0));
    cv::circle(piece, {40, 20}, 7, cv::Scalar(255), cv::FILLED);
    cell.setTo(cv::Scalar(200, 60, 40), piece);  // a blue meeple
    const cv::Point2d centre((kPitch - 1) / 2, (kPitch - 1) / 2);
    const cv::Mat unlike = UnlikeArt(cell, ArtAtPitch(art, 0, kPitch), centre, 15);
    cv::Mat core_of_piece, elsewhere;
    cv::erode(piece, core_of_piece, cv::Mat(), {-1, -1}, 2);
    cv::dilate(piece, elsewhere, cv::Mat(), {-1, -1}, 3);
    EXPECT_GT(Share(unlike, core_of_piece), 0.95) << "grass drawn with seed " << seed;
    EXPECT_LT(cv::countNonZero(unlike & ~elsewhere), cv::countNonZero(piece))
        << "the mottled grass drawn with seed " << seed;
  }
}

// Tiles of another printing, or under a glare: the art does not describe them, and tells nothing.
TEST(ArtDifference, ACellMostlyUnlikeItsArtTellsNothing) {
  const cv::Mat art = Art();
  cv::Mat cell = Seen(art, 0, {0, 0});
  cv::Mat glare(cell.size(), CV_8U, cv::Scalar(0));
  cv::rectangle(glare, cv::Rect(0, 0, cell.cols, cell.rows * 2 / 3), cv::Scalar(255), cv::FILLED);
  cell.setTo(cv::Scalar(250, 250, 250), glare);
  const cv::Point2d centre((kPitch - 1) / 2, (kPitch - 1) / 2);
  EXPECT_EQ(cv::countNonZero(UnlikeArt(cell, ArtAtPitch(art, 0, kPitch), centre, 20)), 0);
}

TEST(ArtDifference, ALookAlikeDiffersOnlyUnderThePieceThatCoversItsHut) {
  const cv::Mat art = Art();
  cv::Mat without_hut = art.clone();  // the same road, grass where the hut is
  cv::rectangle(without_hut, cv::Rect(20, 20, 30, 25), cv::Scalar(52, 145, 80), cv::FILLED);
  const cv::Mat a = SmoothedArtAtPitch(art, 0, kPitch),
                b = SmoothedArtAtPitch(without_hut, 0, kPitch);
  ASSERT_EQ(a.size(), cv::Size(60, 60));
  // The tile lies with its centre at (50.5, 40.5) on a board of 120 x 100 pixels; the hut is at
  // board pixels 27-37 x 17-25.
  const cv::Point2d centre(50.5, 40.5);
  cv::Mat hidden = cv::Mat::zeros(100, 120, CV_8U);
  cv::rectangle(hidden, cv::Rect(24, 14, 17, 15), cv::Scalar(255), cv::FILLED);
  auto share = HiddenShareOfDifference(a, b, centre, hidden);
  ASSERT_TRUE(share);
  EXPECT_GE(*share, 0.9) << "the piece lies on the hut";
  hidden.setTo(0);
  cv::rectangle(hidden, cv::Rect(60, 20, 17, 15), cv::Scalar(255), cv::FILLED);
  share = HiddenShareOfDifference(a, b, centre, hidden);
  ASSERT_TRUE(share);
  EXPECT_LE(*share, 0.05) << "the piece lies on grass, the hut shows";
  EXPECT_FALSE(HiddenShareOfDifference(a, a, centre, hidden)) << "the same art differs nowhere";
  EXPECT_FALSE(HiddenShareOfDifference(a, b, {500, 500}, hidden)) << "the tile out of view";
}

// A monk stands on a cloister and hides it: what is left in view is grass. Hidden where the monk
// is, the cell's colours lie near the grass-and-road art under another light and far from art with
// a city where the picture shows grass; what is hidden does not count, even where it is unlike
// every art.
TEST(ArtDifference, TheColoursInViewTellGrassFromACityThatIsNotThere) {
  const cv::Mat art = Art();
  cv::Mat city = art.clone();
  cv::rectangle(city, cv::Rect(0, 0, 180, 60), cv::Scalar(120, 190, 215), cv::FILLED);
  cv::Mat cell = Seen(art, 0, {0, 0});
  cv::Mat hidden(cell.size(), CV_8U, cv::Scalar(0));
  cv::circle(hidden, {30, 30}, 9, cv::Scalar(255), cv::FILLED);
  cell.setTo(cv::Scalar(20, 200, 230), hidden);  // a yellow meeple
  const cv::Point2d centre((kPitch - 1) / 2, (kPitch - 1) / 2);
  const CellColours colours(cell, hidden, centre, kPitch);
  const double own = colours.Misfit(ArtColours(art, 0));
  const double other = colours.Misfit(ArtColours(city, 0));
  EXPECT_LT(own, 5);
  EXPECT_GT(other, 2 * own + 5);
  const CellColours all_in_view(cell, cv::Mat(cell.size(), CV_8U, cv::Scalar(0)), centre, kPitch);
  EXPECT_GT(all_in_view.Misfit(ArtColours(art, 0)), own + 1);
}

}  // namespace
}  // namespace cf
