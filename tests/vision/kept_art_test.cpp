#include "vision/kept_art.h"

#include <gtest/gtest.h>

namespace cf {
namespace {

KeptArtKey KeyFor(const cv::Mat& art, double pitch) {
  return {KeptArtKey::Purpose::kArtAtPitch, art.data, nullptr, 1, 0, 0, 0, pitch};
}

TEST(KeptArt, APictureIsMadeOnceAndGivenAgainForTheSameArtTurnAndPitch) {
  const cv::Mat art(30, 30, CV_8UC3, cv::Scalar(10, 20, 30));
  int made = 0;
  auto make = [&] {
    ++made;
    return cv::Mat(4, 4, CV_8U, cv::Scalar(made));
  };
  const cv::Mat first = KeptArt(KeyFor(art, 60.25), art, {}, make);
  const cv::Mat again = KeptArt(KeyFor(art, 60.25), art, {}, make);
  EXPECT_EQ(made, 1);
  EXPECT_EQ(first.data, again.data);
  // At another pitch, however near, the picture differs: it is made anew.
  const cv::Mat other = KeptArt(KeyFor(art, 60.2500001), art, {}, make);
  EXPECT_EQ(made, 2);
  EXPECT_EQ(other.at<uchar>(0, 0), 2);
}

TEST(KeptArt, TheArtIsKeptWithItsPicturesSoThatNewArtNeverTakesItsAddress) {
  const uchar* address = nullptr;
  {
    const cv::Mat art(30, 30, CV_8UC3, cv::Scalar(1, 2, 3));
    address = art.data;
    KeptArt(KeyFor(art, 45), art, {}, [] { return cv::Mat(2, 2, CV_8U, cv::Scalar(7)); });
  }
  // Had the art been freed, a picture of its size would likely be given its pixels, and a new
  // tile's art would be read with the old art's pictures.
  std::vector<cv::Mat> fresh;
  for (int i = 0; i < 8; ++i) fresh.emplace_back(30, 30, CV_8UC3, cv::Scalar(4, 5, 6));
  for (const cv::Mat& m : fresh) EXPECT_NE(m.data, address);
  int made = 0;
  for (const cv::Mat& m : fresh)
    KeptArt(KeyFor(m, 45), m, {}, [&] { return cv::Mat(2, 2, CV_8U, cv::Scalar(++made)); });
  EXPECT_EQ(made, 8);
}

}  // namespace
}  // namespace cf
