// Reading a picture, step 6: the blobs of players' colours read as followers and tokens, then
// settled (one follower a tile, each read once) and let tell the faces of the tiles they stand on.

#include <algorithm>
#include <cassert>
#include <cmath>
#include <deque>
#include <opencv2/imgproc.hpp>

#include "vision/follower_feature.h"
#include "vision/median.h"
#include "vision/table_reader.h"

namespace cf {

namespace {

// A token seen whole, its outline clean, shows the table or art of another colour over most of a
// ring around it; a patch of a screen's reflection or of grass is its colour all round (on the
// real photos such patches had been read as tokens; 0.2 lost a token of seeds 920-999).
constexpr double kWholeTokenRingLikeFace = 0.3;
// A token's outline as clean as a cut disc's (ellipse fit and solidity at least these) seen at a
// slant shows its side, and at 1 px/mm its blurred rim reaches into its face: a face spread up to
// kSlantedFaceSpreadLab is still one colour. Rendered knockout tokens so seen: 8.2 to 9.5; the
// blobs of blue meeples and art with a token's outline have an ellipse fit of 0.95 at most
// (rendered) and 0.91 (real photos), and the round yellow art of the fair tiles, as clean, spreads
// over 20.
constexpr double kCutDiscEllipseFit = 0.97, kCutDiscSolidity = 0.93, kSlantedFaceSpreadLab = 10;
// No follower stands on a fair. A footprint with fair all round it for kDeepInFairMm (the painted
// fair is a disc 18 mm across, its ways to the edges 3.6 mm wide), whose blob has a disc's
// outline (kCutDiscEllipseFit) and where the art within kArtLookMm is mostly
// (kFairArtOfItsColour) of the follower's colour, is the fair's paint, unlike the art as read
// where the light or the picture moved its colour. (Tuning scenes: fair discs read as followers
// fitted their ellipse by 0.97 to 1.00, one ragged part of one 0.47; yellow meeples standing on
// tiles misread as fairs 0.79 to 0.95.)
constexpr double kDeepInFairMm = 4, kArtLookMm = 8, kFairArtOfItsColour = 0.5;
// So is one whose blob lies, kOnFairsPaint of it or more, on the art's paint of its colour, that
// paint grown by kPaintSlipMm (a tile lies a little off its reading): where only part of the disc
// differs from the art as read, the blob is ragged, no disc's outline. (Tuning scenes: five such
// fair discs read as yellow meeples showed 0.92 to 1.00, with ellipse fits of 0.47 to 0.96.)
constexpr double kPaintSlipMm = 1.5, kOnFairsPaint = 0.9;
// A cloister's building is painted square (some 13 mm, its walls about a third of the 16 mm about
// its middle): a follower read on a cloister whose blob is that square's shape (axes within
// kBuildingAxesRatio, solidity kBuildingSolidity) and where the art within kArtLookMm is of
// its colour for kBuildingArtOfItsColour is the building. (Tuning scenes: the gray buildings read
// as monks 1.03 to 1.05 and 0.89 to 0.97, one 1.21 and 0.77; gray monks standing on cloisters 1.04
// with a solidity of 0.79, else 1.08 and more; no meeple on a cloister both so square and so
// solid.)
constexpr double kBuildingAxesRatio = 1.06, kBuildingSolidity = 0.88, kBuildingArtOfItsColour = 0.3;
// Players stand a follower on its feature's middle (the road, the cloister, the city's heart),
// where the catalog draws it: a footprint within this of that spot (mm) on a reading nearly as
// good as the first, and further off it on the first, takes that reading (tuning scenes: 3 to 7
// alike, the first reading's score within 0.05 to 0.3 alike).
constexpr double kFollowerSpotMm = 5, kFollowerSpotScoreGap = 0.1;
// A partly hidden token's axes are off its disc's by at most this much (summed relative errors).
constexpr double kHiddenTokenMisfit = 0.4;
// A token is flat, a meeple a body lit from above: of followers on one tile each like a token
// seen in part, one whose blob's lightness (AsSeen) spreads this many times less than every
// other's is the token. Such pairs on seeds 82000-82199 (token, meeple): 16.0 and 28.3, 14.6 and
// 30.7, 12.1 and 16.3, 19.5 and 21.7 (the last two left undecided). A token alone like one is
// not held to it: one a black meeple's shade falls on spread 20 and more (seed 50043).
constexpr double kBodyOverTokenSpread = 1.5;
// A piece stands out from what it lies on: the mean colour just inside its blob's outline and
// just outside differ by at least this (Lab, 8-bit units; rendered meeples 4.6 and more, grey
// ones least); a patch of the art's own colour that a colour class cuts out of grass, or a
// reflection, differs less (on the real photos such blobs had been read as followers).
constexpr double kLeastOutlineLab = 4;
// A standing follower's footprint, measured from its middle's height, may miss its tile by this
// much more than the tile's shift where it stands on the tile's edge over bare table or a hole.
constexpr double kFootprintSlipMm = 3;
// Grass is green and city walls grey: relit to the art's light, yellow-green grass under a warm
// lamp falls in the green players' colour class, and the beige stone of another printing in the
// grey one; grey water and roofs fall in the blue one, and so do purple meeples (no player's
// colour). A meeple's paint is its colour as seen too: a follower's blob has its mean colour
// within this of its class (ColorModel::Distance of AsSeen's mean). Green and grey, the art's own
// broad colours, are held tightest (rendered meeples at most 2.6 and 3.1; the grass and houses read
// as such followers on real photos mostly further off). The others are held loosely: their meeples
// in the dimmest real photo lie up to 4.0 off (rendered ones at most 3.4), the water and purple
// meeples read as blue followers mostly beyond 4.5.
double MostOffAsSeen(const std::string& colour) {
  if (colour == "green") return 3.0;
  if (colour == "gray") return 3.5;
  return 4.5;
}
// A green meeple's paint is not the grass's print: its blob's a and b (Lab, AsSeen's mean) lie at
// least this far from the board's grass as seen (GrassAsSeen). Rendered green meeples 4.1 and
// more, real ones 2.3 and more; the grass that misread tiles leave unexplained and the blobs
// read as green followers there, rendered and real, from 1.1.
constexpr double kLeastHueFromGrass = 2.0;
// A green meeple is a body lit from above: the darkest tenth of its blob lies at least this much
// darker than the board's grass (Lab lightness, 8-bit units). Rendered green meeples: 20 or more
// but for 4 of 332 on seeds 920-999 and 80000-80079, 34 and more for nine in ten; real ones 77
// and more for nine in ten. Green readings of grass, rendered and on the real photos: 20 or less
// for about half (on the even-numbered real photos 9 of 22).
constexpr double kLeastGreenShadeBelowGrass = 20;
// Near the grass's hue (HueOffGrass under kNearGrassHue), a green meeple shows its body's shade
// deeper still (ShadeBelowGrass at least kLeastShadeNearGrassHue). On the even-numbered (tuning)
// real photos, eight patches of grass read as green followers lay 2.3 to 5.6 off the grass's hue,
// five with shades of 23 to 35, three of 46 to 58; the real green meeples that near it showed 77
// and 82. Rendered green meeples come closer: on the 460 tuning scenes 6 and 40 lost one of them
// (and five false ones), 6 and 50 three, 8 and 40 twelve.
constexpr double kNearGrassHue = 6, kLeastShadeNearGrassHue = 40;
// A pixel of a green area is not the board's grass (GrassAsSeen) when its a and b lie further
// from the grass's than this, or it is darker by more than this (Lab, 8-bit units): rendered
// target faces lie 11.6 and more off the grass's hue, a green meeple's shaded body is darker.
// On seeds 920-999 and 80000-80079, 8 to 10 and 12 to 16 found the same pieces.
constexpr double kOffGrassHueLab = 8, kDarkerThanGrassLab = 16;
// A cell's grass as seen (GreenLikeGrass) is told by at least this share of its pixels (those like
// the art, of the green players' class).
constexpr double kLeastCellGrassShare = 0.2;
// Two meeples are never this close (footprint centres, mm): they would overlap.
constexpr double kSameMeepleMm = 10.0;
// Blobs sharing this share of the smaller one's pixels are one piece's. A meeple's lit part and
// the whole grown from its part in shade (seed 59015): 0.45; two green meeples side by side, each
// grown whole over grass unlike the art (seed 70031, uncalibrated): 0.01-0.02.
constexpr double kSamePieceSharedShare = 0.25;
// A green meeple on grass found by its hue (GreenMeepleOnGrass) is unlike the art over this share
// of its blob at least (`fg`): rendered ones 0.02 to 0.88 (three in four over it); the real
// photos' art has strokes of greens off the grass's hue, 0.00 to 0.11 on the even (tuning) photos
// but for the table (0.18) and a yellow meeple (0.55), their real green meeples 0.30 and more.
// Since the forty-fourth session a pixel unlike the art in colour (`UnlikeArtIn`) counts too: of
// the rendered meeples under the bound, 17 more are read on the 460 tuning scenes, and the real
// photos read the same.
constexpr double kLeastUnlikeArtOffGrassHue = 0.15;
// A piece of the table's colour on a tile differs from the art only at its outline (the art is
// compared by its detail, and off the tiles the table's colour is no piece): the pixels of that
// colour within this reach of such outlines, closed round them, are its inside. On a black table
// (seeds 51000-51039) 19 of some 85 black meeples had been missed, found as specks of their rims;
// 6 are missed so.
constexpr double kHeldByOutlineMm = 6;
// Only the players' colours the art seldom paints (ArtSeldomPaints: black, blue and red on the
// painter's tiles) are so held: a grass-green cloth's colour is the grass's, and outlines held
// green meeples of grass (held-out scene 50195: three).

// A piece of a colour the art paints on less than this share of its pixels (ArtShareOf: on the
// painter's tiles black, blue, red and gray, 1.3%; the seduction token's yellow 1.9%) is looked
// for where it is unlike the art in colour too (SeldomColoursUnlikeArt). All the players'
// colours so looked for (2026-12-03, seeds 82000-82199) read the fair tiles' yellow discs and
// yellow and green areas of the art as pieces: false followers 16 -> 38. Gray too, with black and
// blue: on 82000 x200 gray standing meeples missed 8 -> 2, on 920 x80 and 80000 x80 followers -1
// and +3 (one false more), held out +4; but on a white cloth and a blue checked one (50000 x40)
// two gray meeples lying fewer each: their blobs grew (one over its dark side at the board's edge)
// and no longer stood out from what they lie on.
constexpr double kUnlikeArtInColourShare = 0.015;
// Blobs of two meeples lying apart are this far apart at least in view (a blurred gap); nearer
// ones are parts of one (its lit and shaded sides).
constexpr double kSeparateMeeplesMm = 1.5;
// Of the blobs of a picture's colour masks and the parts split off them, the reader looks at no
// more than this many per blob (a blob is split into a token and a meeple or two at most).
constexpr size_t kMostLooksPerBlob = 16;
// How far a follower's footprint is measured off, typically (rendered tables: median 1.3 mm).
constexpr double kFootprintErrorMm = 1.2;

// Whether a pixel of Lab `lab` (8-bit units) is of the colour `grass`: its a and b within
// kOffGrassHueLab, and no more than kDarkerThanGrassLab darker.
bool OfGrassColour(const cv::Vec3d& lab, const cv::Vec3d& grass) {
  const double da = lab[1] - grass[1], db = lab[2] - grass[2];
  return da * da + db * db <= kOffGrassHueLab * kOffGrassHueLab &&
         grass[0] - lab[0] <= kDarkerThanGrassLab;
}

// Where `mm` (table) lies on a tile centred at `centre` and turned `rotation` degrees, in tile
// units of the tile unturned (the catalog's frame).
Vec2 OnTileUnturned(int rotation, const double centre[2], cv::Point2d mm) {
  const Vec2 on_board{(mm.x - centre[0]) / kTilePitchMm + 0.5,
                      (mm.y - centre[1]) / kTilePitchMm + 0.5};
  return RotatePosition(on_board, (4 - rotation / 90) % 4);
}

}  // namespace

cv::Mat TableReader::HeldByOutlines(const cv::Mat& unlike) {
  cv::Mat may_hold = cv::Mat::zeros(unlike.size(), CV_8U);  // seldom art, on tiles, table-coloured
  for (const auto& colour : colors.names())
    if (ArtSeldomPaints(colour)) may_hold |= relit.classes == ClassLabel(colour);
  cv::Mat on_tiles = cv::Mat::zeros(unlike.size(), CV_8U);
  for (const auto& c : board) on_tiles(GridView::Inside(CellInView(c.col, c.row))) = 255;
  may_hold &= on_tiles & ~off_table;
  cv::Mat held = cv::Mat::zeros(unlike.size(), CV_8U);
  const cv::Rect where = cv::boundingRect(may_hold);  // none on a table unlike those colours
  if (where.empty()) return held;
  const int r = std::max(1, static_cast<int>(kHeldByOutlineMm * top.ppmm));
  const cv::Rect around = (where + cv::Size(4 * r, 4 * r) - cv::Point(2 * r, 2 * r)) &
                          cv::Rect(0, 0, unlike.cols, unlike.rows);
  cv::morphologyEx(unlike(around), held(around), cv::MORPH_CLOSE,
                   cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * r + 1, 2 * r + 1}));
  return held & may_hold;
}

