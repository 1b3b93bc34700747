#include "vision/grid_finder.h"

#include <cmath>
#include <opencv2/imgproc.hpp>

namespace cf {

namespace {

// How much edge a comb of teeth `period` apart starting at `phase` collects.
double CombScore(const std::vector<double>& p, double period, double phase) {
  double s = 0;
  for (double x = phase; x < p.size(); x += period) {
    int i = static_cast<int>(std::round(x));
    double best = 0;
    for (int k = -1; k <= 1; ++k)
      if (i + k >= 0 && i + k < static_cast<int>(p.size())) best = std::max(best, p[i + k]);
    s += best;
  }
  return s;
}

// The 3x3 Sobel derivatives of an 8-bit picture at (x, y), the border reflected as cv::Sobel
// does; where only some pixels are looked at, cheaper than filtering the whole picture.
inline void SobelAt(const cv::Mat& grey, int x, int y, int& gx, int& gy) {
  const int xm = x > 0 ? x - 1 : 1, xp = x < grey.cols - 1 ? x + 1 : grey.cols - 2;
  const uchar* up = grey.ptr<uchar>(y > 0 ? y - 1 : 1);
  const uchar* mid = grey.ptr<uchar>(y);
  const uchar* down = grey.ptr<uchar>(y < grey.rows - 1 ? y + 1 : grey.rows - 2);
  gx = (up[xp] + 2 * mid[xp] + down[xp]) - (up[xm] + 2 * mid[xm] + down[xm]);
  gy = (down[xm] + 2 * down[x] + down[xp]) - (up[xm] + 2 * up[x] + up[xp]);
}

}  // namespace

double GridAngle(const cv::Mat& grey, const cv::Mat& mask) {
  CV_Assert(grey.type() == CV_8U && grey.cols > 2 && grey.rows > 2);
  struct Edgel {
    float x, y, gx, gy;
  };
  std::vector<Edgel> edgels;
  std::vector<double> hist(180, 0);
  for (int y = 0; y < grey.rows; y += 2)
    for (int x = 0; x < grey.cols; x += 2) {
      if (!mask.empty() && !mask.at<uchar>(y, x)) continue;
      int ix, iy;
      SobelAt(grey, x, y, ix, iy);
      const float a = static_cast<float>(ix), b = static_cast<float>(iy);
      double m = a * a + b * b;
      if (m < 400) continue;
      edgels.push_back({static_cast<float>(x), static_cast<float>(y), a, b});
      double t = std::atan2(b, a) * 180 / CV_PI;
      t = std::fmod(t + 360, 90);  // 0..90
      hist[static_cast<int>(t * 2) % 180] += std::sqrt(m);
    }
  int best = 0;
  double best_v = -1;
  for (int i = 0; i < 180; ++i) {
    double v = 0;
    for (int k = -2; k <= 2; ++k) v += hist[(i + k + 180) % 180] * (3 - std::abs(k));
    if (v > best_v) best_v = v, best = i;
  }
  double coarse = best / 2.0 + 0.25;
  if (coarse > 45) coarse -= 90;
  // The art's own edges can pull the orientation peak by a few degrees; the tile borders are the
  // straight lines: the angle at which edge strength piles up in the fewest columns and rows.
  const int span = grey.cols + grey.rows + 2;
  std::vector<double> cols(2 * span), rows(2 * span);
  auto sharpness_at = [&](double a) {
    const double c = std::cos(a * CV_PI / 180), s = std::sin(a * CV_PI / 180);
    std::fill(cols.begin(), cols.end(), 0.0);
    std::fill(rows.begin(), rows.end(), 0.0);
    for (const Edgel& e : edgels) {
      // Rounded by truncation: with `span` added, both are positive.
      int u = static_cast<int>(c * e.x + s * e.y + span + 0.5);
      int v = static_cast<int>(-s * e.x + c * e.y + span + 0.5);
      cols[u] += std::abs(c * e.gx + s * e.gy);
      rows[v] += std::abs(-s * e.gx + c * e.gy);
    }
    double sharpness = 0;
    for (int i = 0; i < 2 * span; ++i) sharpness += cols[i] * cols[i] + rows[i] * rows[i];
    return sharpness;
  };
  // Whole degrees within 3 of the peak, then quarter degrees around the sharpest.
  double refined = coarse, sharpest = -1;
  for (double a = coarse - 3; a <= coarse + 3 + 1e-9; a += 1) {
    const double sharpness = sharpness_at(a);
    if (sharpness > sharpest) sharpest = sharpness, refined = a;
  }
  const double whole = refined;
  for (double a = whole - 0.75; a <= whole + 0.75 + 1e-9; a += 0.25) {
    if (a == whole) continue;
    const double sharpness = sharpness_at(a);
    if (sharpness > sharpest) sharpest = sharpness, refined = a;
  }
  return refined;
}

void EdgeProfiles(const cv::Mat& grey, const cv::Mat& valid, std::vector<double>& cols,
                  std::vector<double>& rows) {
  CV_Assert(grey.type() == CV_8U);
  cols.assign(grey.cols, 0);
  rows.assign(grey.rows, 0);
  std::vector<float> col_sums(grey.cols, 0.0f);
  for (int y = 1; y < grey.rows - 1; ++y) {
    const uchar* up = grey.ptr<uchar>(y - 1);
    const uchar* mid = grey.ptr<uchar>(y);
    const uchar* down = grey.ptr<uchar>(y + 1);
    const uchar* ok = valid.ptr<uchar>(y);
    float row_sum = 0;
    for (int x = 1; x < grey.cols - 1; ++x) {
      const float a = std::abs((up[x + 1] + 2 * mid[x + 1] + down[x + 1]) -
                               (up[x - 1] + 2 * mid[x - 1] + down[x - 1])),
                  b = std::abs((down[x - 1] + 2 * down[x] + down[x + 1]) -
                               (up[x - 1] + 2 * up[x] + up[x + 1]));
      const bool use = ok[x] != 0;
      col_sums[x] += use && a > 2 * b ? std::min(a, 300.0f) : 0.0f;
      row_sum += use && b > 2 * a ? std::min(b, 300.0f) : 0.0f;
    }
    rows[y] = row_sum;
  }
  for (int x = 0; x < grey.cols; ++x) cols[x] = col_sums[x];
}

double BestPhase(const std::vector<double>& p, double period) {
  double best = 0, best_s = -1;
  for (double ph = 0; ph < period; ph += 0.25) {
    double s = CombScore(p, period, ph);
    if (s > best_s) best_s = s, best = ph;
  }
  return best;
}

double StrongestPeriod(std::initializer_list<const std::vector<double>*> profiles, int lo, int hi) {
  std::vector<double> means;
  for (const auto* p : profiles) {
    double mean = 0;
    for (double v : *p) mean += v;
    means.push_back(mean / p->size());
  }
  double best = 0, best_v = -1e18;
  for (int lag = lo; lag < hi; ++lag) {
    double v = 0;
    size_t k = 0;
    for (const auto* p : profiles) {
      double s = 0, mean = means[k++];
      for (size_t i = 0; i + lag < p->size(); ++i) s += ((*p)[i] - mean) * ((*p)[i + lag] - mean);
      v += s / (p->size() - lag);
    }
    if (v > best_v * 1.02) best_v = v, best = lag;
  }
  return best;
}

double BestPeriod(const std::vector<double>& cols, const std::vector<double>& rows) {
  const int shorter = static_cast<int>(std::min(cols.size(), rows.size()));
  return StrongestPeriod({&cols, &rows}, std::max(16, shorter / 40), shorter / 2);
}

}  // namespace cf
