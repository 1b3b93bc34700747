#include "vision/tile_sheet.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>

namespace cf {

namespace {

// Paper is light and nearly colourless; tiles are coloured (a road is light too, but crosses only
// part of a tile, never along its edge).
constexpr int kPaperMostSaturation = 40;
constexpr double kPaperLeastLight = 0.75;  // of the sheet's lightest tenth
// Tiles laid on a table rather than paper: the table is the colour of the picture's rim (a band
// this share of its short side), and within this distance (8-bit Lab) of it is table.
constexpr double kRimShare = 0.02, kTableLab = 24;
constexpr double kUniformRim = 0.75;  // the share of the rim that must be of the table's colour
// Between two rows or columns of tiles the paper is sought this far (a share of the tile pitch)
// either side of where an even layout puts it.
constexpr double kGapSearch = 0.2;
// Where the share of tile pixels along a line stays above this, no paper lies between the tiles:
// the sheet is cut to its tiles and split evenly.
constexpr double kNoPaper = 0.5;
// A square found is a tile when its sides differ by at most this share and it fills at least
// kLeastFill of its part of the sheet.
constexpr double kMostUnsquare = 0.2, kLeastFill = 0.3;

// Where light, nearly colourless paper shows.
cv::Mat Paper(const cv::Mat& bgr) {
  cv::Mat hsv;
  cv::cvtColor(bgr, hsv, cv::COLOR_BGR2HSV);
  std::vector<cv::Mat> hsv_planes;
  cv::split(hsv, hsv_planes);
  const cv::Mat& value = hsv_planes[2];
  int histogram[256] = {};
  for (int y = 0; y < value.rows; ++y)
    for (int x = 0; x < value.cols; ++x) ++histogram[value.at<uchar>(y, x)];
  int lightest = 255;
  for (size_t seen = 0; lightest > 0 && seen < value.total() / 10; --lightest)
    seen += histogram[lightest];
  return (hsv_planes[1] < kPaperMostSaturation) & (value > kPaperLeastLight * lightest);
}

// The picture's rim: a band along its four sides.
cv::Mat Rim(cv::Size size) {
  const int band = std::max(2, static_cast<int>(kRimShare * std::min(size.width, size.height)));
  cv::Mat rim(size, CV_8U, cv::Scalar(255));
  rim(cv::Rect(band, band, size.width - 2 * band, size.height - 2 * band)).setTo(0);
  return rim;
}

// Where the picture is within kTableLab of its rim's colour, when most of the rim is (tiles laid
// on a table); nothing when the rim is of many colours or mostly paper.
std::optional<cv::Mat> Table(const cv::Mat& bgr, const cv::Mat& paper) {
  const cv::Mat rim = Rim(bgr.size());
  const int rim_pixels = cv::countNonZero(rim);
  if (cv::countNonZero(paper & rim) >= rim_pixels / 2) return std::nullopt;
  cv::Mat lab;
  cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
  std::vector<cv::Mat> channels;
  cv::split(lab, channels);
  cv::Mat distance(bgr.size(), CV_32F, cv::Scalar(0));
  for (const cv::Mat& channel : channels) {
    std::vector<uchar> on_rim;
    for (int y = 0; y < channel.rows; ++y)
      for (int x = 0; x < channel.cols; ++x)
        if (rim.at<uchar>(y, x)) on_rim.push_back(channel.at<uchar>(y, x));
    std::nth_element(on_rim.begin(), on_rim.begin() + on_rim.size() / 2, on_rim.end());
    cv::Mat off;
    cv::absdiff(channel, cv::Scalar(on_rim[on_rim.size() / 2]), off);
    off.convertTo(off, CV_32F);
    distance += off.mul(off);
  }
  cv::sqrt(distance, distance);
  cv::Mat table = distance < kTableLab;
  if (cv::countNonZero(table & rim) < kUniformRim * rim_pixels) return std::nullopt;
  return table;
}

// Where the sheet shows tiles (255) rather than what they lie on, specks left out.
cv::Mat TileMask(const cv::Mat& under) {
  cv::Mat tile = under == 0;
  const int speck = std::max(3, std::min(under.cols, under.rows) / 400) | 1;
  cv::morphologyEx(tile, tile, cv::MORPH_OPEN,
                   cv::getStructuringElement(cv::MORPH_RECT, {speck, speck}));
  return tile;
}

// The share of tile pixels in each column (`along_x`) or row of the mask.
std::vector<double> Profile(const cv::Mat& mask, bool along_x) {
  cv::Mat mean;
  cv::reduce(mask, mean, along_x ? 0 : 1, cv::REDUCE_AVG, CV_64F);
  std::vector<double> p(mean.begin<double>(), mean.end<double>());
  for (double& v : p) v /= 255;
  return p;
}

// Where `n` tiles lie along a profile: n + 1 boundaries, the outer ones where tiles begin and end,
// the inner ones at the paper between neighbours (or evenly, where there is none); `cut` when no
// paper lies anywhere along it, a sheet cut to its tiles.
struct Boundaries {
  std::vector<int> at;
  bool cut = true;
};
Boundaries Bounds(const std::vector<double>& p, int n) {
  const int size = static_cast<int>(p.size());
  std::vector<double> sorted = p;
  std::sort(sorted.begin(), sorted.end());
  const double full = sorted[sorted.size() * 9 / 10], begins = 0.2 * full;
  int first = 0, last = size - 1;
  while (first < last && p[first] < begins) ++first;
  while (last > first && p[last] < begins) --last;
  Boundaries b{{first}, first == 0 && last == size - 1};
  const double pitch = (last + 1 - first) / static_cast<double>(n);
  for (int k = 1; k < n; ++k) {
    const int even = first + static_cast<int>(std::lround(k * pitch));
    const int reach = static_cast<int>(kGapSearch * pitch);
    int best = even;
    for (int i = std::max(first, even - reach); i <= std::min(last, even + reach); ++i)
      if (p[i] < p[best]) best = i;
    const bool paper = p[best] < kNoPaper * full;
    b.at.push_back(paper ? best : even);
    b.cut &= !paper;
  }
  b.at.push_back(last + 1);
  return b;
}

// The tiles' squares, where `tile` marks the sheet's tile pixels.
Result<std::vector<cv::RotatedRect>> FindTilesOn(const cv::Mat& tile, int cols, int rows) {
  const Boundaries xb = Bounds(Profile(tile, true), cols), yb = Bounds(Profile(tile, false), rows);
  // On a sheet cut to its tiles each part is a tile, to the pixel.
  const bool cut = xb.cut && yb.cut;
  std::vector<cv::RotatedRect> found;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const cv::Rect part(xb.at[c], yb.at[r], xb.at[c + 1] - xb.at[c], yb.at[r + 1] - yb.at[r]);
      std::vector<cv::Point> points;
      cv::findNonZero(tile(part), points);
      const std::string which = "tile " + std::to_string(r * cols + c + 1) + " of the " +
                                std::to_string(cols) + " x " + std::to_string(rows) + " sheet";
      if (points.size() < kLeastFill * part.area()) return Fail(which + " is not there");
      cv::RotatedRect square(cv::Point2f(part.width - 1, part.height - 1) / 2,
                             cv::Size2f(part.size()), 0.0f);
      if (!cut) {
        std::vector<cv::Point> hull;
        cv::convexHull(points, hull);
        square = cv::minAreaRect(hull);
      }
      const double w = square.size.width, h = square.size.height;
      if (std::abs(w - h) > kMostUnsquare * std::max(w, h))
        return Fail(which + " is not square (" + std::to_string(static_cast<int>(w)) + " x " +
                    std::to_string(static_cast<int>(h)) + " px)");
      if (cut) {
        found.emplace_back(square.center + cv::Point2f(part.tl()), square.size, 0.0f);
        continue;
      }
      double angle = square.angle;  // clockwise, as a square's: within half a right angle
      while (angle > 45) angle -= 90;
      while (angle <= -45) angle += 90;
      const float side = static_cast<float>((w + h) / 2 + 1);  // from first pixel to last
      found.emplace_back(square.center + cv::Point2f(part.tl()), cv::Size2f(side, side),
                         static_cast<float>(angle));
    }
  return found;
}

}  // namespace

