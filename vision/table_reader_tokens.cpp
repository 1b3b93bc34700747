// Reading a picture: blobs of a token's colour told for tokens, whole or in part, and meeples
// seen only in specks grown whole.

#include <algorithm>
#include <cassert>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <string_view>

#include "vision/art_difference.h"
#include "vision/disc_outline.h"
#include "vision/kept_art.h"
#include "vision/mask_parts.h"
#include "vision/median.h"
#include "vision/table_reader.h"

namespace cf {

namespace {

// A meeple lies within this of any part of it, and one in specks shows a speck this large at least.
constexpr double kMeepleReachMm = 12.0, kSpeckOfMeepleMm2 = 20.0;
// A whole meeple seen from above covers this much of the table, standing or lying.
constexpr double kMeepleLeastMm2 = 120.0, kMeepleMostMm2 = 400.0;
// The seams between tiles and the art's outlines are dark lines narrower than this; a black
// meeple's body is wider. On seeds 920-999, 80000-80079, 59000-59099 and 82000-82199, black and
// gray meeples across seams cut free of lines up to 3, 4, 5 and 6 mm wide gave 6, 7, 10 and 10
// more followers read right (and one false); black ones alone at 5 mm 7, none false. On the real
// photos gray ones so cut took in a green meeple's shaded side (test_1); black ones a meeple
// (test_02) and a strip of dark table (test_60).
constexpr double kDarkLineMm = 5.0;
// A token's whole outline is a disc's, convex; a meeple's keeps notches (head, arms, legs).
constexpr double kWholeDiscSolidity = 0.95;
// A blob larger than this is more than one meeple (one lying down covers up to about 350 mm2); in
// one of a token's colour, the token's disc (its short axis across) lies covered this much.
// A token and a meeple cover no more than kTokenAndMeepleMm2.
constexpr double kTwoPiecesMm2 = 450, kWholeDiscCovered = 0.95, kTokenAndMeepleMm2 = 900;
// A token's blob that runs on into art of its colour (along a tile's edge, say) takes in at most
// this share of the token's area besides; more is a meeple or the art itself.
constexpr double kTokenStrayShare = 0.3;
// A target not of the grass's hue takes in up to half its area besides: the grass of its colour
// class about it (targets seen in part on seeds 80000-80079: up to 41%).
constexpr double kTargetOffGrassStrayShare = 0.5;
// A token on art much like it (a target on grass) is seen in part only; a blob with a token's
// disc this much covered, the face one colour, is that token.
constexpr double kTokenSeenInPart = 0.8;
// A red meeple lying alone is as flat and as red as the catch token, and its size: its outline
// (head, arms, legs) leaves more of the token's disc uncovered. Of the blobs that passed for a
// catch token seen in part on the tuning scenes, red meeples covered 0.82-0.97 of the disc
// (median 0.87), catch tokens 0.84-1.00 (13 of 17 at 0.93 and over); at this bound the tuning
// scenes read 7 meeples more and 7 false tokens fewer, and lost no token.
constexpr double kNarrowTokenSeenInPart = 0.9;
// Or, where its face is like the art beneath, this much of its disc is of the face's colour (one
// colour: grass, however flat, has specks that are not) and at least this much in the blob.
constexpr double kFaceCoversDisc = 0.95, kBlobHoldsDisc = 0.5;
// Around a token lying on the table or a tile, at most this share of a ring is of its colour. A
// target seen in part on grass has darker grass about it up to 0.3 (tuning scenes 0.20 to 0.25);
// the patches of grass that the ring kept out are refused by the target's colour as seen
// (kMostTargetOffAsSeen).
constexpr double kRingLikeFace = 0.2, kTargetRingLikeFace = 0.3;
double RingLimit(const char* kind) {
  return std::string_view(kind) == "target" ? kTargetRingLikeFace : kRingLikeFace;
}
// A round token found by its rim alone (its colour too like what it lies on to show its disc):
// an edge along this share of the rim (a third is chance on grass), a face of its own colour
// class over half the disc, of one colour and unlike the ring round it, both more so than a
// token whose disc its colour shows.
constexpr double kOutlineSeedShare = 0.1, kOutlineRim = 0.35, kOutlineFaceOfItsClass = 0.5,
                 kOutlineSpreadLab = 6, kOutlineRingLikeFace = 0.1;
// A target found by its rim whose face is not of the grass's hue (kTargetHueFromGrass) may have a
// face spreading up to kOutlineSpreadLabOffGrass and a ring round it of its face's colour up to
// kOutlineRingLikeFaceOffGrass. On seeds 920-999 and 80000-80079 targets so found spread 2.2 to
// 6.1, their rings up to 0.16; no other rim's face off the grass's hue spread less than 13 with a
// ring under 0.4.
constexpr double kOutlineSpreadLabOffGrass = 8, kOutlineRingLikeFaceOffGrass = 0.2;
// Seen at a slant and blurred, a meeple's blob is up to this wide: a catch token's disc (19.1 mm)
// fits in two meeples touching.
constexpr double kWidestMeepleMm = 19.5;
// A token's face spread more than kTokenFaceSpreadLab is still of one colour when, a meeple lying
// on part of it or its rim's shade in view, three quarters of it lie within this of its median
// colour (Lab, 8-bit units; the faces of rendered tokens whose blob has a token's outline: median
// 3.7, 90% under 6; of meeples: over 6.4).
constexpr double kMostOfTokenFaceLab = 6;
// A target token is printed flat green: as seen, its colour lies within this of the green class
// (ColorModel::Distance; rendered targets 2.0 at most, over 160 scenes). The patches of grass read
// as targets on the real photos, of the art's yellower green, lie 2.3 to 3.3 from it.
constexpr double kMostTargetOffAsSeen = 2.2;

// A token no wider than a meeple (a catch token) and a meeple of its colour touching: a blob this
// many times the disc, holding the disc whole, with the disc's rim found along this share of it.
// A red meeple lying alone covers up to some 1.2 discs and may hold one whole, a rim along half
// of it (seeds 920-999 and 80000-80079; such tokens and meeples: 1.57 discs and more).
constexpr double kNarrowTokenAndMeeple = 1.4, kNarrowTokenRim = 0.4;
// A token whose disc reaches a tile rests on the board; the disc is taken a little smaller than
// the token (its centre is found to a millimetre or so), sampled at this many points round.
constexpr double kOnBoardDiscShare = 0.95;
constexpr int kOnBoardDiscSamples = 36;
// A round token wider than a meeple with a piece of another colour lying on part of it: a rim
// found along this share of its outline (on seeds 920-999 and 80000-80079 such tokens showed
// 0.64 to 0.86, blobs of no token at most 0.62), its colour over this share of the disc and the
// two colours over this share. A blob showing less than this share of the disc is too little to
// look for one round.
constexpr double kUnderPieceRim = 0.65, kUnderPieceOwnColour = 0.4, kUnderPieceDisc = 0.85,
                 kUnderPieceLeastShown = 0.3;
// Or with a piece standing against it, hiding much of its rim (found along 0.28 to 0.64 of it):
// the disc covered as above, its face of one colour (three quarters of it within this of its
// median, Lab) and next to none of that colour round it. On the tuning scenes such tokens showed
// faces within 4.9 to 8.2 and rings up to 0.03; lying meeples on grass passed the ring with
// faces from 8.7 on, and on seeds 82000-82099 every other disc so covered with a ring under 0.1
// had a face over 14.4, every other face under 9 a ring of 0.13 or more.
constexpr double kBesidePieceFaceLab = 8.5, kBesidePieceRing = 0.08;
// A target on grass may differ from the art too little to give a blob: its pixels of the green
// players' class whose a and b lie this far from the grass's as seen are where to look for its
// rim (rendered targets lie 11.6 and more off the grass's hue).
constexpr double kTargetSeedHueLab = 8;
// A catch token (no wider than a meeple) with a piece of another colour standing against it or
// lying on part of it: that piece's colour along this share of the blob's edge (the edge taken
// this wide), the two covering this much of the disc, next to none of the blob beyond the
// disc's reach, the disc of its colour and its face flat. On seeds 920-999, 80000-80079 and
// 82000-82199 such tokens left unread showed edges of 0.06 to 0.17, discs covered 0.90 to 0.96,
// faces within 5.0 to 9.8; the red meeples as flat and as round, edges up to 0.04 or over 0.16
// of themselves beyond the disc. A red meeple lying against a knockout token (seed 59012) showed
// an edge of 0.10 and a disc covered 0.85, the gaps between its arms and legs in it.
constexpr double kAgainstPieceEdge = 0.05, kAgainstPieceEdgeMm = 2.0, kAgainstPieceDisc = 0.88,
                 kAgainstPieceBeyond = 0.1, kAgainstPieceOwnColour = 0.85,
                 kAgainstPieceFaceLab = 10;
// Or a meeple of another colour lying over the token: its colour over this share of the disc, the
// two colours over kUnderPieceDisc of it and the disc covered this much. On seeds 920-999,
// 80000-80079 and 82000-82199 such tokens showed 0.32 to 0.41 of the other colour and discs
// covered 0.81 to 0.91; the red meeples with another colour in their disc 0.27 of it at most, and
// those with 0.2 or more discs covered 0.73 at most.
constexpr double kLainOnOtherColour = 0.3, kLainOnDisc = 0.8;
// Or its rim followed by the picture's edges along this share of it or more, its colour over this
// share of the disc, its face flat (kBesidePieceFaceLab) and next to none of its colour round it:
// a meeple's outline keeps notches (head, arms, legs) that no circle follows. On seeds 59000-59049,
// 80000-80049, 82000-82049 and 82100-82149 the 250 red meeples lying that came this far showed
// rims of 0.69 at most; the one red meeple standing with 0.83 a face spread over 24.
constexpr double kNarrowTokenWholeRim = 0.75, kNarrowTokenWholeRimColour = 0.95;
// The art seldom paints a colour class on under this share of the tile set's pixels. The painter
// tile set paints black on 0.01% of them, the knockout's blue on 0.24%, red on 0.9%, gray on 1.3%,
// the seduction token's yellow on 1.9% (the fairs' discs), the target's green on 61% (grass). Only
// such a class is a part of a token grown over (GrownTokenAndMeeple), or a piece's inside held by
// its outline (HeldByOutlines).
constexpr double kSeldomArtShare = 0.01;
// What a part so grown took in is no token when this share of it or more is of the table's colours
// (a calibrated view's TablePalette): a blue meeple at the board's edge on a cloth checked in blue
// grew over a check into a 'knockout token' (gingham-blue scenes 50017, 50030 and 50038: 0.94 and
// 0.95). On the tuning scenes' tables (seeds 59000-59099, 80000-80079, 82000-82059) the 7 parts
// so grown took in 0.3 or less.
constexpr double kMostGrownOverTable = 0.5;
// A pixel's likeness to a blob's colour falls by this many grey levels for each Lab unit it lies
// from it (DiscOutlineByColour): a colour 85 units away or more is as unlike as can be.
constexpr double kLikenessLevelsPerLab = 3;
// Beyond a found token's outline by this much, what is off the grass's hue is something else.
constexpr double kFoundTokenRimMm = 1.5;

}  // namespace

std::optional<SceneToken> TableReader::TokenOf(const Blob& b, const char* kind, double confidence) {
  auto mm = to_reading(b.centroid, 1.0);
  if (!mm) return std::nullopt;
  if (std::string_view(kind) == "target" &&
      colour_model.Distance(b.color, AsSeen(b).mean) > kMostTargetOffAsSeen) {
    if (blob_log) std::fprintf(blob_log, "  not a target token: its colour as seen is grass\n");
    return std::nullopt;
  }
  SceneToken t;
  t.kind = kind;
  t.center_mm[0] = mm->x, t.center_mm[1] = mm->y;
  // It rests on the board when any of it lies on a tile: on the square of a tile of its cell or
  // the cells around, where the tile was found to lie (tiles lie a little off their cells).
  for (int y = 0; y < b.patch.rows && !t.on_board; ++y)
    for (int x = 0; x < b.patch.cols && !t.on_board; ++x) {
      if (!b.patch.at<uchar>(y, x)) continue;
      for (const auto& [tile, off] :
           TilesAround(aligned_to_reading(cv::Point2d(b.at.x + x, b.at.y + y))))
        t.on_board |= off <= kTilePitchMm / 2;
    }
  // Or when its disc, seen in part (a piece on it, its edge like the art), reaches a tile: round
  // tokens whole, the knockout token's oval as far as its narrow half-width.
  const double reach = TokenShapeOf(*ParseTokenKind(kind)).width / 2 * kOnBoardDiscShare;
  for (int k = 0; k < kOnBoardDiscSamples && !t.on_board; ++k) {
    const double a = 2 * CV_PI * k / kOnBoardDiscSamples;
    for (const auto& [tile, off] : TilesAround(*mm + reach * cv::Point2d(std::cos(a), std::sin(a))))
      t.on_board |= off <= kTilePitchMm / 2;
  }
  t.confidence = confidence;
  return t;
}

std::optional<Blob> TableReader::Grown(const Blob& b, double reach_mm, bool like_seen,
                                       bool unlike_art_only, double line_mm, const char* shade) {
  const int reach = static_cast<int>(std::ceil(reach_mm * top.ppmm));
  const cv::Rect seed(b.at, b.patch.size());
  const cv::Rect window = (seed + cv::Size(2 * reach, 2 * reach) - cv::Point(reach, reach)) &
                          cv::Rect(0, 0, aligned.cols, aligned.rows);
  cv::Mat colour;
  if (like_seen) {
    colour = LikeSample(window, BlobIn(window, b)) & valid(window);
  } else {
    auto classes = ColourMasks(relit.classes(window), valid(window), colors);
    colour = classes[b.color];
    if (shade && !classes[shade].empty()) colour |= classes[shade];
  }
  if (unlike_art_only && !colour.empty()) colour &= UnlikeArtIn(window) | BlobIn(window, b);
  if (colour.empty()) return std::nullopt;
  cv::Mat grown = PartsJoinedTo(colour, b.patch, seed.tl() - window.tl());
  auto runs_on = [&] {  // into the art
    cv::Mat rim = grown.clone();
    rim(cv::Rect(1, 1, rim.cols - 2, rim.rows - 2)).setTo(0);
    return cv::countNonZero(rim) > 0;
  };
  if (runs_on() && line_mm > 0) {
    const int width = 2 * static_cast<int>(std::lround(line_mm * top.ppmm / 2)) + 1;
    const cv::Mat disc = cv::getStructuringElement(cv::MORPH_ELLIPSE, {width, width});
    cv::Mat wide;
    cv::morphologyEx(grown, wide, cv::MORPH_OPEN, disc);
    const cv::Rect in_window = seed - window.tl();
    const cv::Mat kept = PartsJoinedTo(wide, wide(in_window) & b.patch, in_window.tl());
    // What it ran on into must be lines only: a dark area beyond them (a gap between tiles, the
    // table) is no seam.
    cv::morphologyEx(grown & ~kept, wide, cv::MORPH_OPEN, disc);
    if (cv::countNonZero(wide) > 0) return std::nullopt;
    grown = kept;
  }
  if (runs_on()) return std::nullopt;
  auto blobs = ColourBlobs({{b.color, grown}}, 0);
  if (blobs.size() != 1) return std::nullopt;
  Blob whole = blobs[0];
  whole.at += window.tl();
  whole.centroid += cv::Point2d(window.tl());
  return whole;
}

std::optional<Blob> TableReader::WholeToken(const Blob& b) {
  const char* kind = TokenOfColour(b.color);
  if (!kind) return std::nullopt;
  const double reach = TokenShapeOf(*ParseTokenKind(kind)).length / 2;
  for (bool like_seen : {false, true}) {
    auto whole = Grown(b, reach, like_seen);
    if (whole && whole->solidity >= kWholeDiscSolidity && Judge(*whole).what == BlobVerdict::kToken)
      return whole;
  }
  return std::nullopt;
}

double TableReader::ArtShareOf(const std::string& colour) {
  if (const auto it = art_share_of.find(colour); it != art_share_of.end()) return it->second;
  const int label = ClassLabel(colour);
  double on = 0, all = 0;
  for (const auto& [type, ref] : by_type) {
    const KeptArtKey key{KeptArtKey::Purpose::kShrunk, ref->art.data, nullptr, 0, 0, kColourSide};
    const cv::Mat small = KeptArt(key, ref->art, {}, [&] {
      cv::Mat shrunk;
      cv::resize(ref->art, shrunk, {kColourSide, kColourSide}, 0, 0, cv::INTER_AREA);
      return shrunk;
    });
    on += cv::countNonZero(colors.Classify(small) == label);
    all += static_cast<double>(small.total());
  }
  return art_share_of[colour] = all > 0 ? on / all : 1.0;
}

double TableReader::TableShareGrownOver(const Blob& b, const Blob& grown) {
  if (!table_palette) return 0;
  int added = 0, table = 0;
  for (int y = 0; y < grown.patch.rows; ++y)
    for (int x = 0; x < grown.patch.cols; ++x) {
      const cv::Point p = grown.at + cv::Point(x, y), in_b = p - b.at;
      if (!grown.patch.at<uchar>(y, x) ||
          (in_b.inside(cv::Rect(0, 0, b.patch.cols, b.patch.rows)) && b.patch.at<uchar>(in_b)))
        continue;
      const cv::Point half(std::min(p.x / 2, half_lab.cols - 1),
                           std::min(p.y / 2, half_lab.rows - 1));
      ++added;
      table += table_palette->Holds(half_lab.at<cv::Vec3b>(half));
    }
  return added > 0 ? table / static_cast<double>(added) : 0;
}

bool TableReader::ArtSeldomPaints(const std::string& colour) {
  return ArtShareOf(colour) < kSeldomArtShare;
}

bool TableReader::ColourOfANarrowToken(const std::string& colour) {
  const char* kind = TokenOfColour(colour);
  return kind && TokenShapeOf(*ParseTokenKind(kind)).width <= kWidestMeepleMm;
}

std::optional<std::pair<Blob, TableReader::TokenBeside>> TableReader::GrownTokenAndMeeple(
    const Blob& b, const cv::Mat& taken) {
  const char* kind = TokenOfColour(b.color);
  if (!kind || ColourOfANarrowToken(b.color) || !ArtSeldomPaints(b.color)) return std::nullopt;
  const auto grown = Grown(b, TokenShapeOf(*ParseTokenKind(kind)).length, false);
  if (!grown || grown->area_px <= b.area_px ||
      cv::countNonZero(taken(cv::Rect(grown->at, grown->patch.size())) & grown->patch) > 0)
    return std::nullopt;
  auto split = TokenAndMeeple(*grown);
  if (!split) return std::nullopt;
  const double ring = RingLikeFace(split->centre, kind);
  if (blob_log)
    std::fprintf(blob_log, "  grown over its colour: %.0f mm2, ring %.2f\n",
                 grown->area_px / (top.ppmm * top.ppmm), ring);
  if (ring >= RingLimit(kind) || TableShareGrownOver(b, *grown) >= kMostGrownOverTable)
    return std::nullopt;
  return std::pair{*grown, *split};
}

std::optional<Blob> TableReader::WholeMeeple(const Blob& b) {
  const double mm2 = top.ppmm * top.ppmm;
  const bool green = b.color == "green";
  if ((b.color != "black" && b.color != "gray" && !green) || b.area_px < kSpeckOfMeepleMm2 * mm2)
    return std::nullopt;
  auto makes_meeple = [&](const std::optional<Blob>& whole) {
    return whole && whole->solidity >= kPieceSolidity && whole->area_px >= kMeepleLeastMm2 * mm2 &&
           whole->area_px <= kMeepleMostMm2 * mm2 && Judge(*whole).what == BlobVerdict::kFollower;
  };
  auto whole = Grown(b, kMeepleReachMm, false, green, b.color == "black" ? kDarkLineMm : 0);
  // A gray meeple's side in shade reads black.
  if (!makes_meeple(whole) && b.color == "gray")
    whole = Grown(b, kMeepleReachMm, false, true, kDarkLineMm, "black");
  if (!makes_meeple(whole) || FlatGreen(*whole)) return std::nullopt;
  return whole;
}

std::pair<cv::Rect, cv::Mat> TableReader::FaceDisc(cv::Point2d centre, const char* kind) {
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  const int r = static_cast<int>(shape.width / 2 * top.ppmm * 0.8);
  const cv::Point c(centre);
  const cv::Rect box = SquareInView(c, r);
  cv::Mat face = cv::Mat::zeros(box.size(), CV_8U);
  if (!box.empty()) cv::circle(face, c - box.tl(), r, cv::Scalar(255), cv::FILLED);
  return {box, face};
}

std::optional<double> TableReader::TargetHueOffGrass(cv::Point2d centre, const char* kind) {
  if (std::string_view(kind) != "target" || !grass_seen) return std::nullopt;
  const auto [box, face] = FaceDisc(centre, kind);
  if (box.empty()) return std::nullopt;
  const cv::Scalar seen = cv::mean(LabOf(box), face);
  return HueOffGrass(cv::Vec3d(seen[0], seen[1], seen[2]));
}

double TableReader::FaceSpread(cv::Point2d centre, const char* kind) {
  const auto [box, face] = FaceDisc(centre, kind);
  if (box.empty()) return 1e9;
  cv::Scalar mean, sd;
  cv::meanStdDev(LabOf(box), mean, sd, face);
  return std::sqrt(sd[0] * sd[0] + sd[1] * sd[1] + sd[2] * sd[2]);
}

bool TableReader::FaceOfOneColour(cv::Point2d centre, const char* kind, double spread) {
  return spread < kTokenFaceSpreadLab || MostOfFaceSpread(centre, kind) < kMostOfTokenFaceLab;
}

double TableReader::MostOfFaceSpread(cv::Point2d centre, const char* kind) {
  const auto [box, face] = FaceDisc(centre, kind);
  if (box.empty()) return 1e9;
  const cv::Mat lab = LabOf(box);
  std::vector<cv::Vec3b> pixels;
  for (int y = 0; y < lab.rows; ++y)
    for (int x = 0; x < lab.cols; ++x)
      if (face.at<uchar>(y, x)) pixels.push_back(lab.at<cv::Vec3b>(y, x));
  if (pixels.empty()) return 1e9;
  cv::Vec3d median;
  std::vector<double> channel(pixels.size());
  for (int k = 0; k < 3; ++k) {
    for (size_t i = 0; i < pixels.size(); ++i) channel[i] = pixels[i][k];
    median[k] = Median(channel);
  }
  std::vector<double> distance;
  for (const cv::Vec3b& p : pixels) distance.push_back(cv::norm(cv::Vec3d(p) - median));
  const auto quartile = distance.begin() + distance.size() * 3 / 4;
  std::nth_element(distance.begin(), quartile, distance.end());
  return *quartile;
}

double TableReader::RingLikeFace(cv::Point2d centre, const char* kind) {
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  const double r = shape.width / 2 * top.ppmm;
  const int face_r = static_cast<int>(r * 0.8), ring_in = static_cast<int>(r * 1.15 + 1),
            ring_out = static_cast<int>(r * 1.4 + 2);
  const cv::Point c(centre);
  const cv::Rect box = SquareInView(c, ring_out);
  if (box.empty()) return 1.0;
  cv::Mat face = cv::Mat::zeros(box.size(), CV_8U), ring = face.clone();
  cv::circle(face, c - box.tl(), face_r, cv::Scalar(255), cv::FILLED);
  cv::circle(ring, c - box.tl(), ring_out, cv::Scalar(255), cv::FILLED);
  cv::circle(ring, c - box.tl(), ring_in, cv::Scalar(0), cv::FILLED);
  const int ring_px = cv::countNonZero(ring);
  return ring_px == 0
             ? 1.0
             : cv::countNonZero(LikeSample(box, face) & ring) / static_cast<double>(ring_px);
}

cv::Point2d TableReader::FaceCentre(cv::Point2d guess, const char* kind) {
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  const int reach = static_cast<int>(shape.length / 2 * top.ppmm * 1.1 + 1),
            face_r = static_cast<int>(shape.width / 2 * top.ppmm * 0.8);
  cv::Point2d centre = guess;
  for (int round = 0; round < 3; ++round) {
    const cv::Point c(centre);
    const cv::Rect box = SquareInView(c, reach);
    if (box.empty()) break;
    cv::Mat face = cv::Mat::zeros(box.size(), CV_8U), near = face.clone();
    cv::circle(face, c - box.tl(), face_r, cv::Scalar(255), cv::FILLED);
    cv::circle(near, c - box.tl(), reach, cv::Scalar(255), cv::FILLED);
    const cv::Moments m = cv::moments(LikeSample(box, face) & near, true);
    if (m.m00 <= 0) break;
    centre = cv::Point2d(m.m10 / m.m00, m.m01 / m.m00) + cv::Point2d(box.tl());
  }
  return centre;
}

TableReader::TokenBeside TableReader::TokenIn(const Blob& b, const char* kind,
                                              const DiscInBlob& disc,
                                              std::optional<int> radius_px) {
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  TokenBeside out;
  out.kind = kind;
  out.disc = disc;
  out.centre = disc.centre;
  out.radius_px =
      radius_px.value_or(static_cast<int>(std::lround(shape.length / 2 * top.ppmm * 1.1 + 1)));
  cv::Mat rest = b.patch.clone();
  cv::circle(rest, disc.centre - cv::Point2d(b.at), out.radius_px, cv::Scalar(0), cv::FILLED);
  out.rest = BlobsInWindow(b.color, rest, b.at, kSmallestPieceMm2 * top.ppmm * top.ppmm);
  return out;
}

std::optional<TableReader::TokenBeside> TableReader::WithLittleElse(const Blob& b,
                                                                    const TokenBeside& token,
                                                                    std::optional<double> ring,
                                                                    bool unlike_grass) {
  auto meeple_in = [&](const TokenBeside& split) {
    return std::any_of(split.rest.begin(), split.rest.end(), [&](const Blob& part) {
      return Judge(part).what == BlobVerdict::kFollower;
    });
  };
  if (meeple_in(token)) return token;
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(token.kind));
  // A meeple of the token's colour standing against its rim lies mostly within the token's reach:
  // the blob cut at the rim of its disc leaves it.
  TokenBeside at_rim = TokenIn(b, token.kind, token.disc,
                               static_cast<int>(std::lround(shape.width / 2 * top.ppmm * 1.1 + 1)));
  if (meeple_in(at_rim)) {
    if (blob_log) std::fprintf(blob_log, "  a meeple against the disc's rim\n");
    return at_rim;
  }
  const double token_px = CV_PI * shape.length * shape.width / 4 * top.ppmm * top.ppmm;
  if (!ring) ring = RingLikeFace(token.disc.centre, token.kind);
  if (blob_log)
    std::fprintf(blob_log, "  no meeple beside the disc; %.0f%% more, ring %.2f\n",
                 (b.area_px / token_px - 1) * 100, *ring);
  if (b.area_px > token_px * (1 + (unlike_grass ? kTargetOffGrassStrayShare : kTokenStrayShare)) ||
      *ring >= (unlike_grass ? kTargetOffGrassRing : RingLimit(token.kind)))
    return std::nullopt;
  return token;
}

