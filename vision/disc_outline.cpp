#include "vision/disc_outline.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace cf {

namespace {

constexpr int kRimSamples = 72;
// An edge is one where the gradient across the rim is this many times the window's median.
constexpr double kEdgeOverMedian = 2.5;
// The radii, as shares of the disc's, searched for the strongest edge on each line outwards.
constexpr double kNearest = 0.7, kFarthest = 1.3;
constexpr size_t kPeaksTried = 3;

// The gradient (gx, gy) at (x, y), bilinear, inside both by the caller's margin.
cv::Point2f GradientAt(const cv::Mat& gx, const cv::Mat& gy, double x, double y) {
  const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
  const float fx = static_cast<float>(x - x0), fy = static_cast<float>(y - y0);
  auto at = [&](const cv::Mat& m) {
    const float* r0 = m.ptr<float>(y0);
    const float* r1 = m.ptr<float>(y0 + 1);
    return (r0[x0] * (1 - fx) + r0[x0 + 1] * fx) * (1 - fy) +
           (r1[x0] * (1 - fx) + r1[x0 + 1] * fx) * fy;
  };
  return {at(gx), at(gy)};
}

}  // namespace

std::optional<DiscOutline> FindDiscOutline(const cv::Mat& grey, cv::Point2d near, double radius_px,
                                           double reach_px) {
  CV_Assert(grey.type() == CV_8U);
  const int half = static_cast<int>(std::ceil(reach_px + radius_px * kFarthest + 4));
  const cv::Rect window =
      cv::Rect(cv::Point(near) - cv::Point(half, half), cv::Size(2 * half + 1, 2 * half + 1)) &
      cv::Rect(0, 0, grey.cols, grey.rows);
  if (window.width < 2 * radius_px * kFarthest + 6 || window.height < 2 * radius_px * kFarthest + 6)
    return std::nullopt;
  cv::Mat smooth, gx, gy, magnitude;
  cv::GaussianBlur(grey(window), smooth, {3, 3}, 0);
  cv::Sobel(smooth, gx, CV_32F, 1, 0);
  cv::Sobel(smooth, gy, CV_32F, 0, 1);
  cv::magnitude(gx, gy, magnitude);
  CV_Assert(magnitude.isContinuous());
  std::vector<float> all(magnitude.ptr<float>(), magnitude.ptr<float>() + magnitude.total());
  std::nth_element(all.begin(), all.begin() + all.size() / 2, all.end());
  const float strong = std::max(8.0f, static_cast<float>(all[all.size() / 2] * kEdgeOverMedian));
  std::vector<cv::Point2d> rim(kRimSamples);
  for (int k = 0; k < kRimSamples; ++k)
    rim[k] = {std::cos(2 * CV_PI * k / kRimSamples), std::sin(2 * CV_PI * k / kRimSamples)};
  const double lo_x = radius_px * kFarthest + 2, hi_x = window.width - radius_px * kFarthest - 3;
  const double lo_y = radius_px * kFarthest + 2, hi_y = window.height - radius_px * kFarthest - 3;
  // The share of the rim where the strongest edge across a line from the centre outwards lies
  // at the radius (within a pixel): a disc's rim, not straight edges nor texture around it. The
  // count stops once it can no longer beat the share `beat`.
  auto RimShare = [&](cv::Point2d c, double beat) {
    if (c.x < lo_x || c.x > hi_x || c.y < lo_y || c.y > hi_y) return 0.0;
    int crossed = 0, left = kRimSamples;
    for (const cv::Point2d& u : rim) {
      if (crossed + left <= beat * kRimSamples) break;
      --left;
      double best = 0, best_r = 0;
      for (double r = radius_px * kNearest; r <= radius_px * kFarthest; r += 0.5) {
        const double x = c.x + u.x * r, y = c.y + u.y * r;
        const cv::Point2f g = GradientAt(gx, gy, x, y);
        const double across = std::abs(g.x * u.x + g.y * u.y);
        if (across > best) best = across, best_r = r;
      }
      crossed += best >= strong && std::abs(best_r - radius_px) <= 1;
    }
    return static_cast<double>(crossed) / kRimSamples;
  };
  // Centres voted for by every strong edge pixel, a radius away on either side along its gradient.
  cv::Mat votes = cv::Mat::zeros(window.size(), CV_32F);
  for (int y = 0; y < window.height; ++y)
    for (int x = 0; x < window.width; ++x) {
      const float m = magnitude.at<float>(y, x);
      if (m < strong) continue;
      const double ux = gx.at<float>(y, x) / m, uy = gy.at<float>(y, x) / m;
      for (int side = -1; side <= 1; side += 2) {
        const int vx = static_cast<int>(std::lround(x + side * radius_px * ux)),
                  vy = static_cast<int>(std::lround(y + side * radius_px * uy));
        if (vx >= 0 && vy >= 0 && vx < window.width && vy < window.height)
          votes.at<float>(vy, vx) += 1;
      }
    }
  cv::GaussianBlur(votes, votes, {5, 5}, 0);
  const cv::Point2d local = near - cv::Point2d(window.tl());
  // The most voted-for places within reach (each the most in its 3x3 neighbourhood).
  std::vector<std::pair<float, cv::Point>> peaks;
  for (int y = 1; y + 1 < window.height; ++y)
    for (int x = 1; x + 1 < window.width; ++x) {
      if (std::hypot(x - local.x, y - local.y) > reach_px) continue;
      const float v = votes.at<float>(y, x);
      if (v <= 0) continue;
      bool peak = true;
      for (int dy = -1; dy <= 1 && peak; ++dy)
        for (int dx = -1; dx <= 1 && peak; ++dx)
          peak = (dx == 0 && dy == 0) || votes.at<float>(y + dy, x + dx) <= v;
      if (peak) peaks.push_back({v, cv::Point(x, y)});
    }
  std::sort(peaks.begin(), peaks.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  if (peaks.size() > kPeaksTried) peaks.resize(kPeaksTried);
  std::optional<DiscOutline> best;
  for (const auto& [v, p] : peaks) {
    const double share = RimShare(p, best ? best->rim : -1);
    if (!best || share > best->rim) best = DiscOutline{p, share};
  }
  if (best) {  // a pixel round the best peak, by half pixels
    const cv::Point2d peak = best->centre;
    for (double dy = -1; dy <= 1; dy += 0.5)
      for (double dx = -1; dx <= 1; dx += 0.5) {
        const cv::Point2d c = peak + cv::Point2d(dx, dy);
        const double share = RimShare(c, best->rim);
        if (share > best->rim) best = DiscOutline{c, share};
      }
  }
  if (!best) return std::nullopt;
  best->centre += cv::Point2d(window.tl());
  return best;
}

}  // namespace cf
