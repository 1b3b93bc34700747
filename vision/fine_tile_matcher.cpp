#include "vision/fine_tile_matcher.h"

#include <algorithm>
#include <cassert>
#include <opencv2/imgproc.hpp>
#include <tuple>
#include <vector>

#include "vision/kept_art.h"
#include "vision/mask_parts.h"

namespace cf {

namespace {

const double kTurns[] = {0.0, -2.0, 2.0};  // degrees a tile may lie off square
constexpr double kSquareEnough = 0.8;      // a fit that needs no turn
// Where a tile lies is searched at every other place, then uphill from this many of the best: on
// the real photos one start found other peaks (three meeples lost), three find the full search's.
constexpr size_t kUphillStarts = 3;
// Standardised colour difference (summed over channels) beyond which a pixel is not the art.
constexpr float kPieceDifference = 3.0f;
// A piece's part on a tile, at the least, as a share of the tile.
constexpr double kLeastPieceShare = 0.03;
// Two tiles differ where their standardised templates lie this far apart (summed over channels),
// telling only when in this share of the tile or more (a hut at 1.2 px/mm: some 20 of 54 x 54).
constexpr float kTellingApart = 3.0f;
constexpr double kLeastTellingShare = 0.004;
// A picture's blur beyond the art's (pixels at the board's pitch): its detail is softer.
constexpr double kPictureBlurPx = 1.0;

// Pictures are matched to the art on the pixels no piece hides only where this share is open.
constexpr double kLeastOpenShare = 0.3;
// How far a small detail may lie from where the whole tile was found (pixels each way).
constexpr int kDetailShiftPx = 2;

// The sum of `r` from an integral image (cv::integral) of element type T.
template <typename T>
T BoxSum(const cv::Mat& integral, const cv::Rect& r) {
  return integral.at<T>(r.br()) - integral.at<T>(r.y, r.br().x) - integral.at<T>(r.br().y, r.x) +
         integral.at<T>(r.tl());
}

// The sum of image * t over the template `t` laid with its corner at (x, y) of `image` (CV_32F).
double Dot(const cv::Mat& image, int x, int y, const cv::Mat& t) {
  float lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // independent sums the compiler can vectorise
  for (int ty = 0; ty < t.rows; ++ty) {
    const float* a = image.ptr<float>(y + ty) + x;
    const float* b = t.ptr<float>(ty);
    int tx = 0;
    for (; tx + 8 <= t.cols; tx += 8)
      for (int k = 0; k < 8; ++k) lanes[k] += a[tx + k] * b[tx + k];
    for (; tx < t.cols; ++tx) lanes[0] += a[tx] * b[tx];
  }
  double sum = 0;
  for (float l : lanes) sum += l;
  return sum;
}

// What cv::matchTemplate's TM_CCOEFF_NORMED gives for a grey `image` (CV_32F) and a zero-mean
// template `t` (CV_32F) of norm `t_norm`, computed directly: the places are few, the template
// large. With `open` (CV_32F, 1 or 0 per pixel of `image`), the correlation at each place is taken
// over the open pixels only. Only every other place each way is computed, then uphill from the
// best few of those (a picture's peak is wider than a pixel); the places not computed hold -2.
cv::Mat CorrelateAtFewPlaces(const cv::Mat& image, const cv::Mat& t, double t_norm,
                             const cv::Mat& open = {}) {
  const int places_x = image.cols - t.cols + 1, places_y = image.rows - t.rows + 1;
  cv::Mat sum, square_sum, open_image, open_sum, t_squared;
  if (open.empty()) {
    cv::integral(image, sum, square_sum, CV_64F, CV_64F);
  } else {
    open_image = image.mul(open);
    cv::integral(open_image, sum, square_sum, CV_64F, CV_64F);
    cv::integral(open, open_sum, CV_64F);
    t_squared = t.mul(t);
  }
  const double n = static_cast<double>(t.total());
  constexpr float kNotComputed = -2;  // below any correlation
  cv::Mat out(places_y, places_x, CV_32F, cv::Scalar(kNotComputed));
  auto correlate = [&](int x, int y) {
    const cv::Rect place(x, y, t.cols, t.rows);
    const double s = BoxSum<double>(sum, place), ss = BoxSum<double>(square_sum, place);
    double cross, variance, t_variance;
    if (open.empty()) {
      cross = Dot(image, x, y, t);
      variance = ss - s * s / n;
      t_variance = t_norm * t_norm;
    } else {
      const double m = BoxSum<double>(open_sum, place);
      if (m < 1) {
        out.at<float>(y, x) = 0.0f;
        return;
      }
      const double st = Dot(open, x, y, t);
      cross = Dot(open_image, x, y, t) - s * st / m;
      variance = ss - s * s / m;
      t_variance = Dot(open, x, y, t_squared) - st * st / m;
    }
    out.at<float>(y, x) = variance > 1e-6 && t_variance > 1e-12
                              ? static_cast<float>(cross / std::sqrt(variance * t_variance))
                              : 0.0f;
  };
  std::vector<std::pair<float, cv::Point>> coarse;
  for (int y = 0; y < places_y; y += 2)
    for (int x = 0; x < places_x; x += 2) {
      correlate(x, y);
      coarse.push_back({out.at<float>(y, x), {x, y}});
    }
  // Uphill from the best few of those until a place and every place around it are computed.
  const size_t starts = std::min<size_t>(kUphillStarts, coarse.size());
  std::partial_sort(coarse.begin(), coarse.begin() + starts, coarse.end(),
                    [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t i = 0; i < starts; ++i) {
    cv::Point best = coarse[i].second;
    for (cv::Point from(-1, -1); from != best;) {
      from = best;
      for (int y = std::max(0, from.y - 1); y <= std::min(places_y - 1, from.y + 1); ++y)
        for (int x = std::max(0, from.x - 1); x <= std::min(places_x - 1, from.x + 1); ++x) {
          if (out.at<float>(y, x) == kNotComputed) correlate(x, y);
          if (out.at<float>(y, x) > out.at<float>(best)) best = {x, y};
        }
    }
  }
  return out;
}

// How Standardise (see tileset.h) maps the part `w` of a CV_32FC3 picture: its mean and the scale
// per channel, from the picture's integrals (CV_64FC3 `sum` and `square_sum`, as cv::integral makes
// them).
struct Standardising {
  float mean[3], scale[3];
};
Standardising StandardisingOf(const cv::Mat& sum, const cv::Mat& square_sum, const cv::Rect& w,
                              double floor = 4.0) {
  const double n = static_cast<double>(w.area());
  const cv::Vec3d s = BoxSum<cv::Vec3d>(sum, w), ss = BoxSum<cv::Vec3d>(square_sum, w);
  Standardising out;
  for (int k = 0; k < 3; ++k) {
    const double mean = s[k] / n, sd = std::sqrt(std::max(0.0, ss[k] / n - mean * mean));
    out.mean[k] = static_cast<float>(mean);
    out.scale[k] = static_cast<float>(1.0 / std::max(floor, sd));
  }
  return out;
}

// The part `w` of a CV_32FC3 picture mapped by `by`.
cv::Mat Standardised(const cv::Mat& picture, const cv::Rect& w, const Standardising& by) {
  cv::Mat out(w.size(), CV_32FC3);
  for (int y = 0; y < w.height; ++y) {
    const float* in = picture.ptr<float>(w.y + y) + 3 * w.x;
    float* o = out.ptr<float>(y);
    for (int x = 0; x < 3 * w.width; x += 3)
      for (int k = 0; k < 3; ++k) o[x + k] = (in[x + k] - by.mean[k]) * by.scale[k];
  }
  return out;
}

// Per pixel, the absolute differences of two CV_32FC3 pictures summed over the channels (CV_32F).
cv::Mat SummedDifference(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat difference;
  cv::absdiff(a, b, difference);
  cv::transform(difference, difference, cv::Matx13f(1, 1, 1));
  return difference;
}

// Where templates `a` and `b` lie apart (`apart`) and a few pixels around, pieces left out, if b
// shows more detail (variance) there than a; else nothing.
cv::Mat WhereMoreDetail(const cv::Mat& a, const cv::Mat& b, const cv::Mat& apart,
                        const cv::Mat& pieces) {
  if (cv::countNonZero(apart) < std::max(4.0, kLeastTellingShare * a.total())) return {};
  cv::Mat near;
  cv::dilate(apart, near, cv::getStructuringElement(cv::MORPH_ELLIPSE, {7, 7}));
  if (!pieces.empty()) near &= pieces == 0;
  auto detail = [&](const cv::Mat& t) {
    cv::Scalar mean, sd;
    cv::meanStdDev(t, mean, sd, near);
    return sd[0] * sd[0] + sd[1] * sd[1] + sd[2] * sd[2];
  };
  return detail(b) > detail(a) ? near : cv::Mat();
}

// Per channel, how a standardised picture maps onto a template's values (unchanged by default):
// under pieces the window's own standardising is skewed by them (a large blue piece makes the
// grass around it read far from the art's grass), so picture and template are matched in mean and
// spread on the pixels no piece hides (`open`; the picture's there, measured once for both arts).
struct ToArt {
  float gain[3] = {1, 1, 1}, offset[3] = {0, 0, 0};
};
ToArt PictureToArt(const cv::Scalar& picture_mean, const cv::Scalar& picture_sd, const cv::Mat& art,
                   const cv::Mat& open) {
  cv::Scalar art_mean, art_sd;
  cv::meanStdDev(art, art_mean, art_sd, open);
  ToArt out;
  for (int k = 0; k < 3; ++k) {
    const double gain = art_sd[k] / std::max(picture_sd[k], 1e-3);
    out.gain[k] = static_cast<float>(gain);
    out.offset[k] = static_cast<float>(art_mean[k] - gain * picture_mean[k]);
  }
  return out;
}

}  // namespace

FineTileMatcher::FineTileMatcher(const std::vector<TileReference>& tileset, double pitch_px) {
  for (const auto& ref : tileset) by_type_[ref.type] = &ref;
  size_ = std::max(16, static_cast<int>(std::lround(pitch_px)));
  inset_ = std::max(2, static_cast<int>(std::lround(pitch_px * 0.06)));
  margin_ = std::max(2, static_cast<int>(std::lround(pitch_px * 0.06)));
}

cv::Mat FineTileMatcher::Neighbourhood(const cv::Mat& board, const cv::Rect& cell,
                                       double turn_deg) const {
  cv::Rect r(cell.x + inset_ - margin_, cell.y + inset_ - margin_, size_ - 2 * inset_ + 2 * margin_,
             size_ - 2 * inset_ + 2 * margin_);
  cv::Mat patch;
  if (turn_deg == 0) {
    cv::Rect inside = r & cv::Rect(0, 0, board.cols, board.rows);
    cv::copyMakeBorder(board(inside), patch, inside.y - r.y, r.br().y - inside.br().y,
                       inside.x - r.x, r.br().x - inside.br().x, cv::BORDER_REPLICATE);
    return patch;
  }
  cv::Point2f centre(cell.x + cell.width / 2.0f, cell.y + cell.height / 2.0f);
  cv::Mat m = cv::getRotationMatrix2D(centre, turn_deg, 1.0);
  m.at<double>(0, 2) -= r.x;
  m.at<double>(1, 2) -= r.y;
  cv::warpAffine(board, patch, m, r.size(), cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  return patch;
}

KeptArtKey FineTileMatcher::KeyOf(KeptArtKey::Purpose purpose, int type, int quarter) const {
  return {purpose, by_type_.at(type)->art.data, nullptr, quarter, 0, size_, inset_, 0};
}

void FineTileMatcher::Prepare(int type, int quarter) {
  auto key = std::make_pair(type, quarter);
  if (templates_.count(key)) return;
  const cv::Mat& art = by_type_.at(type)->art;
  const cv::Mat small = KeptArt(KeyOf(KeptArtKey::Purpose::kFineArt, type, quarter), art, {},
                                [&] { return Art(type, quarter); });
  templates_[key] = KeptArt(KeyOf(KeptArtKey::Purpose::kFineTemplate, type, quarter), art, {},
                            [&] { return Standardise(small); });
  grey_templates_[key] =
      KeptArt(KeyOf(KeptArtKey::Purpose::kGreyTemplate, type, quarter), art, {}, [&] {
        cv::Mat grey;
        cv::cvtColor(small, grey, cv::COLOR_BGR2GRAY);
        grey.convertTo(grey, CV_32F);
        grey -= cv::mean(grey)[0];
        return grey;
      });
}

const cv::Mat& FineTileMatcher::Template(int type, int quarter) {
  Prepare(type, quarter);
  return templates_.at({type, quarter});
}

cv::Mat FineTileMatcher::Art(int type, int quarter) const {
  cv::Mat small;
  cv::resize(TurnedArt(by_type_.at(type)->art, quarter), small, cv::Size(size_, size_), 0, 0,
             cv::INTER_AREA);
  cv::GaussianBlur(small, small, cv::Size(3, 3), 0.7);
  return small(cv::Rect(inset_, inset_, size_ - 2 * inset_, size_ - 2 * inset_)).clone();
}

const cv::Mat& FineTileMatcher::GreyTemplate(int type, int quarter) {
  Prepare(type, quarter);
  return grey_templates_.at({type, quarter});
}

FineTileMatcher::Place FineTileMatcher::Locate(const cv::Mat& board, const cv::Rect& cell, int type,
                                               int quarter, const cv::Mat& hidden) {
  auto key = std::make_tuple(board.data, hidden.data, cell.x, cell.y, type, quarter);
  if (auto known = places_.find(key); known != places_.end()) return known->second.place;
  const cv::Mat& t = GreyTemplate(type, quarter);
  const double t_norm = cv::norm(t);
  Place place;
  cv::Mat best_patch, best_result;
  cv::Point at;
  for (double turn : kTurns) {
    // Beside pieces the open part of a turned tile may fit square better than kSquareEnough (two
    // cloisters under meeples at a board's edge, seed 961): every turn is tried.
    if (place.fit >= kSquareEnough && hidden.empty()) break;
    cv::Mat patch = Neighbourhood(board, cell, turn), grey, open;
    cv::cvtColor(patch, grey, cv::COLOR_BGR2GRAY);
    grey.convertTo(grey, CV_32F);
    if (!hidden.empty()) {
      cv::Mat hidden_here = Neighbourhood(hidden, cell, turn);
      open = cv::Mat::ones(grey.size(), CV_32F);
      open.setTo(0, hidden_here);
    }
    cv::Mat result = CorrelateAtFewPlaces(grey, t, t_norm, open);
    double v;
    cv::Point p;
    cv::minMaxLoc(result, nullptr, &v, nullptr, &p);
    if (v > place.fit) place.fit = v, best_patch = patch, best_result = result, at = p;
  }
  // The peak between pixels: a parabola through it and its neighbours, each way.
  auto vertex = [](double before, double peak, double after) {
    double curve = before - 2 * peak + after;
    return curve < 0 ? std::clamp(0.5 * (before - after) / curve, -0.5, 0.5) : 0.0;
  };
  cv::Point2d sub(at);
  const cv::Mat& r = best_result;
  if (at.x > 0 && at.x + 1 < r.cols)
    sub.x += vertex(r.at<float>(at.y, at.x - 1), r.at<float>(at), r.at<float>(at.y, at.x + 1));
  if (at.y > 0 && at.y + 1 < r.rows)
    sub.y += vertex(r.at<float>(at.y - 1, at.x), r.at<float>(at), r.at<float>(at.y + 1, at.x));
  place.centre = cv::Point2d(cell.x + inset_ - margin_ + sub.x + (t.cols - 1) / 2.0,
                             cell.y + inset_ - margin_ + sub.y + (t.rows - 1) / 2.0);
  best_patch.convertTo(best_patch, CV_32FC3);
  cv::Mat patch_sum, patch_square_sum;
  cv::integral(best_patch, patch_sum, patch_square_sum, CV_64F, CV_64F);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      cv::Rect w(at + cv::Point(dx, dy), t.size());
      if (w.x < 0 || w.y < 0 || w.br().x > best_patch.cols || w.br().y > best_patch.rows) continue;
      place.windows.push_back(
          Standardised(best_patch, w, StandardisingOf(patch_sum, patch_square_sum, w)));
    }
  place.neighbourhood =
      Standardised(best_patch, cv::Rect(0, 0, best_patch.cols, best_patch.rows),
                   StandardisingOf(patch_sum, patch_square_sum, cv::Rect(at, t.size())));
  place.at = at;
  places_.emplace(key, Located{board, hidden, place});
  return place;
}

void FineTileMatcher::Place::LeaveOut(const cv::Mat& use) { masked.emplace(windows, use); }

double FineTileMatcher::Score(const Place& place, int type, int quarter) {
  const cv::Mat& t = Template(type, quarter);
  if (place.masked) return (*place.masked)(t);
  double best = -1;
  for (const auto& w : place.windows) best = std::max(best, Similarity(w, t));
  return best;
}

FineTileMatcher::BesidePieces FineTileMatcher::ScoreBesidePieces(const Place& place, int type,
                                                                 int quarter,
                                                                 const cv::Mat& pieces) {
  const cv::Mat& t = Template(type, quarter);
  const cv::Mat* seen = &place.windows[0];  // where this tile fits best, to the pixel
  double fit = -2;
  for (const auto& w : place.windows)
    if (double f = Similarity(w, t); f > fit) fit = f, seen = &w;
  cv::Mat diff = SummedDifference(*seen, t);
  cv::GaussianBlur(diff, diff, cv::Size(3, 3), 0);
  cv::Mat hidden = (diff > kPieceDifference) & pieces;
  // Only patches a piece's size: the grass where a hut would be is no meeple.
  hidden = PartsOfAtLeast(hidden, kLeastPieceShare * t.total());
  cv::dilate(hidden, hidden, cv::getStructuringElement(cv::MORPH_ELLIPSE, {3, 3}));
  const double share = static_cast<double>(cv::countNonZero(hidden)) / hidden.total();
  return {MaskedSimilarity(*seen, hidden == 0)(t), share};
}

const cv::Mat& FineTileMatcher::BlurredTemplate(int type, int quarter) {
  cv::Mat& blurred = blurred_templates_[{type, quarter}];
  if (blurred.empty())
    blurred = KeptArt(KeyOf(KeptArtKey::Purpose::kBlurred, type, quarter), by_type_.at(type)->art,
                      {}, [&] {
                        cv::Mat out;
                        cv::GaussianBlur(Template(type, quarter), out, {0, 0}, kPictureBlurPx);
                        return out;
                      });
  return blurred;
}

cv::Mat FineTileMatcher::WhereAdded(int type_a, int quarter_a, int type_b, int quarter_b,
                                    const cv::Mat& pieces) {
  const auto pair = std::make_tuple(type_a, quarter_a, type_b, quarter_b);
  if (pieces.empty())
    if (auto known = added_detail_.find(pair); known != added_detail_.end()) return known->second;
  const cv::Mat &art_a = by_type_.at(type_a)->art, &art_b = by_type_.at(type_b)->art;
  const cv::Mat& a = Template(type_a, quarter_a);
  const cv::Mat& b = Template(type_b, quarter_b);
  KeptArtKey key = KeyOf(KeptArtKey::Purpose::kTellingApart, type_a, quarter_a);
  key.other_art = art_b.data, key.other_turn = quarter_b;
  cv::Mat& apart = apart_[pair];
  if (apart.empty())
    apart =
        KeptArt(key, art_a, art_b, [&] { return cv::Mat(SummedDifference(a, b) > kTellingApart); });
  if (!pieces.empty()) return WhereMoreDetail(a, b, apart & (pieces == 0), pieces);
  key.purpose = KeptArtKey::Purpose::kAddedDetail;
  return added_detail_[pair] =
             KeptArt(key, art_a, art_b, [&] { return WhereMoreDetail(a, b, apart, pieces); });
}

std::optional<FineTileMatcher::AddedDetail> FineTileMatcher::WhereSecondAddsDetail(
    const Place& place, int type_a, int quarter_a, int type_b, int quarter_b,
    const cv::Mat& pieces) {
  const cv::Mat near = WhereAdded(type_a, quarter_a, type_b, quarter_b, pieces);
  if (near.empty()) return std::nullopt;
  // Each where the picture fits it best, within kDetailShiftPx: a small detail lies a pixel or
  // two off when the rest of the tile (a road's length, a field) leaves its place loose.
  std::vector<cv::Point> where;
  cv::findNonZero(near, where);
  if (where.empty()) return std::nullopt;
  const cv::Mat& seen = place.neighbourhood;
  const cv::Mat &a = BlurredTemplate(type_a, quarter_a), &b = BlurredTemplate(type_b, quarter_b);
  assert(a.isContinuous() && b.isContinuous() && a.size() == near.size());
  // Each pixel's place in the neighbourhood's and in the templates' floats.
  std::vector<std::pair<int, int>> offsets;
  offsets.reserve(where.size());
  for (const cv::Point& p : where)
    offsets.push_back({static_cast<int>(p.y * seen.step1() + 3 * p.x), 3 * (p.y * a.cols + p.x)});
  ToArt to_a, to_b;
  if (!pieces.empty()) {
    const cv::Mat open = pieces == 0;
    if (cv::countNonZero(open) >= kLeastOpenShare * open.total()) {
      cv::Scalar mean, sd;
      cv::meanStdDev(seen(cv::Rect(place.at, a.size())), mean, sd, open);
      to_a = PictureToArt(mean, sd, a, open);
      to_b = PictureToArt(mean, sd, b, open);
    }
  }
  auto misfit_at = [&](const cv::Mat& blurred, const ToArt& to, cv::Point shift) {
    const float* from = seen.ptr<float>(shift.y) + 3 * shift.x;
    const float* art = blurred.ptr<float>();
    float sum = 0;
    for (const auto& [in_seen, in_art] : offsets) {
      const float *p = from + in_seen, *q = art + in_art;
      const float d0 = p[0] * to.gain[0] + to.offset[0] - q[0],
                  d1 = p[1] * to.gain[1] + to.offset[1] - q[1],
                  d2 = p[2] * to.gain[2] + to.offset[2] - q[2];
      sum += d0 * d0 + d1 * d1 + d2 * d2;
    }
    return static_cast<double>(sum) / offsets.size();
  };
  auto least_misfit = [&](const cv::Mat& blurred, const ToArt& to) {
    double least = 1e30;
    for (int y = std::max(0, place.at.y - kDetailShiftPx);
         y <= std::min(seen.rows - near.rows, place.at.y + kDetailShiftPx); ++y)
      for (int x = std::max(0, place.at.x - kDetailShiftPx);
           x <= std::min(seen.cols - near.cols, place.at.x + kDetailShiftPx); ++x)
        least = std::min(least, misfit_at(blurred, to, {x, y}));
    return least;
  };
  AddedDetail out{misfit_at(a, to_a, place.at), least_misfit(b, to_b)};
  // Where b fits no better than a does where the tile was found, a's own best is not needed.
  if (out.misfit_with < out.misfit_without) out.misfit_without = least_misfit(a, to_a);
  return out;
}

cv::Mat FineTileMatcher::TemplateMask(const cv::Mat& cell_mask) const {
  cv::Mat sized;
  cv::resize(cell_mask, sized, cv::Size(size_, size_), 0, 0, cv::INTER_NEAREST);
  return sized(cv::Rect(inset_, inset_, size_ - 2 * inset_, size_ - 2 * inset_)).clone();
}

}  // namespace cf