std::optional<TableReader::TokenBeside> TableReader::TokenAndMeeple(const Blob& b) {
  const char* kind = TokenOfColour(b.color);
  const double mm2 = top.ppmm * top.ppmm;
  if (!kind || b.area_px >= kTokenAndMeepleMm2 * mm2) return std::nullopt;
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  if (shape.width <= kWidestMeepleMm) {
    // A meeple may hold so narrow a token's disc: the token's own rim must show too.
    const double r = shape.width / 2 * top.ppmm;
    if (b.area_px < kNarrowTokenAndMeeple * CV_PI * r * r) return std::nullopt;
    const DiscInBlob disc = WidestDisc(b, r);
    if (disc.covered < kWholeDiscCovered) return std::nullopt;
    const auto outline = FindDiscOutline(aligned_grey, disc.centre, r, r * 0.25);
    if (blob_log)
      std::fprintf(blob_log, "  a token and a meeple? the disc %.0f%% covered, its rim %.2f\n",
                   disc.covered * 100, outline ? outline->rim : 0.0);
    if (!outline || outline->rim < kNarrowTokenRim) return std::nullopt;
    return TokenIn(b, kind, {outline->centre, disc.covered});
  }
  if (b.area_px <= kTwoPiecesMm2 * mm2) return std::nullopt;
  const DiscInBlob disc = WidestDisc(b, shape.width / 2 * top.ppmm);
  const double spread = disc.covered < kWholeDiscCovered ? -1 : FaceSpread(disc.centre, kind);
  if (blob_log)
    std::fprintf(blob_log,
                 "  a token and a meeple? the disc %.0f%% covered, its face's spread %.1f\n",
                 disc.covered * 100, spread);
  if (disc.covered < kWholeDiscCovered || !FaceOfOneColour(disc.centre, kind, spread))
    return std::nullopt;
  return WithLittleElse(b, TokenIn(b, kind, disc));
}

