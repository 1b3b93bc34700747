// Comparing tile descriptors, with and without the pixels that pieces hide.

#include "vision/tileset.h"

#include <gtest/gtest.h>

#include <random>

namespace cf {
namespace {

cv::Mat Noise(int seed) {
  cv::Mat m(20, 20, CV_32FC3);
  cv::randn(m, 0, 1);
  std::mt19937 rng(seed);
  m += cv::Scalar(rng() % 5, rng() % 5, rng() % 5);
  return m;
}

// What a piece covers never changes the comparison: only the pixels in view count.
TEST(MaskedSimilarity, HiddenPixelsDoNotCount) {
  cv::theRNG().state = 7;
  cv::Mat art = Noise(1), seen = art * 0.8 + 0.3;  // the same tile under other light
  cv::Mat use(art.size(), CV_8U, cv::Scalar(255));
  use(cv::Rect(5, 5, 8, 8)) = 0;
  cv::Mat covered = seen.clone();
  covered(cv::Rect(5, 5, 8, 8)) = cv::Scalar(40, -40, 9);  // a meeple
  MaskedSimilarity similarity(covered, use);
  EXPECT_NEAR(similarity(art), 1.0, 1e-4);
  EXPECT_LT(Similarity(Standardise(covered, 0.01), Standardise(art, 0.01)), 0.9)
      << "unmasked, the piece spoils the match";
}

// Several views of a tile a pixel apart: the best of them, as if compared one by one.
TEST(MaskedSimilarity, SeveralPicturesGiveTheBestOfThem) {
  cv::theRNG().state = 11;
  std::vector<cv::Mat> views{Noise(2), Noise(3), Noise(4)};
  cv::Mat use(views[0].size(), CV_8U, cv::Scalar(255));
  use(cv::Rect(0, 0, 6, 20)) = 0;
  cv::Mat art = views[1] + Noise(5) * 0.3;
  double best = -2;
  for (const auto& v : views) best = std::max(best, MaskedSimilarity(v, use)(art));
  EXPECT_NEAR(MaskedSimilarity(views, use)(art), best, 1e-6);
  EXPECT_GT(best, 0.8);
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// A tile's picture, standardised: each channel at zero mean and unit spread, a flat channel
// scaled by the floor instead, whatever the picture's type.
TEST(Standardise, EachChannelHasZeroMeanAndUnitSpreadAndAFlatOneIsScaledByTheFloor) {
  cv::Mat picture(30, 40, CV_8UC3);
  cv::RNG rng(2);
  rng.fill(picture, cv::RNG::UNIFORM, cv::Scalar(10, 100, 50), cv::Scalar(60, 102, 250));
  for (const cv::Mat& p : {picture, cv::Mat()}) {
    cv::Mat input = p;
    if (input.empty()) picture.convertTo(input, CV_32FC3);  // the same picture as floats
    const cv::Mat s = Standardise(input, 4.0);
    ASSERT_EQ(s.type(), CV_32FC3);
    cv::Scalar mean, sd;
    cv::meanStdDev(s, mean, sd);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(mean[k], 0, 1e-5) << "channel " << k;
    EXPECT_NEAR(sd[0], 1, 1e-5);
    EXPECT_NEAR(sd[2], 1, 1e-5);
    EXPECT_NEAR(sd[1], 0.5 / 4.0, 0.01) << "the flat channel (values 100 and 101) by the floor";
  }
  cv::Mat as_floats;
  picture.convertTo(as_floats, CV_32FC3);
  EXPECT_EQ(cv::norm(Standardise(picture), Standardise(as_floats), cv::NORM_INF), 0)
      << "8-bit and float pictures standardise alike, to the last bit";
}

}  // namespace
}  // namespace cf