cv::Mat TableReader::SeldomColoursUnlikeArt() {
  cv::Mat seldom = cv::Mat::zeros(aligned.size(), CV_8U);
  for (const auto& colour : colors.names())
    if (ArtShareOf(colour) < kUnlikeArtInColourShare && !ColourOfANarrowToken(colour))
      seldom |= relit.classes == ClassLabel(colour);
  cv::Mat out = cv::Mat::zeros(aligned.size(), CV_8U);
  for (const auto& c : board) {
    const cv::Rect rect = CellInView(c.col, c.row);
    if (rect.empty() || cv::countNonZero(seldom(rect)) == 0) continue;
    cv::Mat in_cell = out(rect);
    cv::bitwise_and(UnlikeArtIn(rect), seldom(rect), in_cell);
  }
  return out;
}

void TableReader::ReadPieces() {
  // Where pieces may be: pixels unlike their tile's art or the table, or of an unprinted colour.
  Relight(colors);
  fg = Foreground() | Unprinted();
  // Only with a camera: on the real photos, read without one, it lost 3 of the 223 meeples read
  // and gave 23 readings no one has judged.
  if (cam) fg |= HeldByOutlines(fg);
  unlike_art = cv::Mat::zeros(aligned.size(), CV_8U);
  // Only with a camera too: on the real photos, read without one, it gave a black reading judged
  // no meeple and three no one has judged, and no meeple more.
  if (cam) fg |= SeldomColoursUnlikeArt();
  masks = ColourMasks(relit.classes, fg, colors);
  grass_seen = GrassAsSeen();
  WriteDebugMask("foreground.png", fg);
  blob_log =
      in.debug_prefix.empty() ? nullptr : std::fopen((in.debug_prefix + "blobs.txt").c_str(), "w");
  cv::Mat grown = cv::Mat::zeros(aligned.size(), CV_8U);  // the grown pieces' pixels
  std::deque<Blob> blobs;
  std::set<std::pair<int, int>> split_off_grass;  // where green areas were split: each once
  std::set<std::pair<int, int>> in_grass_area;    // where the parts of those areas begin
  for (Blob& b : ColourBlobs(masks, kSmallestPieceMm2 * top.ppmm * top.ppmm))
    blobs.push_back(std::move(b));
  // Blobs split hand their parts back to be looked at again; a bound on how many are looked at
  // keeps a picture no rule foresaw from being split for ever.
  const size_t most_looked = kMostLooksPerBlob * blobs.size() + kMostLooksPerBlob;
  for (size_t looked = 0; !blobs.empty() && looked < most_looked; ++looked, blobs.pop_front()) {
    Blob b = std::move(blobs.front());
    if (cv::countNonZero(grown(cv::Rect(b.at, b.patch.size())) & b.patch) > 0) continue;
    // Grass is printed on tiles only: a token found in it rests on the board, though its tile was
    // left unread.
    const bool in_grass = in_grass_area.count({b.at.x, b.at.y}) > 0;
    BlobVerdict verdict = Judge(b);
    std::optional<Blob> whole;
    bool by_outline = false;
    if (verdict.what != BlobVerdict::kToken) {
      std::optional<TokenBeside> split = TokenAndMeeple(b);
      if (!split) whole = WholeToken(b);
      if (!split && !whole) {
        if (auto joined = GrownTokenAndMeeple(b, grown)) std::tie(b, split) = std::move(*joined);
      }
      if (!split && !whole && verdict.what == BlobVerdict::kFollower) split = TokenSeenInPart(b);
      if (!split && !whole && verdict.what == BlobVerdict::kNothing) {
        whole = WholeMeeple(b);
        if (!whole) split = TokenByOutline(b), by_outline = split.has_value();
      }
      if (!split && !whole) split = TokenUnderPiece(b);
      std::optional<Blob> token_part;
      if (split) token_part = TokenPart(b, *split);
      // A disc holding none of the blob would hand it back whole, to be split again for ever.
      if (split && cv::countNonZero(token_part->patch) == 0) split.reset();
      if (split) {
        const Blob& token = *token_part;
        if (auto t = TokenOf(token, split->kind, split->disc.covered)) {
          t->on_board |= in_grass;
          (by_outline ? tokens_by_outline : scene.tokens).push_back(*t);
        }
        if (blob_log)
          std::fprintf(blob_log, "%s: a token's disc at %.0f,%.0f in a blob of %.0f mm2\n",
                       b.color.c_str(), split->disc.centre.x, split->disc.centre.y,
                       b.area_px / (top.ppmm * top.ppmm));
        grown(cv::Rect(b.at, b.patch.size())) |= token.patch;  // not the pieces beside it
        for (Blob& part : split->rest) blobs.push_back(std::move(part));
        continue;
      }
    }
    if (whole) {
      b = *whole;
      verdict = Judge(b);
      grown(cv::Rect(b.at, b.patch.size())) |= b.patch;
    }
    double area_mm = b.area_px / (top.ppmm * top.ppmm);
    cv::Point2d at_aligned = b.centroid;
    b.centroid = aligned_to_image(b.centroid);
    if (blob_log) {
      auto mm = to_reading(b.centroid, 0.0);
      std::fprintf(blob_log,
                   "%s at %.0f,%.0f (%.0f,%.0f mm): %.0f mm2, axes %.1f x %.1f mm, solidity %.2f, "
                   "ellipse %.2f\n",
                   b.color.c_str(), at_aligned.x, at_aligned.y, mm ? mm->x : 0.0, mm ? mm->y : 0.0,
                   area_mm, b.long_px / top.ppmm, b.short_px / top.ppmm, b.solidity, b.ellipse_fit);
    }
    // A token's outline with a face of more than one colour is a meeple lying flat (its body
    // shaded, its paint worn) or the art. A clean outline seen at a slant takes in the token's
    // side, so its face is looked for within it; a frayed one is a meeple's as likely, and is
    // measured where it lies (a real blue meeple's flat back would pass for a face).
    if (verdict.what == BlobVerdict::kToken) {
      if (WholeTokenStandsOut(b, verdict, at_aligned)) {
        if (auto t = TokenOf(b, verdict.token, verdict.confidence)) {
          t->on_board |= in_grass;
          scene.tokens.push_back(*t);
        }
        continue;
      }
      verdict = JudgeAsFollower(b, top.ppmm);
    }
    auto Drop = [&](const char* why) {
      if (blob_log) std::fprintf(blob_log, "  not a piece: %s\n", why);
    };
    // A green area wider than any piece: grass where a tile was left unread or misread, with a
    // green meeple or target in it, as the parts of it that are not the grass's colour.
    if (verdict.what == BlobVerdict::kNothing && b.color == "green" && grass_seen &&
        area_mm >= 2 * kSmallestPieceMm2 && split_off_grass.insert({b.at.x, b.at.y}).second) {
      std::vector<Blob> parts = PartsOffGrass(b);
      if (blob_log) std::fprintf(blob_log, "  %zu part(s) off the grass's colour\n", parts.size());
      if (!parts.empty()) {
        for (Blob& part : parts) {
          in_grass_area.insert({part.at.x, part.at.y});
          blobs.push_back(std::move(part));
        }
        continue;
      }
    }
    if (verdict.what != BlobVerdict::kFollower) {
      Drop("neither a token's nor a follower's shape");
      continue;
    }
    TakeAsFollower(b, verdict, at_aligned);
  }
  for (Blob& b : TargetsOnGrass(grown)) GreenMeepleOnGrass(b);
  if (blob_log) std::fclose(blob_log), blob_log = nullptr;
}