std::optional<TableReader::TokenBeside> TableReader::TokenSeenInPart(const Blob& b) {
  const char* kind = TokenOfColour(b.color);
  if (!kind) return std::nullopt;
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  DiscInBlob disc = WidestDisc(b, shape.width / 2 * top.ppmm);
  if (disc.covered < kTokenSeenInPart) {
    // Where the face is much like the art the blob keeps less of the disc: the face's own
    // colour then covers nearly all of it, as the blob covers at least half.
    const cv::Point2d centre = FaceCentre(disc.centre, kind);
    const int r = static_cast<int>(shape.width / 2 * top.ppmm * 0.9);
    const cv::Point c(centre);
    const cv::Rect box = SquareInView(c, r);
    if (!box.empty()) {
      cv::Mat face = cv::Mat::zeros(box.size(), CV_8U), whole = face.clone();
      cv::circle(face, c - box.tl(), static_cast<int>(r * 0.8), cv::Scalar(255), cv::FILLED);
      cv::circle(whole, c - box.tl(), r, cv::Scalar(255), cv::FILLED);
      const double disc_px = std::max(1, cv::countNonZero(whole));
      const double like = cv::countNonZero(LikeSample(box, face) & whole) / disc_px,
                   held = cv::countNonZero(BlobIn(box, b) & whole) / disc_px;
      if (blob_log)
        std::fprintf(blob_log, "  the face's colour covers %.0f%% of the disc, the blob %.0f%%\n",
                     like * 100, held * 100);
      if (like >= kFaceCoversDisc && held >= kBlobHoldsDisc) disc = {centre, like};
    }
  }
  if (disc.covered < (shape.width <= kWidestMeepleMm ? kNarrowTokenSeenInPart : kTokenSeenInPart))
    return std::nullopt;
  const double spread = FaceSpread(disc.centre, kind);
  const double ring = RingLikeFace(disc.centre, kind);
  if (blob_log) {
    const auto mm = to_reading(aligned_to_image(disc.centre), 1.0);
    std::fprintf(blob_log,
                 "%s: a token seen in part at %.0f,%.0f mm? the disc %.0f%% covered, "
                 "spread %.1f, ring %.2f\n",
                 b.color.c_str(), mm ? mm->x : 0.0, mm ? mm->y : 0.0, disc.covered * 100, spread,
                 ring);
  }
  // A token no wider than a meeple, seen in part, may be a meeple of its colour lying down, one
  // colour but for its shaded edges: its face must be one colour throughout.
  const bool one_colour = shape.width > kWidestMeepleMm ? FaceOfOneColour(disc.centre, kind, spread)
                                                        : spread < kTokenFaceSpreadLab;
  const auto off_grass = TargetHueOffGrass(disc.centre, kind);
  const bool unlike_grass = off_grass && *off_grass >= kTargetHueFromGrass;
  if ((!one_colour && !(unlike_grass && spread < kTargetOffGrassFaceSpreadLab)) ||
      ring >= (unlike_grass ? kTargetOffGrassRing : RingLimit(kind)))
    return std::nullopt;
  auto token = WithLittleElse(b, TokenIn(b, kind, disc), ring, unlike_grass);
  if (token) token->centre = FaceCentre(disc.centre, kind);
  return token;
}