Result<std::vector<cv::RotatedRect>> FindSheetTiles(const cv::Mat& sheet, int cols, int rows) {
  if (sheet.empty() || sheet.type() != CV_8UC3) return Fail("the sheet is not a colour picture");
  if (cols < 1 || rows < 1 || sheet.cols < 8 * cols || sheet.rows < 8 * rows)
    return Fail("the sheet is too small for " + std::to_string(cols) + " x " +
                std::to_string(rows) + " tiles");
  const cv::Mat paper = Paper(sheet);
  // On a table, its colour too is not tile; where that finds no tiles (a single grass tile's rim
  // is of one colour too), paper alone.
  if (const auto table = Table(sheet, paper))
    if (auto found = FindTilesOn(TileMask(paper | *table), cols, rows)) return found;
  return FindTilesOn(TileMask(paper), cols, rows);
}

cv::Mat CutOutTile(const cv::Mat& image, const cv::RotatedRect& where) {
  const cv::Point2d corner(where.center.x - (where.size.width - 1) / 2.0,
                           where.center.y - (where.size.height - 1) / 2.0);
  const cv::Size size(cvRound(where.size.width), cvRound(where.size.height));
  const cv::Rect whole(cvRound(corner.x), cvRound(corner.y), size.width, size.height);
  const bool on_pixels = where.angle == 0 && std::abs(corner.x - whole.x) < 1e-3 &&
                         std::abs(corner.y - whole.y) < 1e-3 &&
                         std::abs(where.size.width - size.width) < 1e-3 &&
                         std::abs(where.size.height - size.height) < 1e-3;
  if (on_pixels && (whole & cv::Rect(0, 0, image.cols, image.rows)) == whole)
    return image(whole).clone();
  cv::Mat turn = cv::getRotationMatrix2D(where.center, where.angle, 1.0);
  turn.at<double>(0, 2) += (size.width - 1) / 2.0 - where.center.x;
  turn.at<double>(1, 2) += (size.height - 1) / 2.0 - where.center.y;
  cv::Mat tile;
  cv::warpAffine(image, tile, turn, size, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  return tile;
}

std::vector<Candidate> ReadLoneTile(const cv::Mat& image, const cv::RotatedRect& where,
                                    const std::vector<TileReference>& tileset,
                                    FineTileMatcher& fine, int pitch_px) {
  // Scaled down first as a picture is (each pixel the mean of those it covers), then turned.
  const double scale = pitch_px / static_cast<double>(where.size.width);
  const int reach = static_cast<int>(std::ceil(where.size.width * 1.6));
  const cv::Rect around = cv::Rect(cvRound(where.center.x) - reach, cvRound(where.center.y) - reach,
                                   2 * reach, 2 * reach) &
                          cv::Rect(0, 0, image.cols, image.rows);
  cv::Mat small;
  cv::resize(image(around), small, {}, scale, scale, cv::INTER_AREA);
  const cv::Point2f centre =
      (where.center - cv::Point2f(around.tl()) + cv::Point2f(0.5f, 0.5f)) * scale -
      cv::Point2f(0.5f, 0.5f);
  cv::Mat turn = cv::getRotationMatrix2D(centre, where.angle, 1.0);
  const double middle = 1.5 * pitch_px - 0.5;  // of the middle cell, in pixel coordinates
  turn.at<double>(0, 2) += middle - centre.x;
  turn.at<double>(1, 2) += middle - centre.y;
  cv::Mat board;
  cv::warpAffine(small, board, turn, {3 * pitch_px, 3 * pitch_px}, cv::INTER_LINEAR,
                 cv::BORDER_REPLICATE);
  return ReadCell(board, cv::Rect(pitch_px, pitch_px, pitch_px, pitch_px), tileset, fine);
}

}  // namespace cf