void TableReader::TakeAsFollower(Blob b, const BlobVerdict& verdict, cv::Point2d at_aligned) {
  auto Drop = [&](const char* why) {
    if (blob_log) std::fprintf(blob_log, "  not a piece: %s\n", why);
  };
  if (OutlineContrast(b) < kLeastOutlineLab) {
    Drop("it does not stand out from what it lies on");
    return;
  }
  const ColourAsSeen paint = AsSeen(b);
  if (blob_log)
    std::fprintf(blob_log, "  as seen: %.1f from its colour, lightness spread %.1f\n",
                 colour_model.Distance(b.color, paint.mean), paint.lightness_spread);
  if (colour_model.Distance(b.color, paint.mean) > MostOffAsSeen(b.color)) {
    Drop("the art: its colour as seen is no meeple's");
    return;
  }
  if (const auto off = HueOffGrass(paint.mean);
      b.color == "green" && off && *off < kLeastHueFromGrass) {
    Drop("grass: its colour as seen is the board's grass's");
    return;
  }
  if (paint.lightness_spread <
      (b.color == "red" ? kLeastRedLightnessSpread : kLeastLightnessSpread)) {
    Drop("flat: a patch of print or of the table, not a body lit from above");
    return;
  }
  // A target token is flat too: a blob shaped like one partly hidden is kept to be read as it.
  if (FlatGreen(b, &paint)) {
    double misfit = 0;
    if (!PartlyHiddenToken(b, top.ppmm, &misfit) || misfit >= kHiddenTokenMisfit) {
      Drop("flat: a patch of print, not a body lit from above");
      return;
    }
  } else if (b.color == "green") {
    const auto shade = ShadeBelowGrass(paint);
    if (shade && *shade < kLeastGreenShadeBelowGrass) {
      Drop("grass: no side of it in shade, darker than the grass");
      return;
    }
    if (const auto off = HueOffGrass(paint.mean);
        off && shade && *off < kNearGrassHue && *shade < kLeastShadeNearGrassHue) {
      Drop("grass: near the grass's hue, and no side of it in deep shade");
      return;
    }
  }
  const cv::Point2d seen = aligned_to_image(WithShadedSides(b, at_aligned));
  auto mm = to_reading(seen, kFollowerMiddleMm);
  if (!mm) {
    Drop("no place on the table");
    return;
  }
  int on_tile = tile_under(*mm);
  const bool slipped = on_tile < 0;
  if (slipped) {  // followers stand on tiles
    if (blob_log)
      std::fprintf(blob_log, "  its footprint (%.0f,%.0f mm) is on no tile\n", mm->x, mm->y);
    NoteTileMissedUnder(*mm);
    if (TokenBesideTheTiles(b)) return;
    on_tile = tile_under(*mm, kFootprintSlipMm);
    if (on_tile < 0) {
      Drop("on no tile, nor just beside one");
      return;
    }
  }
  SceneFollower sf;
  sf.color = b.color;
  // Its feature is only as sure as the reading of its tile.
  sf.confidence = verdict.confidence * tile_lead_weight[on_tile];
  if (!StandOn(sf, scene.tiles[on_tile], seen, *mm)) {
    Drop("on no feature a follower can take");
    return;
  }
  if (slipped && sf.pose != "standing") {
    Drop("beside a tile, where only a standing follower's footprint slips");
    return;
  }
  scene.followers.push_back(sf);
  blob_of_follower.push_back(follower_blobs.size());
  follower_blobs.push_back(b);
  follower_seen.push_back(seen);
}

