// Reading a picture: the board's pixels weighed -- against the art, relit to its light, and in
// the players' colours.

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/art_difference.h"
#include "vision/mask_parts.h"
#include "vision/median.h"
#include "vision/table_reader.h"

namespace cf {

namespace {

// Lab distance (8-bit units) within which a pixel is of a token's colour as seen.
constexpr double kSameColourLab = 15.0;
// Followers and tokens cover a few percent of a board; beyond this share of 'unprinted' pixels
// the tile art's colours do not describe the picture.
constexpr double kMostUnprintedShare = 0.05;
// A standing meeple's height (mm): the most its sides can show below its top.
constexpr double kTallestPieceMm = 16;
// A follower's sides in shade: no darker than this (B + G + R), and of its paint's chromaticity
// (B, G, R over their sum) within this (summed absolute differences).
constexpr double kLeastShadeSum = 30;
constexpr double kShadeChromaticity = 0.15;
// A pixel this far (Lab, 8-bit units) in colour from its tile's art is no art: a follower's
// shaded side that the standardised comparison takes for the art's shading (compared at full
// resolution, 15 to 30 placed the followers of seeds 80000-80079 alike; a green meeple on grass
// differs from it by 15 to 30).
constexpr double kUnlikeArtLab = 15;

// Fewer pixels of grass like the art than this (of half_lab's) tell no colour of the grass.
constexpr size_t kLeastGrassPixels = 500;

}  // namespace

cv::Mat TableReader::LabOf(const cv::Rect& r) {
  cv::Mat lab;
  cv::cvtColor(aligned(r), lab, cv::COLOR_BGR2Lab);
  return lab;
}

cv::Mat TableReader::SquaredDistanceFromSample(const cv::Rect& box, const cv::Mat& sample) {
  cv::Mat lab, diff, distance;
  LabOf(box).convertTo(lab, CV_32FC3);
  const cv::Scalar mean = cv::mean(lab, sample);
  diff = lab - cv::Scalar(mean[0], mean[1], mean[2]);
  diff = diff.mul(diff);
  cv::transform(diff, distance, cv::Matx13f(1, 1, 1));
  return distance;
}

cv::Mat TableReader::LikeSample(const cv::Rect& box, const cv::Mat& sample) {
  return cv::Mat(SquaredDistanceFromSample(box, sample) < kSameColourLab * kSameColourLab);
}

cv::Rect TableReader::SquareInView(cv::Point c, int r) {
  return cv::Rect(c - cv::Point(r, r), cv::Size(2 * r + 1, 2 * r + 1)) &
         cv::Rect(0, 0, aligned.cols, aligned.rows);
}

int TableReader::ClassLabel(const std::string& colour) const {
  const auto& names = colors.names();
  const auto it = std::find(names.begin(), names.end(), colour);
  return it == names.end() ? 0 : static_cast<int>(it - names.begin()) + 1;
}

cv::Mat TableReader::BlobIn(const cv::Rect& box, const Blob& b) {
  cv::Mat mask = cv::Mat::zeros(box.size(), CV_8U);
  const cv::Rect common = cv::Rect(b.at, b.patch.size()) & box;
  if (!common.empty()) b.patch(common - b.at).copyTo(mask(common - box.tl()));
  return mask;
}

cv::Mat TableReader::Foreground() {
  cv::Mat fg = off_table.clone();
  for (const auto& c : board) {
    cv::Rect rect = CellInView(c.col, c.row);
    if (rect.empty()) continue;
    const Candidate& k = c.reading();
    auto& known = differs_from_art[{c.col, c.row}];
    if (!known.mask.empty() && known.type == k.type && known.quarter == k.quarter) {
      known.mask.copyTo(fg(rect));
      continue;
    }
    cv::Mat observed = TileDescriptor(aligned(rect), kDetailSize);
    cv::Mat diff;
    cv::absdiff(observed, by_type[k.type]->details[k.quarter], diff);
    std::vector<cv::Mat> ch;
    cv::split(diff, ch);
    cv::Mat sum = ch[0] + ch[1] + ch[2], mask;
    cv::GaussianBlur(sum, sum, cv::Size(3, 3), 0);
    mask = sum > 3.0;
    cv::resize(mask, mask, rect.size(), 0, 0, cv::INTER_NEAREST);
    mask.copyTo(fg(rect));
    known = {k.type, k.quarter, mask};
  }
  cv::morphologyEx(fg, fg, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  return fg;
}

cv::Scalar TableReader::LightGains() {
  cv::Scalar seen(0, 0, 0), printed(0, 0, 0);
  for (const auto& c : board) {
    cv::Rect rect = CellInView(c.col, c.row);
    if (rect.empty()) continue;
    seen += cv::mean(aligned(rect));
    printed += by_type[c.reading().type]->mean_bgr;
  }
  cv::Scalar gain;
  for (int k = 0; k < 3; ++k) gain[k] = std::clamp(printed[k] / std::max(1.0, seen[k]), 0.5, 2.5);
  return gain;
}

void TableReader::Relight(const ColourLookup& colors) {
  cv::Scalar gain = LightGains();
  bool same = !relit.image.empty();
  for (int k = 0; k < 3; ++k) same = same && std::abs(gain[k] / relit.gain[k] - 1) < 0.01;
  if (same) return;
  std::vector<cv::Mat> ch;
  cv::split(aligned, ch);
  for (int k = 0; k < 3; ++k) ch[k].convertTo(ch[k], CV_8U, gain[k]);
  relit.gain = gain;
  cv::merge(ch, relit.image);
  relit.classes = colors.Classify(relit.image);
  relit.unprinted = printed.Unprinted(relit.image) & valid;
}

cv::Mat TableReader::Unprinted() {
  double on = 0, all = 0;
  for (const auto& c : board) {
    cv::Rect r = CellInView(c.col, c.row);
    on += cv::countNonZero(relit.unprinted(r));
    all += r.area();
  }
  if (on > all * kMostUnprintedShare) return cv::Mat::zeros(relit.unprinted.size(), CV_8U);
  return relit.unprinted & off_table;  // a table of such a colour is no piece
}

void TableReader::WriteDebugMask(const std::string& name, const cv::Mat& mask) {
  if (in.debug_prefix.empty()) return;
  cv::Mat shown = aligned.clone();
  shown.setTo(cv::Scalar(255, 0, 255), mask);
  cv::imwrite(in.debug_prefix + name, shown);
}

cv::Mat TableReader::UnlikeArtIn(const cv::Rect& window) {
  const Cell first = cell_at_aligned(window.tl()),
             last = cell_at_aligned(window.br() - cv::Point(1, 1));
  for (const auto& c : board) {
    if (c.col - col0 < first.x || c.col - col0 > last.x || c.row - row0 < first.y ||
        c.row - row0 > last.y)
      continue;
    const cv::Rect rect = CellRect(c.col, c.row);
    if (rect != CellInView(c.col, c.row) || !unlike_known.insert({c.col, c.row}).second) continue;
    const Candidate& k = c.reading();
    const cv::Mat art = ArtAtPitch(by_type[k.type]->art, k.quarter, period);
    UnlikeArt(relit.image(rect), art, WhereTileLies(rect, k) - cv::Point2d(rect.tl()),
              kUnlikeArtLab)
        .copyTo(unlike_art(rect));
  }
  return unlike_art(window);
}

cv::Point2d TableReader::WhereTileLies(const cv::Rect& cell, const Candidate& k) {
  const FineTileMatcher::Place place = fine->Locate(aligned, cell, k.type, k.quarter);
  return place.fit >= kLocatedFit
             ? place.centre
             : cv::Point2d(cell.x, cell.y) + 0.5 * cv::Point2d(cell.width, cell.height);
}

BlobVerdict TableReader::Judge(const Blob& b) {
  const cv::Point2d at = aligned_to_image(b.centroid);
  const double across = cv::norm(aligned_to_image(b.centroid + cv::Point2d(1, 0)) - at),
               along = cv::norm(aligned_to_image(b.centroid + cv::Point2d(0, 1)) - at);
  const double picture_ppmm = std::min(across, along) * top.ppmm;
  return JudgeBlob(b, top.ppmm, picture_ppmm > 0 ? 2 / picture_ppmm : 0);
}

double TableReader::OutlineContrast(const Blob& b) {
  const cv::Rect box = cv::Rect(b.at - cv::Point(4, 4), b.patch.size() + cv::Size(8, 8)) &
                       cv::Rect(0, 0, aligned.cols, aligned.rows);
  const cv::Mat blob = BlobIn(box, b), band = cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5});
  cv::Mat inside, outside, lab;
  cv::erode(blob, inside, band);
  inside = blob & ~inside;
  cv::dilate(blob, outside, band);
  outside &= ~blob & valid(box);
  LabOf(box).convertTo(lab, CV_32FC3);
  const cv::Scalar in_colour = cv::mean(lab, inside), out_colour = cv::mean(lab, outside);
  return cv::norm(cv::Vec3d(in_colour[0], in_colour[1], in_colour[2]) -
                  cv::Vec3d(out_colour[0], out_colour[1], out_colour[2]));
}