std::optional<TableReader::TokenBeside> TableReader::TokenByOutline(const Blob& b) {
  const char* kind = TokenOfColour(b.color);
  if (!kind) return std::nullopt;
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  // The knockout token is oval; a blob under a tenth of the disc is too little to look for one,
  // one larger than a token and a meeple is an area of the art or the table.
  const double mm2 = top.ppmm * top.ppmm, disc_px = CV_PI * shape.width * shape.width / 4 * mm2;
  if (shape.length - shape.width > 1 || b.area_px < kOutlineSeedShare * disc_px ||
      b.area_px > kTokenAndMeepleMm2 * mm2)
    return std::nullopt;
  const double r = shape.width / 2 * top.ppmm;
  auto outline = FindDiscOutline(aligned_grey, b.centroid, r, r * 1.1);
  // A target is looked for on grass, much its colour: its rim shows in grey if at all.
  if ((!outline || outline->rim < kOutlineRim) && std::string_view(kind) != "target")
    if (auto by_colour = DiscOutlineByColour(b, r);
        by_colour && (!outline || by_colour->rim > outline->rim))
      outline = by_colour;
  if (!outline || outline->rim < kOutlineRim) return std::nullopt;
  // The sliver is the token's: a good part of it lies within the token's reach.
  cv::Mat reach = cv::Mat::zeros(b.patch.size(), CV_8U);
  cv::circle(reach, outline->centre - cv::Point2d(b.at), static_cast<int>(r * 1.1 + 1),
             cv::Scalar(255), cv::FILLED);
  if (cv::countNonZero(b.patch & reach) < kOutlineSeedShare / 2 * disc_px) return std::nullopt;
  const int face_r = static_cast<int>(r * 0.8);
  const cv::Point c(outline->centre);
  const cv::Rect box = SquareInView(c, face_r);
  if (box.empty()) return std::nullopt;
  cv::Mat face = cv::Mat::zeros(box.size(), CV_8U);
  cv::circle(face, c - box.tl(), face_r, cv::Scalar(255), cv::FILLED);
  const int colour = ClassLabel(b.color);
  const double of_class = cv::countNonZero((relit.classes(box) == colour) & face) /
                          std::max(1.0, static_cast<double>(cv::countNonZero(face)));
  const double spread = FaceSpread(outline->centre, kind),
               ring = RingLikeFace(outline->centre, kind);
  // A target's face, printed flat green, is not the grass's hue; one that is not is held less
  // tightly to the flatness of its face and the art about it.
  double off_grass = -1;
  bool unlike_grass = false;
  if (const auto off = TargetHueOffGrass(outline->centre, kind)) {
    if (*off < kTargetHueFromGrass) return std::nullopt;
    off_grass = *off, unlike_grass = true;
  }
  if (blob_log)
    std::fprintf(blob_log,
                 "%s: a token's rim? %.0f%% of it, its colour class over %.0f%% of the face, "
                 "spread %.1f, ring %.2f, hue off the grass's %.1f\n",
                 b.color.c_str(), outline->rim * 100, of_class * 100, spread, ring, off_grass);
  if (of_class < kOutlineFaceOfItsClass ||
      spread >= (unlike_grass ? kOutlineSpreadLabOffGrass : kOutlineSpreadLab) ||
      ring >= (unlike_grass ? kOutlineRingLikeFaceOffGrass : kOutlineRingLikeFace))
    return std::nullopt;
  auto token = TokenIn(b, kind, {outline->centre, outline->rim});
  token.centre = FaceCentre(outline->centre, kind);
  return token;
}