bool TableReader::TokenBesideTheTiles(const Blob& b) {
  double misfit = 0;
  const char* kind = PartlyHiddenToken(b, top.ppmm, &misfit);
  if (!kind || misfit >= kHiddenTokenMisfit || std::string_view(kind) != "catch") return false;
  auto t = TokenOf(b, kind, 0.5);
  if (!t || !t->on_board) return false;
  if (blob_log) std::fprintf(blob_log, "  a token at the board's edge\n");
  t->occluded = true;
  scene.tokens.push_back(*t);
  tokens_beside_tiles.push_back(*t);
  return true;
}

bool TableReader::TouchesAFollower(const Blob& b, double reach_mm) {
  const int reach = static_cast<int>(std::ceil(reach_mm * top.ppmm));
  const cv::Rect box(b.at, b.patch.size());
  const cv::Rect window = (box + cv::Size(2 * reach, 2 * reach) - cv::Point(reach, reach)) &
                          cv::Rect(0, 0, aligned.cols, aligned.rows);
  cv::Mat near = cv::Mat::zeros(window.size(), CV_8U);
  b.patch.copyTo(near(box - window.tl()));
  cv::dilate(near, near,
             cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * reach + 1, 2 * reach + 1}));
  return cv::countNonZero(near & FollowerBlobsMask(window)) > 0;
}

