#include "vision/thrown_token.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <utility>

#include "vision/piece_blobs.h"
#include "vision/table_layout.h"
#include "vision/top_view.h"

namespace cf {

namespace {

constexpr double kViewPpmm = 2.0;
// How far beyond the board's tiles a token may land and still be looked for.
constexpr double kBeyondBoardMm = 120;
// A pixel whose colour moved by this much (Lab, smoothed over a pixel) from every colour within
// kShiftPx of it changed.
constexpr double kChangedLab = 7;
constexpr int kShiftPx = 2;
// The share of a token's disc (its width's, a little shrunk for the blurred rim) that must have
// changed where no piece stood before.
constexpr double kChangedShare = 0.85;
// A place where pieces held more than this share of a token's disc before the throw is no
// place to look for the token.
constexpr double kMostHeld = 0.65;
// Of the pixels that changed in the disc, the token's colour takes at least kFaceShare (a meeple
// on it or its shadow may take the rest), and they cover at least kFaceOfDisc of the disc.
constexpr double kFaceShare = 0.5;
constexpr double kFaceOfDisc = 0.3;
// A pixel of the face lies this near (Lab) the face's colour.
constexpr double kFaceLab = 12;
// A token found within this of one read before the throw is that one.
constexpr double kSameTokenMm = 5;
// A follower read after the throw within this of where one of its colour was read before stayed;
// one within kOnFollowerMm of a patch lies on it.
constexpr double kStayedMm = 4.5;
constexpr double kOnFollowerMm = 12;
// A token's face lies this much above the tiles' top when it rests on a tile.
constexpr double kTokenFaceMm = 2;

cv::Mat LabOf(const cv::Mat& bgr) {
  cv::Mat f, lab;
  bgr.convertTo(f, CV_32F, 1 / 255.0);
  cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
  cv::GaussianBlur(lab, lab, cv::Size(), 1.0);
  return lab;
}

// Per pixel, the Lab distance from `after` to the nearest colour `before` shows within `shift`
// pixels: a piece nudged or raised a little, or a camera that shook, changes nothing.
cv::Mat ShiftedDistance(const cv::Mat& after, const cv::Mat& before, int shift) {
  cv::Mat padded;
  cv::copyMakeBorder(before, padded, shift, shift, shift, shift, cv::BORDER_REPLICATE);
  cv::Mat best(after.size(), CV_32F, cv::Scalar(1e9)), d;
  for (int dy = -shift; dy <= shift; ++dy)
    for (int dx = -shift; dx <= shift; ++dx) {
      cv::Mat diff = after - padded(cv::Rect(shift + dx, shift + dy, after.cols, after.rows));
      diff = diff.mul(diff);
      cv::transform(diff, d, cv::Matx13f(1, 1, 1));
      best = cv::min(best, d);
    }
  cv::sqrt(best, best);
  return best;
}

// The colour most of `pixels` lie near (within kFaceLab), and the share of them that do.
std::pair<cv::Vec3f, double> CommonestColour(const std::vector<cv::Vec3f>& pixels) {
  if (pixels.empty()) return {{}, 0};
  auto near = [&](const cv::Vec3f& c) {
    return std::count_if(pixels.begin(), pixels.end(),
                         [&](const cv::Vec3f& p) { return cv::norm(p - c) < kFaceLab; });
  };
  const size_t step = std::max<size_t>(1, pixels.size() / 64);
  cv::Vec3f best = pixels[0];
  long most = -1;
  for (size_t i = 0; i < pixels.size(); i += step)
    if (const long n = near(pixels[i]); n > most) most = n, best = pixels[i];
  // The mean of the pixels near the best one tried, and the share of them near that mean.
  cv::Vec3f sum(0, 0, 0);
  int n = 0;
  for (const auto& p : pixels)
    if (cv::norm(p - best) < kFaceLab) sum += p, ++n;
  const cv::Vec3f mean = sum / n;
  return {mean, static_cast<double>(near(mean)) / pixels.size()};
}

// Where pieces stood before the throw (255), in the view: a thrown token may lie under or
// against one, which then hides part of it, or on an earlier token, which looks as it does.
cv::Mat PiecesBefore(const Scene& before, const TopView& view, const Camera& camera) {
  cv::Mat mask = cv::Mat::zeros(view.image.size(), CV_8U);
  auto disc = [&](cv::Point2d mm, double radius_mm, double above_mm) {
    // Where the tiles' plane shows the point `above_mm` over `mm`.
    cv::Point2d seen = mm;
    camera.PixelToPlane(camera.Project({mm.x, mm.y, kTileTop - above_mm}), kTileTop, seen);
    cv::circle(mask, PixelShowing(view, camera, seen),
               static_cast<int>(std::lround(radius_mm * view.ppmm)), cv::Scalar(255), cv::FILLED);
  };
  for (const SceneToken& t : before.tokens) {
    const auto kind = ParseTokenKind(t.kind);
    disc({t.center_mm[0], t.center_mm[1]}, (kind ? TokenShapeOf(*kind).length : 25) / 2 + 1, 0);
  }
  for (const SceneFollower& f : before.followers) {
    const bool standing = f.pose == "standing";
    for (double h : {0.0, 5.0, 10.0, 15.0})
      if (standing || h <= 10) disc({f.center_mm[0], f.center_mm[1]}, standing ? 10 : 12, h);
  }
  return mask;
}

// Where a token may lie: the share of each place's token-sized disc that changed, where the
// part of it no piece held before (the part that could show the token) changed nearly wholly,
// and pieces held at most kMostHeld of it; 0 elsewhere.
cv::Mat TokenPlaces(const cv::Mat& changed, const cv::Mat& held_unchanged, int r) {
  cv::Mat c, h;
  const cv::Mat disc = DiscKernel(r);
  cv::filter2D(changed, c, CV_32F, disc, {-1, -1}, 0, cv::BORDER_CONSTANT);
  cv::filter2D(held_unchanged, h, CV_32F, disc, {-1, -1}, 0, cv::BORDER_CONSTANT);
  cv::Mat free = 1 - h, share;
  cv::divide(c, cv::max(free, 1e-3), share);
  c.setTo(0, (share < kChangedShare) | (free < 1 - kMostHeld));
  return c;
}

// Where the face lies: of the pixels that changed to the face's colour (not its shadow, not a
// meeple moved beside it), the middle of the places where a disc of the token's width holds
// most of them and nothing else but what pieces held before.
cv::Point2d FaceMiddle(const cv::Mat& lab, const cv::Mat& changed, const cv::Mat& held,
                       cv::Point at, const cv::Vec3f& colour, TokenShape shape, double ppmm) {
  const int r = std::max(3, static_cast<int>(shape.width / 2 * ppmm));
  const cv::Rect box =
      cv::Rect(at.x - 3 * r, at.y - 3 * r, 6 * r + 1, 6 * r + 1) & cv::Rect({}, lab.size());
  cv::Mat score(box.size(), CV_32F);
  for (int y = 0; y < box.height; ++y)
    for (int x = 0; x < box.width; ++x) {
      const cv::Point p = box.tl() + cv::Point(x, y);
      const bool face =
          changed.at<float>(p) > 0 && cv::norm(lab.at<cv::Vec3f>(p) - colour) < kFaceLab;
      score.at<float>(y, x) = face ? 1.f : held.at<uchar>(p) ? 0.f : -1.f;
    }
  cv::Mat fit;
  cv::filter2D(score, fit, CV_32F, DiscKernel(r), {-1, -1}, 0, cv::BORDER_CONSTANT);
  return cv::Point2d(box.tl()) + MiddleOfBest(fit, 0.02).first;
}

}  // namespace

std::optional<ChangedPatch> FindThrownToken(const cv::Mat& before, const cv::Mat& after,
                                            const Camera& camera, const Scene& before_reading,
                                            const Scene& after_reading, TokenKind kind) {
  if (before.size() != after.size() || before.empty() || before_reading.tiles.empty())
    return std::nullopt;
  double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
  for (const SceneTile& t : before_reading.tiles) {
    minx = std::min(minx, t.center_mm[0]), maxx = std::max(maxx, t.center_mm[0]);
    miny = std::min(miny, t.center_mm[1]), maxy = std::max(maxy, t.center_mm[1]);
  }
  const double reach = kTilePitchMm / 2 + kBeyondBoardMm;
  const cv::Rect2d region(minx - reach, miny - reach, maxx - minx + 2 * reach,
                          maxy - miny + 2 * reach);
  const TopView b = Rectify(before, camera, kViewPpmm, &region);
  const TopView a = Rectify(after, camera, kViewPpmm, &region);
  if (b.image.empty() || b.image.size() != a.image.size()) return std::nullopt;
  const cv::Mat lab_a = LabOf(a.image);
  const cv::Mat changed_mask =
      (ShiftedDistance(lab_a, LabOf(b.image), kShiftPx) > kChangedLab) & b.valid & a.valid;
  const cv::Mat held = PiecesBefore(before_reading, a, camera);
  const cv::Mat held_only = held & ~changed_mask;
  cv::Mat changed, held_unchanged;
  changed_mask.convertTo(changed, CV_32F, 1 / 255.0);
  held_only.convertTo(held_unchanged, CV_32F, 1 / 255.0);

  const TokenShape shape = TokenShapeOf(kind);
  const int r = std::max(3, static_cast<int>(shape.width / 2 * 0.85 * a.ppmm));
  const cv::Mat places = TokenPlaces(changed, held_unchanged, r);

  std::vector<cv::Point2d> old, arrived;
  for (const SceneToken& t : before_reading.tokens) old.push_back({t.center_mm[0], t.center_mm[1]});
  for (const SceneFollower& f : after_reading.followers) {
    const cv::Point2d at(f.center_mm[0], f.center_mm[1]);
    if (std::none_of(before_reading.followers.begin(), before_reading.followers.end(),
                     [&](const SceneFollower& b) {
                       return b.color == f.color &&
                              cv::norm(cv::Point2d(b.center_mm[0], b.center_mm[1]) - at) <
                                  kStayedMm;
                     }))
      arrived.push_back(at);
  }
  std::vector<ChangedPatch> found;
  cv::Mat taken = cv::Mat::zeros(places.size(), CV_8U);
  for (int tries = 0; tries < 8; ++tries) {
    double top;
    cv::Point at;
    cv::minMaxLoc(places, nullptr, &top, nullptr, &at, ~taken);
    if (top < 1 - kMostHeld) break;
    cv::circle(taken, at, 2 * r, cv::Scalar(255), cv::FILLED);
    // The face: what changed in the disc, mostly of one colour for a token.
    std::vector<cv::Vec3f> face;
    for (int y = -r; y <= r; ++y)
      for (int x = -r; x <= r; ++x) {
        const cv::Point p = at + cv::Point(x, y);
        if (x * x + y * y <= r * r && p.inside(cv::Rect({}, lab_a.size())) &&
            changed_mask.at<uchar>(p))
          face.push_back(lab_a.at<cv::Vec3f>(p));
      }
    const auto [colour, face_share] = CommonestColour(face);
    if (face_share < kFaceShare || face_share * face.size() < kFaceOfDisc * CV_PI * r * r) continue;
    cv::Point2d mm =
        TableSeenAt(a, camera, FaceMiddle(lab_a, changed, held, at, colour, shape, a.ppmm));
    if (std::any_of(old.begin(), old.end(),
                    [&](cv::Point2d o) { return cv::norm(o - mm) < kSameTokenMm; }))
      continue;
    ChangedPatch patch;
    patch.token.kind = TokenKindName(kind);
    const double centre[2] = {mm.x, mm.y};
    patch.token.on_board = TokenOnBoard(before_reading, kind, centre, 0);
    // The face lies above the tiles: where the ray to it meets the face's height.
    if (patch.token.on_board)
      camera.PixelToPlane(camera.Project({mm.x, mm.y, kTileTop}), kTileTop - kTokenFaceMm, mm);
    patch.token.center_mm[0] = mm.x, patch.token.center_mm[1] = mm.y;
    patch.token.confidence = 0.5;
    patch.changed_share = top;
    patch.face_share = face_share;
    patch.by_moved_follower = std::any_of(arrived.begin(), arrived.end(), [&](cv::Point2d f) {
      return cv::norm(f - mm) < kOnFollowerMm;
    });
    found.push_back(patch);
  }
  if (found.empty()) return std::nullopt;
  auto best = std::find_if(found.begin(), found.end(),
                           [](const ChangedPatch& p) { return !p.by_moved_follower; });
  ChangedPatch chosen = best != found.end() ? *best : found.front();
  chosen.other_places =
      static_cast<int>(std::count_if(found.begin(), found.end(),
                                     [](const ChangedPatch& p) { return !p.by_moved_follower; })) -
      !chosen.by_moved_follower;
  return chosen;
}

}  // namespace cf