std::optional<TableReader::TokenBeside> TableReader::TokenUnderPiece(const Blob& b) {
  const char* kind = TokenOfColour(b.color);
  if (!kind) return std::nullopt;
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
  if (shape.length - shape.width > 1) return std::nullopt;
  const bool narrow = shape.width <= kWidestMeepleMm;
  const double r = shape.width / 2 * top.ppmm;
  const double mm2 = top.ppmm * top.ppmm, disc_px = CV_PI * r * r;
  if (b.area_px < kUnderPieceLeastShown * disc_px || b.area_px > kTokenAndMeepleMm2 * mm2)
    return std::nullopt;
  const auto outline = FindDiscOutline(aligned_grey, b.centroid, r, r * 0.6);
  if (!outline) return std::nullopt;
  const cv::Point c(outline->centre);
  const cv::Rect box = SquareInView(c, static_cast<int>(r));
  if (box.empty()) return std::nullopt;
  cv::Mat disc = cv::Mat::zeros(box.size(), CV_8U);
  cv::circle(disc, c - box.tl(), static_cast<int>(r * 0.9), cv::Scalar(255), cv::FILLED);
  const int colour = ClassLabel(b.color);
  if (colour == 0) return std::nullopt;
  const cv::Mat classes = relit.classes(box);
  const double n = std::max(1, cv::countNonZero(disc));
  const double own = cv::countNonZero((classes == colour) & disc) / n;
  const double other = cv::countNonZero((classes != colour) & (classes != 0) & disc) / n;
  const double ring = RingLikeFace(outline->centre, kind);
  if (blob_log) {
    const auto mm = to_reading(aligned_to_image(outline->centre), 1.0);
    std::fprintf(blob_log,
                 "%s: a token under a piece at %.0f,%.0f mm? rim %.2f, its colour %.2f, another "
                 "%.2f, ring %.2f, most of its face within %.1f\n",
                 b.color.c_str(), mm ? mm->x : 0.0, mm ? mm->y : 0.0, outline->rim, own, other,
                 ring, MostOfFaceSpread(outline->centre, kind));
  }
  if (narrow) {
    // A red meeple lying down fits the disc as well: the other piece must lie along the blob's
    // cut edge and make the disc whole with it.
    const PieceAgainstDisc against = PieceAgainst(b, outline->centre, r);
    if (blob_log)
      std::fprintf(blob_log,
                   "  against another piece? %.2f of its edge, the disc %.2f covered, "
                   "%.2f of the blob beyond it\n",
                   against.edge_share, against.disc_covered, against.beyond_disc);
    // A meeple lying over a third of the token leaves a red blob cut too deep for the disc's
    // colour to hold, and fills the disc with its own.
    if (other >= kLainOnOtherColour && own + other >= kUnderPieceDisc &&
        against.disc_covered >= kLainOnDisc && ring < RingLimit(kind))
      return TokenIn(b, kind, {outline->centre, against.disc_covered});
    if (outline->rim >= kNarrowTokenWholeRim && own >= kNarrowTokenWholeRimColour &&
        ring < RingLimit(kind) && MostOfFaceSpread(outline->centre, kind) < kBesidePieceFaceLab)
      return TokenIn(b, kind, {outline->centre, own});
    if (own < kAgainstPieceOwnColour || ring >= RingLimit(kind) ||
        against.edge_share < kAgainstPieceEdge || against.disc_covered < kAgainstPieceDisc ||
        against.beyond_disc >= kAgainstPieceBeyond ||
        MostOfFaceSpread(outline->centre, kind) >= kAgainstPieceFaceLab)
      return std::nullopt;
    return TokenIn(b, kind, {outline->centre, against.disc_covered});
  }
  if (own < kUnderPieceOwnColour || own + other < kUnderPieceDisc) return std::nullopt;
  const bool under = outline->rim >= kUnderPieceRim && ring < RingLimit(kind);
  if (!under &&
      (ring >= kBesidePieceRing || MostOfFaceSpread(outline->centre, kind) >= kBesidePieceFaceLab))
    return std::nullopt;
  return TokenIn(b, kind, {outline->centre, own + other});
}