void TableReader::GreenMeepleOnGrass(Blob b) {
  const BlobVerdict verdict = Judge(b);
  if (verdict.what != BlobVerdict::kFollower || b.solidity < kPieceSolidity ||
      b.area_px < kSmallestPieceMm2 * top.ppmm * top.ppmm)
    return;
  const ColourAsSeen paint = AsSeen(b);
  if (FlatGreen(b, &paint)) return;
  const cv::Point2d at_aligned = b.centroid;
  if (blob_log)
    std::fprintf(blob_log, "green off the grass's hue at %.0f,%.0f: a meeple on grass?\n",
                 at_aligned.x, at_aligned.y);
  if (TouchesAFollower(b, kSeparateMeeplesMm)) {
    if (blob_log) std::fprintf(blob_log, "  not a piece: part of a follower read\n");
    return;
  }
  const cv::Rect box(b.at, b.patch.size());
  const double unlike_art = cv::countNonZero((fg(box) | UnlikeArtIn(box)) & b.patch) / b.area_px;
  if (unlike_art < kLeastUnlikeArtOffGrassHue) {
    if (blob_log)
      std::fprintf(blob_log, "  not a piece: the art's (%.0f%% unlike it)\n", unlike_art * 100);
    return;
  }
  // Its pixels are of the green class and off the grass's hue: another player's meeple there (a
  // yellow one's shaded side) is nearer its own colour as seen.
  if (const auto [nearest, off] = colour_model.ClassifyLab(paint.mean);
      !nearest.empty() && nearest != "green") {
    if (blob_log)
      std::fprintf(blob_log, "  not a piece: its colour as seen is %s's\n", nearest.c_str());
    return;
  }
  b.centroid = aligned_to_image(b.centroid);
  TakeAsFollower(b, verdict, at_aligned);
}

bool TableReader::WholeTokenStandsOut(const Blob& b, const BlobVerdict& verdict,
                                      cv::Point2d at_aligned) {
  const cv::Point2d face =
      verdict.clean_outline ? FaceCentre(at_aligned, verdict.token) : at_aligned;
  const double spread = FaceSpread(face, verdict.token);
  const bool cut_disc = b.ellipse_fit >= kCutDiscEllipseFit && b.solidity >= kCutDiscSolidity;
  const auto off_grass = TargetHueOffGrass(face, verdict.token);
  const bool unlike_grass = off_grass && *off_grass >= kTargetHueFromGrass;
  const bool one_colour = FaceOfOneColour(face, verdict.token, spread) ||
                          (cut_disc && spread < kSlantedFaceSpreadLab) ||
                          (unlike_grass && spread < kTargetOffGrassFaceSpreadLab);
  const double ring = one_colour ? RingLikeFace(at_aligned, verdict.token) : 0;
  if (one_colour && ring < (unlike_grass ? kTargetOffGrassRing : kWholeTokenRingLikeFace))
    return true;
  if (blob_log)
    std::fprintf(blob_log,
                 "  a token's outline, but its face is not one colour (spread %.1f) or it "
                 "lies in an area of its colour (ring %.2f)\n",
                 spread, ring);
  return false;
}

Blob TableReader::TokenPart(const Blob& b, const TokenBeside& split) {
  Blob token = b;
  token.centroid = aligned_to_image(split.centre);
  cv::Mat reach = cv::Mat::zeros(b.patch.size(), CV_8U);
  cv::circle(reach, split.disc.centre - cv::Point2d(b.at), split.radius_px, cv::Scalar(255),
             cv::FILLED);
  token.patch = b.patch & reach;
  return token;
}

std::vector<Blob> TableReader::PartsOffGrass(const Blob& b) {
  const cv::Rect box(b.at, b.patch.size());
  cv::Mat lab;
  LabOf(box).convertTo(lab, CV_32FC3);
  cv::Mat off(box.size(), CV_8U, cv::Scalar(0));
  for (int y = 0; y < box.height; ++y) {
    const uchar* in = b.patch.ptr<uchar>(y);
    const cv::Vec3f* c = lab.ptr<cv::Vec3f>(y);
    uchar* out = off.ptr<uchar>(y);
    for (int x = 0; x < box.width; ++x)
      if (in[x] && !OfGrassColour(cv::Vec3d(c[x]), *grass_seen)) out[x] = 255;
  }
  // The grass's own strokes are thinner than a piece.
  cv::morphologyEx(off, off, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5}));
  const double least_px = kSmallestPieceMm2 * top.ppmm * top.ppmm;
  return BlobsInWindow(b.color, off, b.at, least_px, least_px);
}