TableReader::ColourAsSeen TableReader::AsSeen(const Blob& b) {
  const cv::Mat lab = LabOf(cv::Rect(b.at, b.patch.size()));
  cv::Scalar mean, spread;
  cv::meanStdDev(lab, mean, spread, b.patch);
  int count[256] = {0}, n = 0;
  for (int y = 0; y < lab.rows; ++y)
    for (int x = 0; x < lab.cols; ++x)
      if (b.patch.at<uchar>(y, x)) ++count[lab.at<cv::Vec3b>(y, x)[0]], ++n;
  int darkest_tenth = 0;
  for (int seen = count[0]; seen * 10 <= n && darkest_tenth < 255;) seen += count[++darkest_tenth];
  return {cv::Vec3d(mean[0], mean[1], mean[2]), spread[0], static_cast<double>(darkest_tenth)};
}

std::optional<cv::Vec3d> TableReader::GrassAsSeen() {
  const int green = ClassLabel("green");
  if (green == 0) return std::nullopt;
  std::vector<double> channel[3];
  for (const auto& c : board) {
    const cv::Rect r = CellInView(c.col, c.row);
    for (int y = r.y & ~1; y < r.br().y; y += 2)
      for (int x = r.x & ~1; x < r.br().x; x += 2) {
        if (y / 2 >= half_lab.rows || x / 2 >= half_lab.cols) continue;
        if (relit.classes.at<uchar>(y, x) != green || fg.at<uchar>(y, x) || !valid.at<uchar>(y, x))
          continue;
        const cv::Vec3b lab = half_lab.at<cv::Vec3b>(y / 2, x / 2);
        for (int k = 0; k < 3; ++k) channel[k].push_back(lab[k]);
      }
  }
  if (channel[0].size() < kLeastGrassPixels) return std::nullopt;
  cv::Vec3d grass;
  for (int k = 0; k < 3; ++k) grass[k] = Median(std::move(channel[k]));
  return grass;
}

