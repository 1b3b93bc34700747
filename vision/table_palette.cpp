#include "vision/table_palette.h"

#include <algorithm>
#include <array>

namespace cf {

namespace {

// Bins of 16 lightness and 8 chroma units; a bin holding this share of the pixels of a strip of
// the rim, on this many of its four sides, is the table's, and so are the bins beside it in
// chroma (a check's blurred edge) and up to kLightReach bins away in lightness (the light falls
// off towards the rim: a red checked cloth's bare cells in the board's holes, lit 40% brighter than
// the rim, showed 0.48-0.88 of its colours with one bin, and with their red checks read as red
// followers, joined the board as tiles).
constexpr int kLBins = 16, kChromaBins = 32, kLightReach = 2;
constexpr double kCommonShare = 0.003;
constexpr int kLeastSides = 2;
// A bin holding this share of the tiles' pixels is a colour of the tiles.
constexpr double kTileColourShare = 0.005;

}  // namespace

int TablePalette::Bin(const cv::Vec3b& lab) {
  return (lab[0] / 16 * kChromaBins + lab[1] / 8) * kChromaBins + lab[2] / 8;
}

TablePalette TablePalette::FromRim(const cv::Mat& half_lab, const cv::Mat& valid) {
  const int bins = kLBins * kChromaBins * kChromaBins;
  const int bw = half_lab.cols / 10, bh = half_lab.rows / 10;
  // The four strips of the rim (top, bottom, left, right), each counted alone.
  const std::array<cv::Rect, 4> strips{
      cv::Rect(0, 0, half_lab.cols, bh), cv::Rect(0, half_lab.rows - bh, half_lab.cols, bh),
      cv::Rect(0, 0, bw, half_lab.rows), cv::Rect(half_lab.cols - bw, 0, bw, half_lab.rows)};
  std::vector<int> sides_common(bins, 0);
  for (const cv::Rect& strip : strips) {
    std::vector<int> counts(bins, 0);
    int n = 0;
    for (int y = strip.y; y < strip.br().y; ++y) {
      const cv::Vec3b* row = half_lab.ptr<cv::Vec3b>(y);
      const uchar* seen = valid.ptr<uchar>(std::min(2 * y, valid.rows - 1));
      for (int x = strip.x; x < strip.br().x; ++x)
        if (seen[std::min(2 * x, valid.cols - 1)]) ++counts[Bin(row[x])], ++n;
    }
    for (int b = 0; b < bins; ++b) sides_common[b] += n > 0 && counts[b] >= n * kCommonShare;
  }
  TablePalette p;
  p.common_.assign(bins, false);
  for (int l = 0; l < kLBins; ++l)
    for (int a = 0; a < kChromaBins; ++a)
      for (int b = 0; b < kChromaBins; ++b) {
        if (sides_common[(l * kChromaBins + a) * kChromaBins + b] < kLeastSides) continue;
        for (int dl = std::max(0, l - kLightReach); dl <= std::min(kLBins - 1, l + kLightReach);
             ++dl)
          for (int da = std::max(0, a - 1); da <= std::min(kChromaBins - 1, a + 1); ++da)
            for (int db = std::max(0, b - 1); db <= std::min(kChromaBins - 1, b + 1); ++db)
              p.common_[(dl * kChromaBins + da) * kChromaBins + db] = true;
      }
  return p;
}

void TablePalette::LeaveOut(const cv::Mat& half_lab, const std::vector<cv::Rect>& tiles) {
  std::vector<int> counts(common_.size(), 0);
  int n = 0;
  for (const cv::Rect& t : tiles) {
    const cv::Rect in = t & cv::Rect(0, 0, half_lab.cols, half_lab.rows);
    for (int y = in.y; y < in.br().y; ++y) {
      const cv::Vec3b* row = half_lab.ptr<cv::Vec3b>(y);
      for (int x = in.x; x < in.br().x; ++x) ++counts[Bin(row[x])], ++n;
    }
  }
  for (size_t b = 0; b < counts.size(); ++b)
    if (n > 0 && counts[b] >= n * kTileColourShare) common_[b] = false;
}

double TablePalette::Share(const cv::Mat& half_lab, const cv::Rect& r) const {
  const cv::Rect in = r & cv::Rect(0, 0, half_lab.cols, half_lab.rows);
  if (in.empty() || common_.empty()) return 0;
  int common = 0;
  for (int y = in.y; y < in.br().y; ++y) {
    const cv::Vec3b* row = half_lab.ptr<cv::Vec3b>(y);
    for (int x = in.x; x < in.br().x; ++x) common += common_[Bin(row[x])];
  }
  return common / static_cast<double>(in.area());
}

}  // namespace cf