cv::Mat TableReader::GreenLikeGrass(const cv::Mat& unlike_art,
                                    const std::function<bool(const CellReading&)>& where) {
  const int green = ClassLabel("green");
  cv::Mat like = cv::Mat::zeros(aligned.size(), CV_8U);
  if (green == 0) return like;
  for (const auto& c : board) {
    if (!where(c)) continue;
    const cv::Rect r = CellInView(c.col, c.row);
    if (r.empty()) continue;
    const cv::Mat lab = LabOf(r);
    std::vector<double> lightness, a, b;
    for (int y = 0; y < r.height; y += 2)
      for (int x = 0; x < r.width; x += 2) {
        const cv::Point p(r.x + x, r.y + y);
        if (relit.classes.at<uchar>(p) != green || unlike_art.at<uchar>(p) || !valid.at<uchar>(p))
          continue;
        const cv::Vec3b v = lab.at<cv::Vec3b>(y, x);
        lightness.push_back(v[0]), a.push_back(v[1]), b.push_back(v[2]);
      }
    if (a.size() < kLeastCellGrassShare * r.area() / 4) continue;
    const cv::Vec3d grass(Median(lightness), Median(a), Median(b));
    for (int y = 0; y < r.height; ++y) {
      const cv::Vec3b* in = lab.ptr<cv::Vec3b>(y);
      const uchar* cls = relit.classes.ptr<uchar>(r.y + y) + r.x;
      const uchar* unlike = unlike_art.ptr<uchar>(r.y + y) + r.x;
      uchar* out = like.ptr<uchar>(r.y + y) + r.x;
      for (int x = 0; x < r.width; ++x)
        if (cls[x] == green && unlike[x] && OfGrassColour(cv::Vec3d(in[x]), grass)) out[x] = 255;
    }
  }
  return like;
}

int TableReader::FeatureUnder(const TileType& type, int rotation, const double centre[2],
                              cv::Point2d mm, double* off_anchor_mm, double* density) {
  const Vec2 canon = OnTileUnturned(rotation, centre, mm);
  int f = FeatureUnderFollower(type, canon, kFootprintErrorMm / kTilePitchMm, density);
  if (f < 0)  // nobody stands on a fair: just beside it
    f = type.nearest_occupiable_feature(canon, 10 / kTilePitchMm);
  if (f >= 0 && off_anchor_mm)
    *off_anchor_mm =
        std::hypot(canon.x - type.features[f].anchor.x, canon.y - type.features[f].anchor.y) *
        kTilePitchMm;
  return f;
}

bool TableReader::StandOn(SceneFollower& sf, const SceneTile& tile, cv::Point2d seen,
                          cv::Point2d mm) {
  const TileType& type = cat.type(cat.find(tile.id));
  const int f = FeatureUnder(type, tile.rotation, tile.center_mm, mm, nullptr);
  if (f < 0) return false;
  const bool lying =
      type.features[f].kind == FeatureKind::kField || type.features[f].kind == FeatureKind::kHut;
  sf.pose = lying ? "lying" : "standing";
  if (lying) {
    if (auto low = to_reading(seen, 5.0)) mm = *low;
  }
  sf.center_mm[0] = mm.x, sf.center_mm[1] = mm.y;
  sf.at = tile.at;
  sf.on = std::string(PointName(RotatePoint(type.features[f].first_point(), tile.rotation / 90)));
  return true;
}