std::optional<DiscOutline> TableReader::DiscOutlineByColour(const Blob& b, double r) {
  // As far round the blob as FindDiscOutline looks, at a reach of 1.1 radii.
  const cv::Rect window =
      SquareInView(cv::Point(b.centroid), static_cast<int>(std::ceil(r * 2.4 + 6)));
  if (window.empty()) return std::nullopt;
  cv::Mat distance, likeness;
  cv::sqrt(SquaredDistanceFromSample(window, BlobIn(window, b)), distance);
  distance.convertTo(likeness, CV_8U, -kLikenessLevelsPerLab, 255);
  auto outline = FindDiscOutline(likeness, b.centroid - cv::Point2d(window.tl()), r, r * 1.1);
  if (outline) outline->centre += cv::Point2d(window.tl());
  return outline;
}

TableReader::PieceAgainstDisc TableReader::PieceAgainst(const Blob& b, cv::Point2d centre,
                                                        double r) {
  PieceAgainstDisc out;
  const cv::Point c(centre);
  const cv::Rect box = SquareInView(c, static_cast<int>(r * 1.6));
  if (box.empty()) return out;
  cv::Mat disc = cv::Mat::zeros(box.size(), CV_8U), reach = disc.clone();
  cv::circle(disc, c - box.tl(), static_cast<int>(r), cv::Scalar(255), cv::FILLED);
  cv::circle(reach, c - box.tl(), static_cast<int>(r * 1.1 + 1), cv::Scalar(255), cv::FILLED);
  const cv::Mat blob = BlobIn(box, b);
  cv::Mat others = cv::Mat::zeros(box.size(), CV_8U);
  for (const auto& [name, mask] : masks)
    if (name != b.color && !mask.empty()) others |= mask(box);
  const int width = 2 * static_cast<int>(std::lround(kAgainstPieceEdgeMm * top.ppmm)) + 1;
  cv::Mat edge;
  cv::dilate(blob, edge, cv::getStructuringElement(cv::MORPH_ELLIPSE, {width, width}));
  edge &= ~blob;
  auto share = [](const cv::Mat& part, const cv::Mat& whole) {
    return cv::countNonZero(part) / std::max(1.0, static_cast<double>(cv::countNonZero(whole)));
  };
  out.edge_share = share(edge & others, edge);
  out.disc_covered = share(disc & (blob | others), disc);
  out.beyond_disc = share(blob & ~reach, blob);
  return out;
}