std::optional<double> TableReader::HueOffGrass(const cv::Vec3d& lab) const {
  if (!grass_seen) return std::nullopt;
  return std::hypot(lab[1] - (*grass_seen)[1], lab[2] - (*grass_seen)[2]);
}

std::optional<double> TableReader::ShadeBelowGrass(const ColourAsSeen& seen) const {
  if (!grass_seen) return std::nullopt;
  return (*grass_seen)[0] - seen.darkest_tenth;
}

bool TableReader::FlatGreen(const Blob& b, const ColourAsSeen* seen) {
  if (b.color != "green") return false;
  return (seen ? *seen : AsSeen(b)).lightness_spread < kLeastGreenLightnessSpread;
}

cv::Point2d TableReader::WithShadedSides(const Blob& b, cv::Point2d centroid) {
  const cv::Point2d sweep = (footprint(centroid, 1.0) - centroid) * kTallestPieceMm;
  const int sx = static_cast<int>(std::ceil(std::abs(sweep.x))),
            sy = static_cast<int>(std::ceil(std::abs(sweep.y)));
  const cv::Rect seed(b.at, b.patch.size());
  const cv::Rect window = cv::Rect(seed.tl() - cv::Point(sx, sy), seed.br() + cv::Point(sx, sy)) &
                          cv::Rect(0, 0, aligned.cols, aligned.rows);
  if (cv::norm(sweep) < 1 || window.empty()) return centroid;
  cv::Mat kernel = cv::Mat::zeros(2 * sy + 1, 2 * sx + 1, CV_8U);
  cv::line(kernel, {sx, sy}, cv::Point(cvRound(sx - sweep.x), cvRound(sy - sweep.y)),
           cv::Scalar(1));
  cv::Mat blob = cv::Mat::zeros(window.size(), CV_8U), swept;
  b.patch.copyTo(blob(seed - window.tl()));
  cv::dilate(blob, swept, kernel);
  const cv::Scalar paint = cv::mean(aligned(seed), b.patch);
  const double paint_sum = paint[0] + paint[1] + paint[2];
  const cv::Mat view = aligned(window), fg_window = fg(window) | UnlikeArtIn(window);
  for (int y = 0; y < view.rows; ++y)
    for (int x = 0; x < view.cols; ++x) {
      if (!swept.at<uchar>(y, x) || blob.at<uchar>(y, x) || !fg_window.at<uchar>(y, x)) continue;
      const cv::Vec3b c = view.at<cv::Vec3b>(y, x);
      const double sum = c[0] + c[1] + c[2];
      if (sum < kLeastShadeSum || sum > paint_sum * 1.05) continue;
      double off = 0;
      for (int k = 0; k < 3; ++k) off += std::abs(c[k] / sum - paint[k] / paint_sum);
      if (off <= kShadeChromaticity) blob.at<uchar>(y, x) = 255;
    }
  const cv::Moments m = cv::moments(PartsJoinedTo(blob, b.patch, seed.tl() - window.tl()), true);
  return m.m00 > 0 ? cv::Point2d(m.m10 / m.m00, m.m01 / m.m00) + cv::Point2d(window.tl())
                   : centroid;
}

}  // namespace cf