void TableReader::SettleFollowers() {
  // One token read from two blobs (its face, and a blob of it and a meeple grown over its colour)
  // is the surer reading of it.
  std::vector<SceneToken> distinct;
  for (size_t i = 0; i < scene.tokens.size(); ++i) {
    const SceneToken& t = scene.tokens[i];
    const double r = TokenShapeOf(*ParseTokenKind(t.kind)).width / 2;
    bool surer_one = false;
    for (size_t j = 0; j < scene.tokens.size(); ++j) {
      const SceneToken& other = scene.tokens[j];
      surer_one |= j != i && other.kind == t.kind &&
                   std::hypot(other.center_mm[0] - t.center_mm[0],
                              other.center_mm[1] - t.center_mm[1]) < r &&
                   (other.confidence > t.confidence || (other.confidence == t.confidence && j < i));
    }
    if (!surer_one) distinct.push_back(t);
  }
  scene.tokens = std::move(distinct);
  // A token found by its rim may be another blob of a token read already (its shaded side).
  for (const SceneToken& t : tokens_by_outline) {
    const double r = TokenShapeOf(*ParseTokenKind(t.kind)).width / 2;
    if (std::none_of(scene.tokens.begin(), scene.tokens.end(), [&](const SceneToken& other) {
          return std::hypot(other.center_mm[0] - t.center_mm[0],
                            other.center_mm[1] - t.center_mm[1]) < r;
        }))
      scene.tokens.push_back(t);
  }
  // A follower is placed with its tile, so one at most stands on a tile: when two are read on one
  // and just one of them is like a partly hidden token of its colour, it is that token (when
  // several are, the flat green one or the one far flatter than the others; else nothing tells
  // which); so is a flat green one read alone on its tile.
  std::map<std::pair<int, int>, std::vector<size_t>> on_tile;
  for (size_t i = 0; i < scene.followers.size(); ++i)
    on_tile[{scene.followers[i].at.x, scene.followers[i].at.y}].push_back(i);
  std::vector<bool> left_out(scene.followers.size(), false);  // a token, or a meeple read twice
  for (const auto& [at, group] : on_tile) {
    std::vector<std::pair<size_t, const char*>> like_tokens;  // follower, token kind
    for (size_t i : group) {
      double misfit = 0;
      const char* kind = PartlyHiddenToken(follower_blobs[i], top.ppmm, &misfit);
      if (kind && misfit < kHiddenTokenMisfit) like_tokens.push_back({i, kind});
    }
    // Of several, and alone on its tile, a flat green one (kept only to be read as a target: a
    // green meeple is lit from above) is the token.
    if (group.size() == 1 || like_tokens.size() > 1) {
      auto flat_green = like_tokens;
      std::erase_if(flat_green,
                    [&](const auto& like) { return !FlatGreen(follower_blobs[like.first]); });
      like_tokens =
          group.size() == 1 || flat_green.size() == 1 ? flat_green : FlattestByFar(like_tokens);
    }
    if (like_tokens.size() != 1) continue;
    auto [i, kind] = like_tokens[0];
    auto t = TokenOf(follower_blobs[i], kind, 0.5);
    if (!t) continue;
    left_out[i] = true;
    t->on_board = true;  // it lies on a follower's tile
    t->occluded = true;
    scene.tokens.push_back(*t);
  }
  // A follower of a token's colour whose footprint lies on such a token read is that token's
  // blob read twice (its shaded side, or a part of it the art cut off).
  for (size_t i = 0; i < scene.followers.size(); ++i) {
    const SceneFollower& f = scene.followers[i];
    const char* kind = TokenOfColour(f.color);
    if (!kind || left_out[i]) continue;
    const double r = TokenShapeOf(*ParseTokenKind(kind)).width / 2;
    left_out[i] = std::any_of(scene.tokens.begin(), scene.tokens.end(), [&](const SceneToken& t) {
      return t.kind == kind &&
             std::hypot(t.center_mm[0] - f.center_mm[0], t.center_mm[1] - f.center_mm[1]) < r;
    });
  }
  // One meeple read twice (two of its blobs, or its two halves): followers of one colour on one
  // tile closer than kSameMeepleMm are one, at their blobs' middle weighted by area, on the larger
  // one's feature, and so are a gray and a black one, gray (its side in shade read black). So are
  // two whose blobs share much of the smaller one (a part of it and the whole grown from another
  // part), on the larger one's tile as it was read there.
  for (size_t i = 0; i < scene.followers.size(); ++i)
    for (size_t j = i + 1; j < scene.followers.size(); ++j) {
      if (left_out[i] || left_out[j]) continue;
      SceneFollower &a = scene.followers[i], &b = scene.followers[j];
      const bool one_tile =
          a.at == b.at && std::hypot(a.center_mm[0] - b.center_mm[0],
                                     a.center_mm[1] - b.center_mm[1]) < kSameMeepleMm;
      const double wa = follower_blobs[i].area_px, wb = follower_blobs[j].area_px;
      // A gray meeple's side in shade reads black: a gray and a black one that close are it.
      const bool gray_and_black =
          (a.color == "gray" && b.color == "black") || (a.color == "black" && b.color == "gray");
      if (a.color != b.color && !(gray_and_black && one_tile)) continue;
      if (!one_tile && SharedPixels(follower_blobs[i], follower_blobs[j]) <
                           kSamePieceSharedShare * std::min(wa, wb))
        continue;
      SceneFollower& kept = wa >= wb ? a : b;
      if (gray_and_black) kept.color = "gray";
      if (a.at == b.at)
        for (int k = 0; k < 2; ++k)
          kept.center_mm[k] = (a.center_mm[k] * wa + b.center_mm[k] * wb) / (wa + wb);
      kept.confidence = std::max(a.confidence, b.confidence);
      left_out[wa >= wb ? j : i] = true;
      follower_blobs[wa >= wb ? i : j].area_px = wa + wb;
    }
  // Still several on one tile: the one whose colour the cell shows least besides it is the piece,
  // the others the art's own areas of their colour (grass is green) where the tile was misread.
  for (const auto& [at, group] : on_tile) {
    std::vector<size_t> left;
    for (size_t i : group)
      if (!left_out[i]) left.push_back(i);
    if (left.size() < 2) continue;
    const CellReading& cell = board[tile_index.at(at)];
    const cv::Rect rect = CellInView(cell.col, cell.row);
    if (rect.empty()) continue;
    auto shown = ColourMasks(relit.classes(rect), valid(rect), colors);
    size_t keep = left[0];
    double least = 2;
    for (size_t i : left) {
      const cv::Mat besides = shown[scene.followers[i].color] & ~BlobIn(rect, follower_blobs[i]);
      const double share = cv::countNonZero(besides) / static_cast<double>(rect.area());
      if (share < least) least = share, keep = i;
    }
    for (size_t i : left) left_out[i] = i != keep;
  }
  KeepFollowers(left_out);
}

std::vector<std::pair<size_t, const char*>> TableReader::FlattestByFar(
    const std::vector<std::pair<size_t, const char*>>& followers) {
  std::vector<double> spread;
  for (const auto& [i, kind] : followers)
    spread.push_back(AsSeen(follower_blobs[i]).lightness_spread);
  const size_t flattest = std::min_element(spread.begin(), spread.end()) - spread.begin();
  for (size_t k = 0; k < spread.size(); ++k)
    if (k != flattest && spread[k] < kBodyOverTokenSpread * spread[flattest]) return {};
  return {followers[flattest]};
}

void TableReader::KeepFollowers(const std::vector<bool>& left_out) {
  std::vector<SceneFollower> followers;
  std::vector<cv::Point2d> seen_of;
  std::vector<size_t> blob_of;
  for (size_t i = 0; i < scene.followers.size(); ++i)
    if (!left_out[i]) {
      followers.push_back(scene.followers[i]);
      seen_of.push_back(follower_seen[i]);
      blob_of.push_back(blob_of_follower[i]);
    }
  scene.followers = std::move(followers);
  follower_seen = std::move(seen_of);
  blob_of_follower = std::move(blob_of);
}

double TableReader::BlobOnArtOf(const Blob& b, const SceneTile& tile, const cv::Mat& art,
                                int label) {
  cv::Mat painted = colors.Classify(art) == label;
  const int slip = static_cast<int>(std::lround(kPaintSlipMm / kTilePitchMm * art.cols));
  cv::dilate(painted, painted,
             cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * slip + 1, 2 * slip + 1}));
  int on = 0, all = 0;
  for (int y = 0; y < b.patch.rows; ++y)
    for (int x = 0; x < b.patch.cols; ++x) {
      if (!b.patch.at<uchar>(y, x)) continue;
      ++all;
      const cv::Point2d mm = aligned_to_reading(cv::Point2d(b.at.x + x, b.at.y + y));
      const Vec2 canon = OnTileUnturned(tile.rotation, tile.center_mm, mm);
      const int ax = static_cast<int>(canon.x * art.cols),
                ay = static_cast<int>(canon.y * art.rows);
      if (ax >= 0 && ay >= 0 && ax < art.cols && ay < art.rows && painted.at<uchar>(ay, ax)) ++on;
    }
  return all ? static_cast<double>(on) / all : 0.0;
}

