#include "vision/hidden_difference.h"

#include <opencv2/imgproc.hpp>
#include <vector>

#include "vision/art_difference.h"
#include "vision/tile_painter.h"
#include "vision/tileset.h"
#include "vision/top_view.h"

namespace cf {

namespace {

constexpr int kSmallArt = 48;  // pixels a side of the arts RoughHiddenShare compares

}  // namespace

HiddenDifference::HiddenDifference(const TileCatalog& catalog, const Scene& truth, const Look& look)
    : catalog_(catalog), bare_(truth), look_(look) {
  Scene whole = truth;
  RenderTable(catalog_, whole, look_, &hidden_);
  bare_.followers.clear();
  bare_.tokens.clear();
  look_.hands = 0;  // what a hand hides must show in the difference
  bare_picture_ = RenderTable(catalog_, bare_, look_);
}

std::optional<double> HiddenDifference::HiddenShare(size_t tile, const std::string& id,
                                                    int rotation) {
  if (tile >= bare_.tiles.size() || catalog_.find(id) < 0) return std::nullopt;
  Scene other = bare_;
  SceneTile& t = other.tiles[tile];
  t.angle_deg += rotation - t.rotation;
  t.rotation = rotation;
  t.id = id;
  // Two renders of one table differ only where their tiles do (light, noise and blur are drawn
  // alike); what tells the tiles apart as the reader judges it (kApartSmoothingMm, kApartLevels).
  const cv::Point2d a = look_.camera.Project({t.center_mm[0] - 5, t.center_mm[1], kTileTop}),
                    b = look_.camera.Project({t.center_mm[0] + 5, t.center_mm[1], kTileTop});
  const double sigma = kApartSmoothingMm * cv::norm(a - b) / 10;
  cv::Mat mine, theirs, difference;
  cv::GaussianBlur(RenderTable(catalog_, other, look_), theirs, {}, sigma);
  cv::GaussianBlur(bare_picture_, mine, {}, sigma);
  cv::absdiff(theirs, mine, difference);
  return HiddenShareOfApart(difference, hidden_);
}

cv::Point2d HiddenDifference::Seen(const SceneTile& t, double x_mm, double y_mm) const {
  const double a = t.angle_deg * CV_PI / 180;  // as the renderer turns it: clockwise
  return look_.camera.Project({t.center_mm[0] + x_mm * std::cos(a) - y_mm * std::sin(a),
                               t.center_mm[1] + x_mm * std::sin(a) + y_mm * std::cos(a), kTileTop});
}

bool HiddenDifference::Covered(size_t tile) const {
  if (tile >= bare_.tiles.size()) return false;
  const SceneTile& t = bare_.tiles[tile];
  const double half = kTilePitchMm / 2;
  std::vector<cv::Point> corners;
  for (const auto& [u, v] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
    const cv::Point2d p = Seen(t, u * half, v * half);
    corners.push_back(cv::Point(cvRound(p.x), cvRound(p.y)));
  }
  cv::Mat square(hidden_.size(), CV_8U, cv::Scalar(0));
  cv::fillConvexPoly(square, corners, cv::Scalar(255));
  return cv::countNonZero(square & hidden_) > 0;
}

std::optional<double> HiddenDifference::RoughHiddenShare(size_t tile, const std::string& id,
                                                         int rotation) {
  const int other = catalog_.find(id);
  if (tile >= bare_.tiles.size() || other < 0) return std::nullopt;
  const SceneTile& t = bare_.tiles[tile];
  cv::Mat& hidden = hidden_on_tile_[tile];
  if (hidden.empty()) {  // each pixel of the tile's frame hidden where its point shows
    hidden.create(kSmallArt, kSmallArt, CV_8U);
    for (int row = 0; row < kSmallArt; ++row)
      for (int col = 0; col < kSmallArt; ++col) {
        const cv::Point2d p = Seen(t, ((col + 0.5) / kSmallArt - 0.5) * kTilePitchMm,
                                   ((row + 0.5) / kSmallArt - 0.5) * kTilePitchMm);
        const cv::Point q(cvRound(p.x), cvRound(p.y));
        hidden.at<uchar>(row, col) =
            q.inside(cv::Rect(0, 0, hidden_.cols, hidden_.rows)) ? hidden_.at<uchar>(q) : 255;
      }
  }
  auto art = [&](int type, int quarter) {
    cv::Mat& painted = small_art_[type];
    if (painted.empty()) {
      cv::GaussianBlur(PaintTile(catalog_.type(type), kSmallArt, {look_.seed}), painted, {},
                       kApartSmoothingMm * kSmallArt / kTilePitchMm);
    }
    return TurnedArt(painted, quarter);
  };
  cv::Mat difference;
  // In the tile's own frame, where `hidden` was sampled: the truth's art as printed, the other's
  // turned by the difference of their turns.
  cv::absdiff(art(catalog_.find(t.id), 0), art(other, (rotation - t.rotation) / 90 + 4),
              difference);
  return HiddenShareOfApart(difference, hidden);
}

}  // namespace cf
