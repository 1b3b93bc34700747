#include "vision/art_difference.h"

#include <algorithm>
#include <limits>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <vector>

#include "vision/kept_art.h"
#include "vision/median.h"
#include "vision/scene.h"
#include "vision/tileset.h"

namespace cf {

namespace {

constexpr double kRimShare = 0.06;  // of the pitch, as the fine matcher leaves out
// Half-resolution pixels: grass strokes and a tile's last half pixel of shift.
constexpr double kSmoothing = 0.75;
constexpr double kMostUnlikeShare = 0.5;
// A picture the art describes loosely (another printing, blur, a dim room) differs from it a
// little everywhere: a pixel is unlike the art only when it differs this many times as much as
// the cell's median pixel does. Rendered cells differ by 6.5 Lab at the median, real photos
// enrolled from the tile sheet by 19.
constexpr double kMedianDifferences = 2;
// CellColours::Misfit leaves out a wider rim than UnlikeArt (a neighbour's colour bleeds in
// wherever the tile lies a little off its place), and clips each pixel's distance: a hand or a
// glare costs every tile alike, not more to the one whose art happens to be darker there.
constexpr double kMisfitRimShare = 0.1, kMisfitClipLab = 30;
constexpr size_t kLeastSeenPixels = 20;

cv::Mat SmoothLab(const cv::Mat& bgr) {
  cv::Mat smooth, lab, out;
  cv::GaussianBlur(bgr, smooth, {3, 3}, kSmoothing);
  cv::cvtColor(smooth, lab, cv::COLOR_BGR2Lab);
  lab.convertTo(out, CV_32FC3);
  return out;
}

}  // namespace

cv::Mat ArtAtPitch(const cv::Mat& art, int quarter, double pitch_px) {
  CV_Assert(art.type() == CV_8UC3 && !art.empty());
  const KeptArtKey key{
      KeptArtKey::Purpose::kArtAtPitch, art.data, nullptr, quarter, 0, 0, 0, pitch_px};
  return KeptArt(key, art, {}, [&] {
    const cv::Mat turned = TurnedArt(art, quarter);
    cv::Mat out;
    const double scale = pitch_px / turned.cols;
    cv::resize(turned, out, {}, scale, scale, cv::INTER_AREA);
    return out;
  });
}

cv::Mat UnlikeArt(const cv::Mat& cell, const cv::Mat& art_at_pitch, cv::Point2d tile_centre,
                  double limit_lab) {
  CV_Assert(cell.type() == CV_8UC3 && art_at_pitch.type() == CV_8UC3);
  // At half the resolution: a piece is ten pixels across and more.
  cv::Mat half_cell, half_art, expected;
  cv::resize(cell, half_cell, {(cell.cols + 1) / 2, (cell.rows + 1) / 2}, 0, 0, cv::INTER_AREA);
  cv::resize(art_at_pitch, half_art, {}, 0.5, 0.5, cv::INTER_AREA);
  const cv::Point2d centre = (tile_centre - cv::Point2d(0.5, 0.5)) / 2;  // pixel centres
  const cv::Matx23d shift(1, 0, centre.x - (half_art.cols - 1) / 2.0, 0, 1,
                          centre.y - (half_art.rows - 1) / 2.0);
  cv::warpAffine(half_art, expected, shift, half_cell.size(), cv::INTER_LINEAR,
                 cv::BORDER_REPLICATE);
  cv::Mat difference = SmoothLab(half_cell) - SmoothLab(expected);
  std::vector<cv::Mat> channels;
  cv::split(difference, channels);
  cv::Mat squared(half_cell.size(), CV_32F, cv::Scalar(0));
  std::vector<float> values;
  for (cv::Mat& c : channels) {
    values.assign(c.ptr<float>(), c.ptr<float>() + c.total());  // split makes whole planes
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    c -= values[values.size() / 2];
    squared += c.mul(c);
  }
  cv::Mat unlike = squared > limit_lab * limit_lab;
  const int rim = static_cast<int>(half_art.cols * kRimShare + 0.5);
  cv::Mat inside(unlike.size(), CV_8U, cv::Scalar(0));
  if (unlike.cols > 2 * rim && unlike.rows > 2 * rim)
    inside(cv::Rect(rim, rim, unlike.cols - 2 * rim, unlike.rows - 2 * rim)).setTo(255);
  unlike &= inside;
  // Pieces cover part of a tile: where most of it is unlike the art, the art does not describe
  // the picture (another printing, a glare), and nothing is told from it.
  if (cv::countNonZero(unlike) > kMostUnlikeShare * cv::countNonZero(inside))
    return cv::Mat::zeros(cell.size(), CV_8U);
  values.assign(squared.ptr<float>(), squared.ptr<float>() + squared.total());
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  const double loose = kMedianDifferences * kMedianDifferences * values[values.size() / 2];
  if (loose > limit_lab * limit_lab) unlike &= squared > loose;
  cv::morphologyEx(unlike, unlike, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  cv::Mat out;
  cv::resize(unlike, out, cell.size(), 0, 0, cv::INTER_NEAREST);
  return out;
}

cv::Mat ArtColours(const cv::Mat& art, int quarter) {
  CV_Assert(art.type() == CV_8UC3 && !art.empty());
  const KeptArtKey key{KeptArtKey::Purpose::kColours, art.data, nullptr, quarter, 0, kColourSide};
  return KeptArt(key, art, {}, [&] {
    cv::Mat small;
    cv::resize(TurnedArt(art, quarter), small, {kColourSide, kColourSide}, 0, 0, cv::INTER_AREA);
    return SmoothLab(small);
  });
}

CellColours::CellColours(const cv::Mat& cell, const cv::Mat& hidden, cv::Point2d tile_centre,
                         double pitch_px) {
  CV_Assert(cell.type() == CV_8UC3 && hidden.type() == CV_8U && hidden.size() == cell.size());
  const double scale = kColourSide / pitch_px;
  const cv::Size size(std::max(1, cvRound(cell.cols * scale)),
                      std::max(1, cvRound(cell.rows * scale)));
  cv::Mat small;
  cv::resize(cell, small, size, 0, 0, cv::INTER_AREA);
  lab_ = SmoothLab(small);
  cv::resize(hidden, hidden_, size, 0, 0, cv::INTER_NEAREST);
  // Where the art's pixel centres fall in the shrunken cell.
  const cv::Point2d centre((tile_centre.x + 0.5) * size.width / cell.cols - 0.5,
                           (tile_centre.y + 0.5) * size.height / cell.rows - 0.5);
  shift_ = cv::Matx23d(1, 0, centre.x - (kColourSide - 1) / 2.0, 0, 1,
                       centre.y - (kColourSide - 1) / 2.0);
}

double CellColours::Misfit(const cv::Mat& art_colours) const {
  CV_Assert(art_colours.type() == CV_32FC3);
  cv::Mat art_lab;
  cv::warpAffine(art_colours, art_lab, shift_, lab_.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  const int rim = static_cast<int>(kColourSide * kMisfitRimShare + 0.5);
  std::vector<cv::Vec3f> seen;
  seen.reserve(lab_.total());
  for (int y = rim; y < lab_.rows - rim; ++y) {
    const cv::Vec3f* picture = lab_.ptr<cv::Vec3f>(y);
    const cv::Vec3f* art = art_lab.ptr<cv::Vec3f>(y);
    const uchar* hid = hidden_.ptr<uchar>(y);
    for (int x = rim; x < lab_.cols - rim; ++x)
      if (!hid[x]) seen.push_back(picture[x] - art[x]);
  }
  if (seen.size() < kLeastSeenPixels) return std::numeric_limits<double>::infinity();
  cv::Vec3f median;
  std::vector<double> v(seen.size());
  for (int k = 0; k < 3; ++k) {
    for (size_t i = 0; i < seen.size(); ++i) v[i] = seen[i][k];
    median[k] = static_cast<float>(Median(v));
  }
  double sum = 0;
  for (const auto& d : seen) sum += std::min(kMisfitClipLab, cv::norm(d - median));
  return sum / seen.size();
}

std::optional<double> HiddenShareOfApart(const cv::Mat& difference, const cv::Mat& hidden) {
  CV_Assert(difference.type() == CV_8UC3 && hidden.type() == CV_8U &&
            hidden.size() == difference.size());
  int all = 0, covered = 0;
  for (int y = 0; y < difference.rows; ++y) {
    const uchar* d = difference.ptr<uchar>(y);
    const uchar* h = hidden.ptr<uchar>(y);
    for (int x = 0; x < difference.cols; ++x) {
      const int most = std::max({d[3 * x], d[3 * x + 1], d[3 * x + 2]});
      if (most > kApartLevels) ++all, covered += h[x] != 0;
    }
  }
  if (all == 0) return std::nullopt;
  return covered / static_cast<double>(all);
}

cv::Mat SmoothedArtAtPitch(const cv::Mat& art, int quarter, double pitch_px) {
  const KeptArtKey key{
      KeptArtKey::Purpose::kSmoothedArt, art.data, nullptr, quarter, 0, 0, 0, pitch_px};
  return KeptArt(key, art, {}, [&] {
    const cv::Mat at_pitch = ArtAtPitch(art, quarter, pitch_px);
    cv::Mat smoothed;
    cv::GaussianBlur(at_pitch, smoothed, {}, kApartSmoothingMm / kTilePitchMm * at_pitch.cols);
    return smoothed;
  });
}

std::optional<double> HiddenShareOfDifference(const cv::Mat& first, const cv::Mat& second,
                                              cv::Point2d tile_centre, const cv::Mat& hidden) {
  CV_Assert(first.type() == CV_8UC3 && second.size() == first.size() && second.type() == CV_8UC3 &&
            hidden.type() == CV_8U);
  // To the nearest pixel: a share of a few hundred pixels moves by little more.
  const cv::Rect square(cvRound(tile_centre.x - (first.cols - 1) / 2.0),
                        cvRound(tile_centre.y - (first.rows - 1) / 2.0), first.cols, first.rows);
  const cv::Rect window = square & cv::Rect(0, 0, hidden.cols, hidden.rows);
  if (window.empty()) return std::nullopt;
  const cv::Rect in_art = window - square.tl();
  cv::Mat difference;
  cv::absdiff(first(in_art), second(in_art), difference);
  return HiddenShareOfApart(difference, hidden(window));
}

}  // namespace cf