void TableReader::DropPaintedFollowers() {
  std::vector<bool> left_out(scene.followers.size(), false);
  for (size_t i = 0; i < scene.followers.size(); ++i) {
    const SceneFollower& f = scene.followers[i];
    const auto index = tile_index.find({f.at.x, f.at.y});
    if (index == tile_index.end()) continue;
    const SceneTile& tile = scene.tiles[index->second];
    const int type_index = cat.find(tile.id);
    const TileType& type = cat.type(type_index);
    const auto ref = by_type.find(type_index);
    if (ref == by_type.end()) continue;
    const Vec2 canon =
        OnTileUnturned(tile.rotation, tile.center_mm, {f.center_mm[0], f.center_mm[1]});
    const bool in_fair = DeepInAFair(type, canon, kDeepInFairMm / kTilePitchMm);
    const bool on_cloister = f.on == "C" && type.has(FeatureKind::kCloister);
    if (!in_fair && !on_cloister) continue;
    // How much of the art about the footprint (a fair's breadth across) is of its colour.
    const cv::Mat& art = ref->second->art;
    const int r = std::max(1, static_cast<int>(kArtLookMm / kTilePitchMm * art.cols));
    const cv::Point at(static_cast<int>(canon.x * art.cols), static_cast<int>(canon.y * art.rows));
    const cv::Rect box =
        cv::Rect(at - cv::Point(r, r), cv::Size(2 * r, 2 * r)) & cv::Rect(0, 0, art.cols, art.rows);
    if (box.empty()) continue;
    const double share = cv::countNonZero(colors.Classify(art(box)) == ClassLabel(f.color)) /
                         static_cast<double>(box.area());
    const Blob& blob = follower_blobs[blob_of_follower[i]];
    const double on_paint = in_fair ? BlobOnArtOf(blob, tile, art, ClassLabel(f.color)) : 0.0;
    const bool fairs_disc =
        in_fair && ((share >= kFairArtOfItsColour && blob.ellipse_fit >= kCutDiscEllipseFit) ||
                    on_paint >= kOnFairsPaint);
    const bool building = on_cloister && share >= kBuildingArtOfItsColour &&
                          blob.long_px <= kBuildingAxesRatio * blob.short_px &&
                          blob.solidity >= kBuildingSolidity;
    left_out[i] = fairs_disc || building;
    if (left_out[i] && blob_log)
      std::fprintf(blob_log,
                   "%s follower at %.0f,%.0f mm dropped: the %s art (%.0f%% its colour)\n",
                   f.color.c_str(), f.center_mm[0], f.center_mm[1],
                   fairs_disc ? "fair's" : "cloister's", share * 100);
  }
  KeepFollowers(left_out);
}

void TableReader::SampleFollowerColours() {
  follower_colours.clear();
  assert(blob_of_follower.size() == scene.followers.size());
  const cv::Rect whole(0, 0, relit.image.cols, relit.image.rows);
  for (size_t i = 0; i < scene.followers.size(); ++i) {
    const SceneFollower& f = scene.followers[i];
    if (f.confidence < kSampledFollowerConfidence) continue;
    const Blob& b = follower_blobs[blob_of_follower[i]];
    const cv::Rect box = cv::Rect(b.at, b.patch.size()) & whole;
    const int label = ClassLabel(f.color);
    std::vector<cv::Vec3b>& out = follower_colours[f.color];
    for (int y = box.y; y < box.br().y; ++y)
      for (int x = box.x; x < box.br().x; ++x)
        if (b.patch.at<uchar>(y - b.at.y, x - b.at.x) && relit.classes.at<uchar>(y, x) == label)
          out.push_back(relit.image.at<cv::Vec3b>(y, x));
  }
}

void TableReader::LetFollowersTellFaces() {
  std::map<std::string, int> on_board;  // tiles of each type read
  for (const SceneTile& t : scene.tiles) ++on_board[t.id];
  for (size_t i = 0; i < scene.followers.size(); ++i) {
    SceneFollower& sf = scene.followers[i];
    const int index = tile_index.at({sf.at.x, sf.at.y});
    CellReading& cell = board[index];
    SceneTile& tile = scene.tiles[index];
    const Candidate& k = cell.reading();
    const cv::Point2d mm(sf.center_mm[0], sf.center_mm[1]);
    double read_off = 0;
    if (FeatureUnder(cat.type(k.type), tile.rotation, tile.center_mm, mm, &read_off) < 0 ||
        read_off <= kFollowerSpotMm)
      continue;
    // The faces that put the follower on a spot; those whose spots lie within a footprint's error
    // of the nearest fit it alike, and the picture tells among them.
    std::vector<std::pair<double, int>> spots;  // (off, candidate)
    for (size_t j = 0; j < cell.candidates.size(); ++j) {
      const Candidate& other = cell.candidates[j];
      const TileType& type = cat.type(other.type);
      double off = 0;
      if (&other == &k || other.score < k.score - kFollowerSpotScoreGap ||
          on_board[type.id] - (type.id == tile.id) >= type.count ||
          FeatureUnder(type, other.quarter * 90, tile.center_mm, mm, &off) < 0 ||
          off >= kFollowerSpotMm ||
          !FitsNeighbours(cat, other, cell.col, cell.row,
                          [this](int col, int row) { return reading_at(col, row); }))
        continue;
      spots.emplace_back(off, static_cast<int>(j));
    }
    if (spots.empty()) continue;
    const double least_off = std::min_element(spots.begin(), spots.end())->first;
    int spot_on = -1;
    for (const auto& [off, j] : spots)
      if (off <= least_off + kFootprintErrorMm &&
          (spot_on < 0 || cell.candidates[j].score > cell.candidates[spot_on].score))
        spot_on = j;
    const auto middle = to_reading(follower_seen[i], kFollowerMiddleMm);
    if (!middle) continue;
    --on_board[tile.id];
    TakeFace(cell, tile, spot_on);
    ++on_board[tile.id];
    StandOn(sf, tile, follower_seen[i], *middle);
  }
}

}  // namespace cf
