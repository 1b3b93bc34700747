// The straightened view and the table's colour: what the picture reaches, and which rim colour is
// the table.

#include "vision/top_view.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace cf {
namespace {

// A black tablecloth is table, not the void beyond the picture: the view marks where the picture
// reaches, whatever its colour there.
TEST(Rectify, APitchBlackTableLiesWithinTheView) {
  Camera cam = Camera::LookingAt({0, 0}, 800, 35, 0, 640, 480, 60, {0, 0, 0, 0, 0});
  TopView view = Rectify(cv::Mat(480, 640, CV_8UC3, cv::Scalar(0, 0, 0)), cam, 1.0);
  ASSERT_EQ(view.valid.size(), view.image.size());
  const double reached = cv::countNonZero(view.valid) / static_cast<double>(view.valid.total());
  EXPECT_GT(reached, 0.3);
  EXPECT_LT(reached, 1.0) << "a tilted camera sees a trapezoid, not the whole square view";
  cv::Point2d centre;
  ASSERT_TRUE(cam.PixelToPlane({320, 240}, kTileTop, centre));
  cv::Point at((centre.x - view.origin.x) * view.ppmm, (centre.y - view.origin.y) * view.ppmm);
  EXPECT_EQ(view.valid.at<uchar>(at), 255) << "the picture's centre";
}

// A picture whose outer tenth is, in Lab, `table` except a band of `other` along the left side.
cv::Mat RimWithABand(cv::Vec3b table, cv::Vec3b other, double band_share) {
  cv::Mat lab(200, 300, CV_8UC3, cv::Scalar(table[0], table[1], table[2]));
  cv::Mat noise(lab.size(), CV_8UC3);
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(3));
  lab += noise;
  const int band = static_cast<int>(300 * band_share);
  lab(cv::Rect(0, 0, band, 200)) = cv::Scalar(other[0], other[1], other[2]);
  cv::Mat bgr;
  cv::cvtColor(lab, bgr, cv::COLOR_Lab2BGR);
  return bgr;
}

// Tiles reaching the picture's edge (a full board on a dark table) put their colour into the rim:
// the first guess is still the table's own colour, the second the rim's whole spread.
TEST(TableColourGuesses, TheFirstIsTheRimsCommonestColour) {
  const cv::Vec3b black(20, 128, 128), grass(150, 100, 170);
  cv::Mat picture = RimWithABand(black, grass, 0.1);
  auto guesses = TableColourGuesses(picture, cv::Mat(picture.size(), CV_8U, cv::Scalar(255)));
  ASSERT_EQ(guesses.size(), 2u);
  auto distance = [](const ColorStats& s, cv::Vec3b c) {
    cv::Vec3d d = cv::Vec3d(c[0], c[1], c[2]) - s.mean;
    return d.dot(s.inv_cov * d);
  };
  EXPECT_LT(distance(guesses[0], black), 9) << "the table is table";
  EXPECT_GT(distance(guesses[0], grass), 9) << "grass is not table";
  EXPECT_LT(distance(guesses[1], grass), 9) << "the whole rim's spread takes in the band";
}

// Pixels beyond the picture (not valid) never count as table.
TEST(TableColourGuesses, OnlyPixelsThePictureReachesCount) {
  const cv::Vec3b wood(120, 140, 160), void_colour(0, 128, 128);
  cv::Mat picture = RimWithABand(wood, void_colour, 0.4);
  cv::Mat valid(picture.size(), CV_8U, cv::Scalar(255));
  valid(cv::Rect(0, 0, 120, 200)) = 0;
  auto guesses = TableColourGuesses(picture, valid);
  for (const auto& g : guesses) EXPECT_NEAR(g.mean[0], 120, 3);
}

// A picture of a soft dot (Gaussian, sigma 2 px) centred on where `cam` sees the table point `mm`.
cv::Mat DotSeenAt(const Camera& cam, cv::Point2d mm) {
  cv::Mat picture(cam.height, cam.width, CV_8UC3, cv::Scalar(0, 0, 0));
  const cv::Point2d c = cam.Project({mm.x, mm.y, kTileTop});
  for (int y = static_cast<int>(c.y) - 10; y <= static_cast<int>(c.y) + 10; ++y)
    for (int x = static_cast<int>(c.x) - 10; x <= static_cast<int>(c.x) + 10; ++x) {
      const double d2 = (x - c.x) * (x - c.x) + (y - c.y) * (y - c.y);
      picture.at<cv::Vec3b>(y, x) =
          cv::Vec3b::all(cv::saturate_cast<uchar>(255 * std::exp(-d2 / 8)));
    }
  return picture;
}

// Where a view pixel's table point is: a dot seen on the table is found in the straightened view
// and put back on the table within 0.05 mm, although the view (1 px per mm) is coarser than the
// picture (about 3 px per mm), where the view's half-pixel sampling offset does not cancel out.
TEST(TableSeenAt, PutsWhatTheViewShowsBackWhereItLiesOnTheTable) {
  const Camera cam = Camera::LookingAt({0, 0}, 600, 30, 0, 1920, 1080, 50, {0, 0, 0, 0, 0});
  const cv::Point2d dot(30.3, -20.6);
  const TopView view = Rectify(DotSeenAt(cam, dot), cam, 1.0);
  cv::Mat grey;
  cv::cvtColor(view.image, grey, cv::COLOR_BGR2GRAY);
  const cv::Moments m = cv::moments(grey);
  ASSERT_GT(m.m00, 0);
  const cv::Point2d seen(m.m10 / m.m00, m.m01 / m.m00);
  const cv::Point2d back = TableSeenAt(view, cam, seen);
  EXPECT_LT(cv::norm(back - dot), 0.05) << back;
  EXPECT_LT(cv::norm(PixelShowing(view, cam, dot) - seen), 0.05);
  EXPECT_GT(cv::norm(view.origin + seen / view.ppmm - dot), 0.15) << "the naive mapping is off";
}

// The view's map is kept from frame to frame, but only for the camera it was made for: two
// cameras of one model, one of them a millimetre off, each see the dot where it lies, in turn and
// again; and what a caller does with a view's mask leaves the next frame's alone.
TEST(Rectify, EachCameraGetsItsOwnViewFrameAfterFrame) {
  const Camera a = Camera::LookingAt({0, 0}, 600, 30, 0, 1920, 1080, 50, {0, 0, 0, 0, 0});
  Camera b = a;
  b.t[0] += 1.0;
  const cv::Point2d dot(30.3, -20.6);
  const cv::Rect2d region(-100, -100, 200, 200);  // the same view's size and place for both
  const Camera* in_turn[] = {&a, &b, &a, &b};
  for (const Camera* cam : in_turn) {
    TopView view = Rectify(DotSeenAt(*cam, dot), *cam, 1.0, &region);
    cv::Mat grey;
    cv::cvtColor(view.image, grey, cv::COLOR_BGR2GRAY);
    const cv::Moments m = cv::moments(grey);
    ASSERT_GT(m.m00, 0);
    const cv::Point2d seen(m.m10 / m.m00, m.m01 / m.m00);
    EXPECT_LT(cv::norm(TableSeenAt(view, *cam, seen) - dot), 0.05) << (cam == &a ? "a" : "b");
    EXPECT_GT(cv::countNonZero(view.valid), 0);
    view.valid.setTo(0);
  }
}

}  // namespace
}  // namespace cf
