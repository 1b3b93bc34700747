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