cv::Mat TableReader::GreenOffGrassHue(const cv::Mat& taken, cv::Rect* span) {
  assert(grass_seen);
  const int green = ClassLabel("green");
  cv::Mat off = cv::Mat::zeros(aligned.size(), CV_8U);
  *span = cv::Rect();
  for (const auto& c : board) {
    const cv::Rect r = CellInView(c.col, c.row);
    if (r.empty()) continue;
    *span = span->empty() ? r : (*span | r);
    const cv::Mat lab = LabOf(r);
    for (int y = 0; y < r.height; ++y) {
      const cv::Vec3b* in = lab.ptr<cv::Vec3b>(y);
      const uchar* cls = relit.classes.ptr<uchar>(r.y + y) + r.x;
      const uchar* not_here = taken.ptr<uchar>(r.y + y) + r.x;
      const uchar* seen = valid.ptr<uchar>(r.y + y) + r.x;
      uchar* out = off.ptr<uchar>(r.y + y) + r.x;
      for (int x = 0; x < r.width; ++x)
        if (cls[x] == green && !not_here[x] && seen[x] &&
            *HueOffGrass(cv::Vec3d(in[x][0], in[x][1], in[x][2])) > kTargetSeedHueLab)
          out[x] = 255;
    }
  }
  // The grass's own strokes are thinner than a token's rim.
  if (!span->empty())
    cv::morphologyEx(off(*span), off(*span), cv::MORPH_OPEN,
                     cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  return off;
}

std::vector<Blob> TableReader::BesideFoundTokens(const Blob& b) {
  cv::Mat rest = b.patch.clone();
  for (const auto* found : {&scene.tokens, &tokens_by_outline})
    for (const SceneToken& t : *found) {
      const auto kind = ParseTokenKind(t.kind);
      if (!kind) continue;
      const double reach_mm = TokenShapeOf(*kind).width / 2 + kFoundTokenRimMm;
      cv::circle(rest, reading_to_aligned({t.center_mm[0], t.center_mm[1]}) - cv::Point2d(b.at),
                 static_cast<int>(std::lround(reach_mm * top.ppmm)), cv::Scalar(0), cv::FILLED);
    }
  return BlobsInWindow(b.color, rest, b.at, kSmallestPieceMm2 * top.ppmm * top.ppmm);
}

std::vector<Blob> TableReader::TargetsOnGrass(const cv::Mat& grown) {
  const char* kind = TokenOfColour("green");
  if (ClassLabel("green") == 0 || !kind || std::string_view(kind) != "target" || !grass_seen)
    return {};
  cv::Rect span;
  const cv::Mat off = GreenOffGrassHue(grown | FollowerBlobsMask(), &span);
  if (span.empty()) return {};
  WriteDebugMask("off_grass.png", off);
  const double r_mm = TokenShapeOf(TokenKind::kTarget).width / 2;
  const double disc_px = CV_PI * r_mm * r_mm * top.ppmm * top.ppmm;
  std::vector<Blob> left;
  for (Blob& b : BlobsInWindow("green", off(span), span.tl(), kOutlineSeedShare * disc_px)) {
    const auto mm = to_reading(aligned_to_image(b.centroid), 1.0);
    if (!mm) continue;
    const auto found_near = [&](const std::vector<SceneToken>& tokens) {
      return std::any_of(tokens.begin(), tokens.end(), [&](const SceneToken& t) {
        return std::hypot(t.center_mm[0] - mm->x, t.center_mm[1] - mm->y) < 2 * r_mm;
      });
    };
    // No other token, but a meeple standing or lying against the one found may be in it.
    if (found_near(scene.tokens) || found_near(tokens_by_outline)) {
      for (Blob& part : BesideFoundTokens(b)) left.push_back(std::move(part));
      continue;
    }
    if (blob_log)
      std::fprintf(blob_log, "green off the grass's hue at %.0f,%.0f mm: %.0f mm2\n", mm->x, mm->y,
                   b.area_px / (top.ppmm * top.ppmm));
    // Its rim places it best; without one, a blob of its outline or holding its disc shows it,
    // its face as flat as that of a token found by its rim alone.
    std::optional<SceneToken> t;
    auto split = TokenByOutline(b);
    const BlobVerdict verdict = split ? BlobVerdict{} : Judge(b);
    if (verdict.what == BlobVerdict::kToken && std::string_view(verdict.token) == kind) {
      if (WholeTokenStandsOut(b, verdict, b.centroid)) {
        Blob seen = b;
        seen.centroid = aligned_to_image(b.centroid);
        t = TokenOf(seen, kind, verdict.confidence);
      }
    } else if (!split) {
      split = TokenSeenInPart(b);
      if (split && FaceSpread(split->disc.centre, kind) >= kOutlineSpreadLab) split.reset();
    }
    if (split) t = TokenOf(TokenPart(b, *split), split->kind, split->disc.covered);
    if (!t) {
      left.push_back(std::move(b));
      continue;
    }
    t->on_board = true;  // grass is printed on tiles only
    tokens_by_outline.push_back(*t);
    if (blob_log)
      std::fprintf(blob_log, "green: a target on grass at %.0f,%.0f mm\n", t->center_mm[0],
                   t->center_mm[1]);
  }
  return left;
}

}  // namespace cf
