#include "vision/analyze.h"

#include <cassert>
#include <chrono>
#include <deque>
#include <map>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <set>

#include "calibration/color_model.h"
#include "vision/art_difference.h"
#include "vision/cell_reader.h"
#include "vision/disc_outline.h"
#include "vision/follower_feature.h"
#include "vision/grid_finder.h"
#include "vision/grid_plane.h"
#include "vision/piece_blobs.h"
#include "vision/top_view.h"

namespace cf {

namespace {

using Clock = std::chrono::steady_clock;
double Ms(Clock::time_point a) {
  return std::chrono::duration<double, std::milli>(Clock::now() - a).count();
}

// The middle value (the upper of the two middle ones); `v` must not be empty.
double Median(std::vector<double> v) {
  assert(!v.empty());
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// A 2x3 affine transform (CV_64F) applied to a point.
cv::Point2d ApplyAffine(const cv::Mat& m, cv::Point2d p) {
  return {m.at<double>(0, 0) * p.x + m.at<double>(0, 1) * p.y + m.at<double>(0, 2),
          m.at<double>(1, 0) * p.x + m.at<double>(1, 1) * p.y + m.at<double>(1, 2)};
}

constexpr double kGrowScore = 0.2;          // the least match of a cell joining the board
constexpr double kCoveredJoinScore = 0.45;  // the same, pieces left out, for a hidden cell
constexpr double kPieceSolidity = 0.8;      // a piece's blob fills most of its hull
// A meeple lies within this of any part of it, and one in specks shows a speck this large at least.
constexpr double kMeepleReachMm = 12.0, kSpeckOfMeepleMm2 = 20.0;
// A whole meeple seen from above covers this much of the table, standing or lying.
constexpr double kMeepleLeastMm2 = 120.0, kMeepleMostMm2 = 400.0;
// A token's whole outline is a disc's, convex; a meeple's keeps notches (head, arms, legs).
constexpr double kWholeDiscSolidity = 0.95;
// A blob larger than this is more than one meeple (one lying down covers up to about 350 mm2); in
// one of a token's colour, the token's disc (its short axis across) lies covered this much.
// A token and a meeple cover no more than kTokenAndMeepleMm2.
constexpr double kTwoPiecesMm2 = 450, kWholeDiscCovered = 0.95, kTokenAndMeepleMm2 = 900;
// A token's blob that runs on into art of its colour (along a tile's edge, say) takes in at most
// this share of the token's area besides; more is a meeple or the art itself.
constexpr double kTokenStrayShare = 0.3;
// A token on art much like it (a target on grass) is seen in part only; a blob with a token's
// disc this much covered, the face one colour, is that token.
constexpr double kTokenSeenInPart = 0.8;
// Or, where its face is like the art beneath, this much of its disc is of the face's colour (one
// colour: grass, however flat, has specks that are not) and at least this much in the blob.
constexpr double kFaceCoversDisc = 0.95, kBlobHoldsDisc = 0.5;
// Around a token lying on the table or a tile, at most this share of a ring is of its colour.
constexpr double kRingLikeFace = 0.2;
// A token seen whole, its outline clean, shows the table or art of another colour over most of a
// ring around it; a patch of a screen's reflection or of grass is its colour all round (on the
// real photos such patches had been read as tokens; 0.2 lost a token of seeds 920-999).
constexpr double kWholeTokenRingLikeFace = 0.3;
// A round token found by its rim alone (its colour too like what it lies on to show its disc):
// an edge along this share of the rim (a third is chance on grass), a face of its own colour
// class over half the disc, of one colour and unlike the ring round it, both more so than a
// token whose disc its colour shows.
constexpr double kOutlineSeedShare = 0.1, kOutlineRim = 0.35, kOutlineFaceOfItsClass = 0.5,
                 kOutlineSpreadLab = 6, kOutlineRingLikeFace = 0.1;
// A tile whose art fits this well (grey correlation) where it was found is reported there, not at
// its grid cell's centre; a piece on it pulls a poorer fit astray.
constexpr double kLocatedFit = 0.6;
// A look-alike matching this close to a covered tile's reading whose difference from it pieces
// hide this much makes the reading a coin toss (its confidence half its score).
constexpr double kTwinScoreGap = 0.15, kTwinHiddenShare = 0.9;
// A cell that pieces cover less than this share of (specks) is read as it stands: neither read
// again beside them nor doubted for what they hide.
constexpr double kLeastCovered = 0.02;
// Players stand a follower on its feature's middle (the road, the cloister, the city's heart),
// where the catalog draws it: a footprint within this of that spot (mm) on a reading nearly as
// good as the first, and further off it on the first, takes that reading (tuning scenes: 3 to 7
// alike, the first reading's score within 0.05 to 0.3 alike).
constexpr double kFollowerSpotMm = 5, kFollowerSpotScoreGap = 0.1;
// Seen at a slant and blurred, a meeple's blob is up to this wide: a catch token's disc (19.1 mm)
// fits in two meeples touching.
constexpr double kWidestMeepleMm = 19.5;
// The spread (Lab, 8-bit units) of a token's face seen whole: rendered tokens mostly 2-7 (8-18
// with a meeple lying on them), rendered meeples whose blob has a token's outline 11-37, the
// art's areas of a token's colour on real photos 7-48.
constexpr double kTokenFaceSpreadLab = 8;
// Or, a meeple lying on part of it or its rim's shade in view, three quarters of its face within
// this of the face's median colour (Lab, 8-bit units; the faces of rendered tokens whose blob has
// a token's outline: median 3.7, 90% under 6; of meeples: over 6.4).
constexpr double kMostOfTokenFaceLab = 6;
// Lab distance (8-bit units) within which a pixel is of a token's colour as seen.
constexpr double kSameColourLab = 15.0;
// A partly hidden token's axes are off its disc's by at most this much (summed relative errors).
constexpr double kHiddenTokenMisfit = 0.4;
// A piece stands out from what it lies on: the mean colour just inside its blob's outline and
// just outside differ by at least this (Lab, 8-bit units; rendered meeples 4.6 and more, grey
// ones least); a patch of the art's own colour that a colour class cuts out of grass, or a
// reflection, differs less (on the real photos such blobs had been read as followers).
constexpr double kLeastOutlineLab = 4;
// Two meeples are never this close (footprint centres, mm): they would overlap.
constexpr double kSameMeepleMm = 10.0;
// Followers and tokens cover a few percent of a board; beyond this share of 'unprinted' pixels
// the tile art's colours do not describe the picture.
constexpr double kMostUnprintedShare = 0.05;
// A meeple standing seen from above, the smallest piece: blobs of two touching pieces are split
// into parts no smaller.
constexpr double kSmallestPieceMm2 = 150;
// A follower's middle, seen from above, is about this high over the tiles: standing meeples' read
// footprints on seeds 920-999 lay off their true ones, away from the camera, as a middle 6.3 mm
// high would put them (8 mm had been a guess).
constexpr double kFollowerMiddleMm = 6.5;
// A standing meeple's height (mm): the most its sides can show below its top.
constexpr double kTallestPieceMm = 16;
// A follower's sides in shade: no darker than this (B + G + R), and of its paint's chromaticity
// (B, G, R over their sum) within this (summed absolute differences).
constexpr double kLeastShadeSum = 30;
constexpr double kShadeChromaticity = 0.15;
// A pixel this far (Lab, 8-bit units) in colour from its tile's art is no art: a follower's
// shaded side that the standardised comparison takes for the art's shading (compared at full
// resolution, 15 to 30 placed the followers of seeds 80000-80079 alike).
constexpr double kUnlikeArtLab = 20;
// How far a follower's footprint is measured off, typically (rendered tables: median 1.3 mm).
constexpr double kFootprintErrorMm = 1.2;
// Tiles lie up to this far off their cells (shifted, turned), and so may the followers on them.
constexpr double kTileShiftMm = 2.0;
// A tile's art has at least this share of the board's median detail (mean absolute Laplacian);
// hands and sleeves have less.
constexpr double kLeastDetail = 0.35;
// Read at last, a cell matching its tile weakly has at least this share of the detail of the cells
// around it that match well: the table's grain or a glare beside the board has about half.
constexpr double kLeastWeakDetail = 0.6;
// The same for a cell beside the board that joins only because a follower stands on it.
constexpr double kHiddenTileDetail = 0.6;
// Uncalibrated, a grid whose cells match their best tile this well (median) is not doubted; else
// a grid read another way (period or phase) is taken if its cells look this much more like tiles.
constexpr double kLooksLikeTiles = 0.6;
constexpr double kClearlyBetter = 1.2;
constexpr double kLikenessPitch = 64;
// Views are straightened at no more than this (72 px per tile): finer detail than the tile set's
// finest template only costs time.
constexpr double kFinestPpmm = 1.6;
constexpr int kTableGuesses = 2;  // what TableColourGuesses offers: the commonest, the whole rim
constexpr double kStrongScore = 0.45;  // a cell that matches its art well alone
// A tile alone near the board (the tiles beside it hidden) is kept when it matches this well.
constexpr double kLoneTileScore = 0.7;
constexpr double kStrongShare = 0.5;  // the least share of board cells that do
// Mean |a - 128| + |b - 128| (Lab) of a cell: boards of printed tiles show a median of 35 and
// more (real photos and renders alike), a ChArUco board under 5.
constexpr double kLeastTileChroma = 8;
// The most tiles a board read is taken to hold: a game with many expansions lays over 300.
constexpr size_t kMostTiles = 400;
// Tiles are laid edge to edge: of more cells than a base game and an expansion or two hold, at
// least this share must join into one board: real boards that large join 94-100% of their cells;
// a cake with tile art joined 31%, a grid of half the tile's pitch on a rendered table 58%.
constexpr size_t kManyTiles = 120;
constexpr double kJoinedShare = 0.8;
constexpr size_t kFewTiles = 8;               // a board this small must match well throughout:
constexpr double kFewTilesMedianScore = 0.6;  // its median match at least this

// Where well-read tiles really lie in the picture, and their cells: the tile grid as a target.
struct GridEvidence {
  std::vector<cv::Point2f> picture_px;
  std::vector<cv::Point2f> plane_mm;  // cell centres, 45 mm apart, in the reading's frame
};

// The tile grid of a top view under one guess of the table's colour: the view turned square to
// the grid, where tiles may be, and the tile borders' period and phase.
struct GridView {
  double angle = 0;
  cv::Mat A, Ainv;  // top view to grid-aligned view, and back
  cv::Mat aligned, aligned_grey;
  cv::Mat valid;       // aligned pixels the picture reaches
  cv::Mat tiles_mask;  // aligned pixels unlike the table: only there do grid lines count
  std::vector<double> cols, rows;  // edge profiles
  double period = 0, phx = 0, phy = 0;
  double likeness = 0;  // uncalibrated: how much its cells look like tiles

  double TableFraction(const cv::Rect& r) const {
    return 1.0 - cv::countNonZero(tiles_mask(r)) / static_cast<double>(r.area());
  }
  // Whether `r` lies whole in the view and is mostly not table: worth reading.
  bool OnTiles(const cv::Rect& r) const {
    return r.x >= 0 && r.y >= 0 && r.br().x <= aligned.cols && r.br().y <= aligned.rows &&
           cv::countNonZero(valid(r)) >= r.area() * 0.98 && TableFraction(r) <= 0.5;
  }
  // Cell (c, r) of the grid of period p and phase (px, py).
  static cv::Rect Square(double p, double px, double py, int c, int r) {
    return {static_cast<int>(px + c * p), static_cast<int>(py + r * p), static_cast<int>(p),
            static_cast<int>(p)};
  }
  // The whole cells of that grid, row by row, whose inside (a 4% rim left out) is on tiles.
  std::vector<cv::Point> CellsOnTiles(double p, double px, double py) const {
    const int inset = static_cast<int>(p * 0.04);
    std::vector<cv::Point> on;
    for (int r = 0; py + (r + 1) * p <= aligned.rows; ++r)
      for (int c = 0; px + (c + 1) * p <= aligned.cols; ++c) {
        const cv::Rect square = Square(p, px, py, c, r);
        if (OnTiles({square.x + inset, square.y + inset, square.width - 2 * inset,
                     square.height - 2 * inset}))
          on.push_back({c, r});
      }
    return on;
  }
  // The median best match of a dozen cells on tiles of the grid (period p, phase px, py).
  double TileLikeness(const std::vector<TileReference>& tileset, double p, double px,
                      double py) const {
    std::vector<cv::Rect> squares;
    for (cv::Point c : CellsOnTiles(p, px, py)) squares.push_back(Square(p, px, py, c.x, c.y));
    if (squares.empty()) return 0.0;
    // Compared at no more than kLikenessPitch pixels a tile: which grid fits shows at that size.
    const double scale = std::min(1.0, kLikenessPitch / p);
    FineTileMatcher matcher(tileset, p * scale);
    std::vector<double> scores;
    const size_t step = std::max<size_t>(1, squares.size() / 12);
    for (size_t i = step / 2; i < squares.size(); i += step) {
      const cv::Rect& square = squares[i];
      const int margin = static_cast<int>(p * 0.15);
      cv::Rect around(square.x - margin, square.y - margin, square.width + 2 * margin,
                      square.height + 2 * margin);
      around &= cv::Rect(0, 0, aligned.cols, aligned.rows);
      cv::Mat patch;
      cv::resize(aligned(around), patch, {}, scale, scale, cv::INTER_AREA);
      cv::Rect cell(cvRound((square.x - around.x) * scale), cvRound((square.y - around.y) * scale),
                    cvRound(square.width * scale), cvRound(square.height * scale));
      scores.push_back(ReadCell(patch, cell, tileset, matcher)[0].score);
    }
    return Median(std::move(scores));
  }
};

GridView FindGrid(const TopView& top, const cv::Mat& grey, const cv::Mat& half_lab,
                  const ColorStats& table, bool calibrated,
                  const std::vector<TileReference>& tileset) {
  GridView g;
  const cv::Mat not_table = NotTable(half_lab, grey.size(), table);
  cv::Mat tile_pixels;
  cv::erode(not_table, tile_pixels, cv::Mat(), cv::Point(-1, -1), 1);
  cv::bitwise_and(tile_pixels, top.valid, tile_pixels);
  g.angle = GridAngle(grey, tile_pixels);
  if (calibrated && std::abs(g.angle) < 1.5) g.angle = 0;  // keep the calibrated table's frame
  cv::Point2f centre(grey.cols / 2.0f, grey.rows / 2.0f);
  g.A = cv::getRotationMatrix2D(centre, g.angle, 1.0);
  cv::invertAffineTransform(g.A, g.Ainv);
  if (g.angle == 0) {  // already square to the grid
    g.aligned = top.image;
    g.valid = top.valid.clone();
    g.tiles_mask = not_table.clone();
  } else {
    cv::warpAffine(top.image, g.aligned, g.A, top.image.size(), cv::INTER_LINEAR,
                   cv::BORDER_CONSTANT);
    cv::warpAffine(top.valid, g.valid, g.A, top.image.size(), cv::INTER_NEAREST,
                   cv::BORDER_CONSTANT);
    cv::warpAffine(not_table, g.tiles_mask, g.A, top.image.size(), cv::INTER_NEAREST,
                   cv::BORDER_CONSTANT);
  }
  cv::erode(g.valid, g.valid, cv::Mat(), cv::Point(-1, -1), 2);
  cv::cvtColor(g.aligned, g.aligned_grey, cv::COLOR_BGR2GRAY);
  cv::dilate(g.tiles_mask, g.tiles_mask, cv::Mat(), cv::Point(-1, -1), 2);
  cv::bitwise_and(g.tiles_mask, g.valid, g.tiles_mask);
  EdgeProfiles(g.aligned_grey, g.tiles_mask, g.cols, g.rows);
  if (top.metric) {
    g.period = kTilePitchMm * top.ppmm;
    g.phx = BestPhase(g.cols, g.period), g.phy = BestPhase(g.rows, g.period);
    return g;
  }
  // Edges repeat at a tile's width, at its multiples, and at its half (roads and walls cross
  // tiles midway): of these, the period is the one whose cells look most like tiles.
  const double found = BestPeriod(g.cols, g.rows);
  g.period = found, g.phx = BestPhase(g.cols, found), g.phy = BestPhase(g.rows, found);
  g.likeness = g.TileLikeness(tileset, g.period, g.phx, g.phy);
  if (g.likeness >= kLooksLikeTiles) return g;
  const double shortest = std::min(g.aligned.cols, g.aligned.rows);
  for (double p : {found / 2, found * 2}) {
    if (p < std::max(24.0, shortest / 40) || p > shortest / 2) continue;
    double px = BestPhase(g.cols, p), py = BestPhase(g.rows, p);
    double likeness = g.TileLikeness(tileset, p, px, py);
    if (likeness > g.likeness * kClearlyBetter)
      g.likeness = likeness, g.period = p, g.phx = px, g.phy = py;
  }
  // Long straight edges in the art can pull the comb half a tile off the borders.
  const double px0 = g.phx, py0 = g.phy;
  for (auto [sx, sy] : {std::pair{0.5, 0.0}, std::pair{0.0, 0.5}, std::pair{0.5, 0.5}}) {
    double px = std::fmod(px0 + sx * g.period, g.period);
    double py = std::fmod(py0 + sy * g.period, g.period);
    double likeness = g.TileLikeness(tileset, g.period, px, py);
    if (likeness > g.likeness * kClearlyBetter) g.likeness = likeness, g.phx = px, g.phy = py;
  }
  return g;
}

// The `k`th guess of the table's colour (TableColourGuesses), if there are so many.
std::optional<ColorStats> TableGuess(const cv::Mat& bgr, const cv::Mat& valid, int k) {
  std::vector<ColorStats> guesses = TableColourGuesses(bgr, valid);
  if (k >= static_cast<int>(guesses.size())) return std::nullopt;
  return guesses[k];
}

// The first reading that finds a board, the guesses of the table's colour tried in turn.
template <typename Read>
Result<Scene> WithEachTableGuess(Read read) {
  Result<Scene> scene = read(0);
  for (int guess = 1; !scene && guess < kTableGuesses; ++guess) scene = read(guess);
  return scene;
}

// Cells join a board by fitting it, so most of them (and at least three, as many as the smallest
// board) must also match their art well on their own. A few weak matches happen by chance on any
// textured table: a board of few tiles must match well throughout.
bool MostMatchWell(const std::vector<CellReading>& board) {
  const size_t strong = std::count_if(board.begin(), board.end(), [](const CellReading& c) {
    return c.reading().score >= kStrongScore;
  });
  if (strong < 3 || strong < board.size() * kStrongShare) return false;
  if (board.size() >= kFewTiles) return true;
  std::vector<double> scores;
  for (const auto& c : board) scores.push_back(c.reading().score);
  return Median(std::move(scores)) >= kFewTilesMedianScore;
}

// Reads the table, taking the `table_guess`th guess of TableColourGuesses for the table's colour;
// without calibration `plane` (if any) straightens the picture, and `evidence` collects where
// the tiles lie.
Result<Scene> ReadTable(const cv::Mat& image, const AnalyzeInput& in,
                        const std::optional<GridPlane>& plane, int table_guess,
                        GridEvidence* evidence) {
  auto t0 = Clock::now();
  if (image.empty() || image.cols < 64 || image.rows < 64) return Fail("empty frame");
  cv::Scalar mean, sd;
  cv::Mat sample;  // every fourth pixel each way says as much
  cv::resize(image, sample, cv::Size(image.cols / 4, image.rows / 4), 0, 0, cv::INTER_NEAREST);
  cv::meanStdDev(sample, mean, sd);
  if (sd[0] + sd[1] + sd[2] < 6) return Fail("empty frame: the picture has no detail");
  const TileCatalog& cat = *in.catalog;
  std::map<int, const TileReference*> by_type;  // the tile set by catalog type
  for (const auto& ref : *in.tileset) by_type[ref.type] = &ref;
  std::optional<Camera> cam;
  if (in.calibration && in.calibration->has_table_pose) {
    cam = in.calibration->camera;
    if (cam->width != image.cols || cam->height != image.rows) {
      double s = double(image.cols) / cam->width;
      if (std::abs(s - double(image.rows) / cam->height) > 0.01)
        return Fail("the calibration is for " + std::to_string(cam->width) + "x" +
                    std::to_string(cam->height) + " pictures, this one is " +
                    std::to_string(image.cols) + "x" + std::to_string(image.rows));
      cam->fx *= s, cam->fy *= s, cam->cx *= s, cam->cy *= s;
      cam->width = image.cols, cam->height = image.rows;
    }
  }

  // 1. The tiles' plane seen from above.
  TopView top;
  ColorStats table_color;
  bool have_table_color = false;
  bool from_edges = false;  // uncalibrated, straightened by the tile edges' vanishing points
  if (cam) {
    // A coarse look at the whole table: its colour, and where the board is.
    TopView coarse = Rectify(image, *cam, 0.5);
    const cv::Mat& coarse_valid = coarse.valid;
    auto guess = TableGuess(coarse.image, coarse_valid, table_guess);
    if (!guess) return Fail("no board in view");
    table_color = *guess;
    have_table_color = true;
    cv::Mat board_mask =
        NotTable(HalfSizeLab(coarse.image), coarse.image.size(), table_color) & coarse_valid;
    cv::morphologyEx(board_mask, board_mask, cv::MORPH_OPEN,
                     cv::getStructuringElement(cv::MORPH_RECT, {7, 7}));
    std::vector<cv::Point> on;
    cv::findNonZero(board_mask, on);
    if (on.empty()) return Fail("no board in view: nothing on the table");
    cv::Rect box = cv::boundingRect(on);
    const double margin = 120;  // tokens thrown off the board land close to it
    cv::Rect2d region(coarse.origin.x + box.x / coarse.ppmm - margin,
                      coarse.origin.y + box.y / coarse.ppmm - margin,
                      box.width / coarse.ppmm + 2 * margin, box.height / coarse.ppmm + 2 * margin);
    top = Rectify(image, *cam, kFinestPpmm, &region);
  } else if (plane) {  // no calibration: the tiles show the plane
    cv::warpPerspective(image, top.image, cv::Mat(plane->to_top), plane->size, cv::INTER_LINEAR,
                        cv::BORDER_CONSTANT);
    cv::warpPerspective(cv::Mat(image.size(), CV_8U, cv::Scalar(255)), top.valid,
                        cv::Mat(plane->to_top), plane->size, cv::INTER_NEAREST,
                        cv::BORDER_CONSTANT);
    from_edges = true;
  } else {
    top.image = image;
    top.valid = cv::Mat(image.size(), CV_8U, cv::Scalar(255));
  }
  auto t_rectify = Ms(t0);
  if (!in.debug_prefix.empty()) cv::imwrite(in.debug_prefix + "top.jpg", top.image);
  cv::Mat grey;
  cv::cvtColor(top.image, grey, cv::COLOR_BGR2GRAY);

  // 2. The grid: angle, period, phase.
  // The grid is judged on the exact half-size Lab: the cheaper one read uncut tile sheets beside
  // their box (not_a_board/test_2137.jpg) as a board.
  cv::Mat half_lab = HalfSizeLab(top.image, /*exact=*/true);
  if (!have_table_color) {
    auto guess = TableGuess(top.image, top.valid, table_guess);
    if (!guess) return Fail("no board in view");
    table_color = *guess;
  }
  GridView g = FindGrid(top, grey, half_lab, table_color, cam.has_value(), *in.tileset);
  const double angle = g.angle;
  const cv::Mat &A = g.A, &Ainv = g.Ainv, &aligned = g.aligned, &aligned_grey = g.aligned_grey,
                &valid = g.valid;
  double period = g.period, phx = g.phx, phy = g.phy;
  auto OnTiles = [&](const cv::Rect& r) { return g.OnTiles(r); };
  // Table mm at a pixel of the aligned view, and back.
  auto aligned_to_table = [&](cv::Point2d p) {
    const cv::Point2d q = ApplyAffine(Ainv, p);
    return cam ? TableSeenAt(top, *cam, q) : top.origin + q / top.ppmm;
  };
  auto table_to_aligned = [&](cv::Point2d mm) {
    return ApplyAffine(A, cam ? PixelShowing(top, *cam, mm) : (mm - top.origin) * top.ppmm);
  };
  // Where a piece seen at `p` (aligned view) whose middle is `height` mm up stands on the tiles;
  // without a camera, straight under it.
  auto footprint = [&](cv::Point2d p, double height) {
    if (!cam) return p;
    cv::Point2d mm = aligned_to_table(p), foot;
    if (!cam->PixelToPlane(cam->Project({mm.x, mm.y, kTileTop}), kTileTop - height, foot)) return p;
    return table_to_aligned(foot);
  };
  // A tile is at least a fortieth of the view's short side (the view, not the picture: a large
  // picture is straightened at a smaller scale): no board is forty tiles across the view's short
  // side. Under 24 pixels its art cannot be told apart.
  if (period <
      std::max(24.0, std::min(top.image.cols, top.image.rows) / 40.0 * (top.metric ? 0 : 1)))
    return Fail("no board in view: no tile grid found");
  if (!top.metric) top.ppmm = period / kTilePitchMm;
  if (cam && angle == 0) {
    // Keep the calibrated frame: cell centres at multiples of 45 mm where the table says so.
    double fx = std::fmod((0 - top.origin.x) * top.ppmm - period / 2, period),
           fy = std::fmod((0 - top.origin.y) * top.ppmm - period / 2, period);
    if (fx < 0) fx += period;
    if (fy < 0) fy += period;
    auto near = [&](double a, double b) {
      double d = std::fmod(std::abs(a - b), period);
      return std::min(d, period - d);
    };
    if (near(phx, fx) < period * 0.25) phx = fx;
    if (near(phy, fy) < period * 0.25) phy = fy;
  }
  auto t_grid = Ms(t0);

  // 3. Every whole cell that is not table compared with every tile in every rotation.
  std::vector<CellReading> cells;
  FineTileMatcher fine(*in.tileset, period);
  auto CellRect = [&](int c, int r) { return GridView::Square(period, phx, phy, c, r); };
  auto CellInView = [&](int c, int r) {
    return CellRect(c, r) & cv::Rect(0, 0, aligned.cols, aligned.rows);
  };
  for (cv::Point at : g.CellsOnTiles(period, phx, phy)) {
    CellReading cell{at.x, at.y, ReadCell(aligned, CellRect(at.x, at.y), *in.tileset, fine), 0};
    if (cell.candidates[0].score < 0.15) continue;
    cells.push_back(cell);
  }
  // The board grows from well-matched cells with a well-matched neighbour; every cell that is not
  // table and joins the board is a tile too, however covered by followers and tokens.
  std::map<std::pair<int, int>, size_t> cell_at;
  for (size_t i = 0; i < cells.size(); ++i) cell_at[{cells[i].col, cells[i].row}] = i;
  std::vector<bool> in_board(cells.size(), false);
  std::vector<size_t> frontier;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].candidates[0].score < kStrongScore) continue;
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      auto it = cell_at.find({cells[i].col + kDx[d], cells[i].row + kDy[d]});
      n += it != cell_at.end() && cells[it->second].candidates[0].score >= kStrongScore;
    }
    if (n > 0 || cells[i].candidates[0].score > 0.7) in_board[i] = true, frontier.push_back(i);
  }
  // A cell joins when one of its near-best readings fits every neighbour already on the board.
  auto on_board = [&](int col, int row) -> const Candidate* {
    auto it = cell_at.find({col, row});
    return it == cell_at.end() || !in_board[it->second] ? nullptr : &cells[it->second].reading();
  };
  auto LooksLikeTile = [&](const CellReading& cell) {
    const double best = cell.candidates[0].score;
    if (best < kGrowScore) return false;
    for (const auto& cand : cell.candidates) {
      if (cand.score < best - 0.1) break;
      if (FitsNeighbours(cat, cand, cell.col, cell.row, on_board)) return true;
    }
    return false;
  };
  while (!frontier.empty()) {
    size_t i = frontier.back();
    frontier.pop_back();
    for (int d = 0; d < 4; ++d) {
      auto it = cell_at.find({cells[i].col + kDx[d], cells[i].row + kDy[d]});
      if (it == cell_at.end() || in_board[it->second]) continue;
      if (!LooksLikeTile(cells[it->second])) continue;  // an arm, a box, a cup
      in_board[it->second] = true;
      frontier.push_back(it->second);
    }
  }
  // Printed art has fine detail all over (grass, strokes, walls); a hand, a sleeve or a box is
  // smooth: a cell with far less detail than the board's cells is not a tile.
  // Measured once a cell: the view does not change.
  std::map<std::pair<int, int>, double> detail_at;
  auto Detail = [&](int col, int row) {
    auto [it, fresh] = detail_at.try_emplace({col, row}, 0.0);
    if (fresh) {
      cv::Mat lap;
      cv::Laplacian(aligned_grey(CellInView(col, row)), lap, CV_32F);
      it->second = cv::mean(cv::abs(lap))[0];
    }
    return it->second;
  };
  std::vector<double> detail(cells.size(), 0);
  std::vector<double> board_detail;
  for (size_t i = 0; i < cells.size(); ++i)
    if (in_board[i]) board_detail.push_back(detail[i] = Detail(cells[i].col, cells[i].row));
  const double board_detail_median = board_detail.empty() ? 0 : Median(std::move(board_detail));
  const double least_detail = board_detail_median * kLeastDetail;
  std::vector<CellReading> board;
  for (size_t i = 0; i < cells.size(); ++i)
    if (in_board[i] && detail[i] >= least_detail) board.push_back(cells[i]);
  if (board.size() < 2) return Fail("no board in view: no Carcassonne tiles recognised");
  Legalize(board, cat);
  // A board is tiles joined edge to edge, most of whose edges match; lone tiles are dropped
  // unless they match their art well (the tiles beside them hidden).
  {
    std::map<std::pair<int, int>, int> at;
    for (size_t i = 0; i < board.size(); ++i)
      at[{board[i].col, board[i].row}] = static_cast<int>(i);
    std::vector<int> group(board.size(), -1);
    int groups = 0, best_group = -1;
    size_t best_size = 0;
    std::vector<size_t> sizes;
    for (size_t s0 = 0; s0 < board.size(); ++s0) {
      if (group[s0] >= 0) continue;
      std::vector<int> stack{static_cast<int>(s0)};
      group[s0] = groups;
      size_t size = 0;
      while (!stack.empty()) {
        int i = stack.back();
        stack.pop_back();
        ++size;
        for (int d = 0; d < 4; ++d) {
          auto it = at.find({board[i].col + kDx[d], board[i].row + kDy[d]});
          if (it == at.end() || group[it->second] >= 0) continue;
          group[it->second] = groups;
          stack.push_back(it->second);
        }
      }
      if (size > best_size) best_size = size, best_group = groups;
      sizes.push_back(size);
      ++groups;
    }
    int pairs = 0, matching = 0;
    for (size_t i = 0; i < board.size(); ++i)
      for (int d = 1; d <= 2; ++d) {
        auto it = at.find({board[i].col + kDx[d], board[i].row + kDy[d]});
        if (it == at.end()) continue;
        ++pairs;
        matching += EdgeOf(cat, board[i].reading(), d) ==
                    EdgeOf(cat, board[it->second].reading(), (d + 2) % 4);
      }
    if (best_size < 3 || (board.size() > kManyTiles && best_size < board.size() * kJoinedShare) ||
        (pairs >= 4 && matching < pairs * 0.7) || board.size() > kMostTiles ||
        !MostMatchWell(board))
      return Fail("no board in view: the tiles found do not join into a legal board");
    // Every tile is laid beside another, so parts of the board are at most a missed tile apart;
    // tiles read further from the largest part lie on something else (an arm, a box).
    std::vector<bool> near_main(board.size(), false);
    std::vector<int> stack;
    for (size_t i = 0; i < board.size(); ++i)
      if (group[i] == best_group) near_main[i] = true, stack.push_back(static_cast<int>(i));
    while (!stack.empty()) {
      int i = stack.back();
      stack.pop_back();
      for (int dc = -2; dc <= 2; ++dc)
        for (int dr = -2 + std::abs(dc); dr <= 2 - std::abs(dc); ++dr) {
          auto it = at.find({board[i].col + dc, board[i].row + dr});
          if (it == at.end() || near_main[it->second]) continue;
          near_main[it->second] = true;
          stack.push_back(it->second);
        }
    }
    std::vector<CellReading> kept;
    for (size_t i = 0; i < board.size(); ++i)
      if (near_main[i] && (group[i] == best_group || sizes[group[i]] >= 2 ||
                           board[i].reading().score > kLoneTileScore))
        kept.push_back(board[i]);
    board = std::move(kept);
  }
  // Foreground: what differs from the expected tile art, or off the board from the table.
  if (angle != 0) half_lab = HalfSizeLab(aligned);  // the turned view, at a quarter of the cost
  // Tiles are printed in colour (fields, cities, roads): a board of grey cells is a chessboard, a
  // calibration target or a newspaper.
  {
    std::vector<double> chroma;
    for (const auto& c : board) {
      cv::Rect r = CellInView(c.col, c.row);
      r = cv::Rect(r.x / 2, r.y / 2, r.width / 2, r.height / 2) &
          cv::Rect(0, 0, half_lab.cols, half_lab.rows);
      if (r.empty()) continue;
      cv::Mat off_grey;
      cv::absdiff(half_lab(r), cv::Scalar(0, 128, 128), off_grey);
      const cv::Scalar m = cv::mean(off_grey);
      chroma.push_back(m[1] + m[2]);
    }
    if (chroma.empty() || Median(std::move(chroma)) < kLeastTileChroma)
      return Fail("no board in view: the tiles found are not printed in colour");
  }
  const cv::Mat off_table = NotTable(half_lab, aligned.size(), table_color, 16.0) & valid;
  // Lab at full resolution where a piece's colours are weighed.
  auto LabOf = [&](const cv::Rect& r) {
    cv::Mat lab;
    cv::cvtColor(aligned(r), lab, cv::COLOR_BGR2Lab);
    return lab;
  };
  // The pixels of `box` (aligned view) within kSameColourLab of the mean colour of those set in
  // `sample` (CV_8U, the box's size).
  auto LikeSample = [&](const cv::Rect& box, const cv::Mat& sample) {
    cv::Mat lab, diff, distance;
    LabOf(box).convertTo(lab, CV_32FC3);
    const cv::Scalar mean = cv::mean(lab, sample);
    diff = lab - cv::Scalar(mean[0], mean[1], mean[2]);
    diff = diff.mul(diff);
    cv::transform(diff, distance, cv::Matx13f(1, 1, 1));
    return cv::Mat(distance < kSameColourLab * kSameColourLab);
  };
  // The square of the aligned view within `r` pixels of `c`, cut to the view.
  auto SquareInView = [&](cv::Point c, int r) {
    return cv::Rect(c - cv::Point(r, r), cv::Size(2 * r + 1, 2 * r + 1)) &
           cv::Rect(0, 0, aligned.cols, aligned.rows);
  };
  // A mask of `box`'s size (aligned view) holding the pixels of blob `b` that lie in it.
  auto BlobIn = [&](const cv::Rect& box, const Blob& b) {
    cv::Mat mask = cv::Mat::zeros(box.size(), CV_8U);
    const cv::Rect common = cv::Rect(b.at, b.patch.size()) & box;
    if (!common.empty()) b.patch(common - b.at).copyTo(mask(common - box.tl()));
    return mask;
  };
  struct ArtDifference {  // a cell's pixels unlike its reading's art, kept while the reading stands
    int type = -1, quarter = 0;
    cv::Mat mask;
  };
  std::map<std::pair<int, int>, ArtDifference> differs_from_art;
  auto Foreground = [&]() {
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
  };
  // The light: per-channel gains from the recognised tiles' observed and printed colours.
  auto LightGains = [&]() {
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
  };
  const auto printed_colours = PrintedColours::For(*in.tileset);
  const PrintedColours& printed = *printed_colours;
  // The board relit to the art's light, its pixels' player colours, and its pixels of colours the
  // art never uses; kept while the light stays within a percent.
  struct Relit {
    cv::Scalar gain;
    cv::Mat image, classes, unprinted;
  } relit;
  auto Relight = [&](const ColourLookup& colors) {
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
  };
  // Pixels of a colour the art never uses are pieces (a green meeple on a green field differs from
  // the art too little) -- as long as the art's colours describe this picture: when much of the
  // board itself is 'unprinted' (other printings, other light), the cue is not used.
  auto Unprinted = [&]() -> cv::Mat {
    double on = 0, all = 0;
    for (const auto& c : board) {
      cv::Rect r = CellInView(c.col, c.row);
      on += cv::countNonZero(relit.unprinted(r));
      all += r.area();
    }
    if (on > all * kMostUnprintedShare) return cv::Mat::zeros(relit.unprinted.size(), CV_8U);
    return relit.unprinted & off_table;  // a table of such a colour is no piece
  };
  // With --debug: the board with `mask` painted magenta.
  auto WriteDebugMask = [&](const std::string& name, const cv::Mat& mask) {
    if (in.debug_prefix.empty()) return;
    cv::Mat shown = aligned.clone();
    shown.setTo(cv::Scalar(255, 0, 255), mask);
    cv::imwrite(in.debug_prefix + name, shown);
  };
  auto t_first_reading = Ms(t0);
  // Pieces hide parts of tiles: found against the first reading, their cells are read again
  // without them.
  const auto lookup =
      ColourLookup::For(in.calibration ? in.calibration->colors : ColorModel::Defaults());
  const ColourLookup& colors = *lookup;
  cv::Mat piece_mask;  // where pieces lie, found against the first reading
  {
    Relight(colors);
    const cv::Mat& classes = relit.classes;
    int grow = std::max(1, static_cast<int>(period * 0.05));
    auto PiecesIn = [&](const cv::Mat& where) {
      cv::Mat mask = PieceMask(classes, where, colors);
      cv::dilate(mask, mask,
                 cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * grow + 1, 2 * grow + 1}));
      return mask;
    };
    cv::Mat unprinted = Unprinted();
    cv::Mat pieces = PiecesIn(Foreground() | unprinted);
    piece_mask = pieces;
    // Off the board no art is known: there only colours the art never uses mark pieces.
    cv::Mat unprinted_pieces = PiecesIn(unprinted);
    // Around a cell, the blobs of the players' colours shaped like a piece: a black meeple or a
    // green token on a city, whose colours the art uses elsewhere (a city's own colour makes no
    // piece-shaped blob).
    // `follower_on` tells whether one of them is a follower standing on the cell.
    auto PieceShaped = [&](const cv::Rect& rect, bool* follower_on) {
      cv::Mat mask(aligned.size(), CV_8U, cv::Scalar(0));
      const int reach = static_cast<int>(period / 3);  // a piece on the cell's edge, whole
      cv::Rect around = (rect + cv::Size(2 * reach, 2 * reach) - cv::Point(reach, reach)) &
                        cv::Rect(0, 0, aligned.cols, aligned.rows);
      const auto local = ColourMasks(classes(around), valid(around), colors);
      *follower_on = false;
      for (const Blob& b : ColourBlobs(local, kSmallestPieceMm2 * top.ppmm * top.ppmm)) {
        if (b.solidity < kPieceSolidity) continue;
        const BlobVerdict verdict = JudgeBlob(b, top.ppmm);
        if (verdict.what == BlobVerdict::kNothing) continue;
        mask(around)(cv::Rect(b.at, b.patch.size())) |= b.patch;
        const cv::Point2d at = b.centroid + cv::Point2d(around.tl());
        *follower_on |= verdict.what == BlobVerdict::kFollower &&
                        rect.contains(footprint(at, kFollowerMiddleMm));
      }
      cv::Mat near = mask(around);  // only the cell is looked at
      cv::dilate(near, near,
                 cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * grow + 1, 2 * grow + 1}));
      return mask;
    };
    WriteDebugMask("pieces.png", pieces);
    std::map<std::pair<int, int>, size_t> board_at;
    for (size_t i = 0; i < board.size(); ++i) board_at[{board[i].col, board[i].row}] = i;
    auto board_reading = [&](int col, int row) -> const Candidate* {
      auto it = board_at.find({col, row});
      return it == board_at.end() ? nullptr : &board[it->second].reading();
    };
    auto covered = [&](const cv::Rect& rect, const cv::Mat& mask) {
      int n = cv::countNonZero(mask(rect));
      return n >= rect.area() * kLeastCovered && n <= rect.area() * 0.7;
    };
    // Worth comparing: the first reading's best, and every tile that fits the neighbours.
    auto reread = [&](int col, int row, const cv::Mat& mask, std::vector<Candidate> choices) {
      for (const auto& ref : *in.tileset)
        for (int q = 0; q < 4; ++q) {
          Candidate cand{ref.type, q, 0};
          bool known = std::any_of(choices.begin(), choices.end(), [&](const Candidate& k) {
            return k.type == cand.type && k.quarter == q;
          });
          if (!known && FitsNeighbours(cat, cand, col, row, board_reading)) choices.push_back(cand);
        }
      cv::Rect rect = CellRect(col, row);
      return RereadCell(aligned, rect, *in.tileset, fine, mask(rect), std::move(choices));
    };
    for (auto& c : board) {
      if (!covered(CellRect(c.col, c.row), pieces)) continue;
      c.candidates = reread(c.col, c.row, pieces, c.candidates);
      c.chosen = 0;
    }
    // A cell beside the board that a piece hides too much for the first reading joins the board
    // when, the piece left out, a tile that fits its neighbours matches it well.
    std::set<std::pair<int, int>> tried;
    const size_t first_board = board.size();
    for (size_t i = 0; i < first_board; ++i)
      for (int d = 0; d < 4; ++d) {
        int col = board[i].col + kDx[d], row = board[i].row + kDy[d];
        if (board_at.count({col, row}) || !tried.insert({col, row}).second) continue;
        cv::Rect rect = CellRect(col, row);
        if (!OnTiles(rect)) continue;
        auto it = cell_at.find({col, row});
        // First the pieces of colours the art never uses, then the piece-shaped blobs of any.
        // Followers stand on tiles: a cell with one standing on it is a tile, however hidden

        bool follower_on = false;
        for (int attempt = 0; attempt < 2; ++attempt) {
          const cv::Mat mask = attempt == 0 ? unprinted_pieces : PieceShaped(rect, &follower_on);
          if (!covered(rect, mask)) continue;
          std::vector<Candidate> readings =
              reread(col, row, mask,
                     it == cell_at.end() ? std::vector<Candidate>{} : cells[it->second].candidates);
          // (a hand or a glare on a table of a player's colour has no tile's detail).
          const bool held_up =
              follower_on && Detail(col, row) >= board_detail_median * kHiddenTileDetail;
          if (readings.empty() || (readings[0].score < kCoveredJoinScore && !held_up)) continue;
          board_at[{col, row}] = board.size();
          board.push_back({col, row, std::move(readings), 0});
          break;
        }
      }
    Legalize(board, cat);
    // The tile counts may have turned cells to weaker readings: most must still match well.
    if (!MostMatchWell(board))
      return Fail("no board in view: the tiles found do not join into a legal board");
    // A cell matched weakly is the table (its grain, a glare) when it has far less detail than
    // the tiles that match well around it (as far from the camera, as sharp).
    std::map<std::pair<int, int>, double> strong_detail;
    for (const auto& c : board)
      if (c.reading().score >= kStrongScore) strong_detail[{c.col, c.row}] = Detail(c.col, c.row);
    std::erase_if(board, [&](const CellReading& c) {
      if (c.reading().score >= kStrongScore) return false;
      std::vector<double> around;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc)
          if (auto it = strong_detail.find({c.col + dc, c.row + dr}); it != strong_detail.end())
            around.push_back(it->second);
      const double usual = around.empty() ? board_detail_median : Median(std::move(around));
      return Detail(c.col, c.row) < usual * kLeastWeakDetail;
    });
  }
  auto t_tiles = Ms(t0);
  if (!in.debug_prefix.empty()) {  // every cell compared (red), the board's readings and scores
    cv::Mat shown = aligned.clone();
    for (const auto& c : cells) cv::rectangle(shown, CellRect(c.col, c.row), {0, 0, 255}, 1);
    for (const auto& c : board) {
      cv::Point p = CellRect(c.col, c.row).tl() + cv::Point(3, 12);
      const Candidate& k = c.reading();
      cv::putText(shown, cat.type(k.type).id + " " + std::to_string(k.quarter * 90), p,
                  cv::FONT_HERSHEY_PLAIN, 0.8, {255, 255, 0}, 1);
      cv::putText(shown, std::to_string(static_cast<int>(k.score * 100)), p + cv::Point(0, 14),
                  cv::FONT_HERSHEY_PLAIN, 0.8, {255, 255, 0}, 1);
    }
    cv::imwrite(in.debug_prefix + "board.png", shown);
  }

  // 5. The reading frame: with a calibrated, aligned table its own frame; else centred on the tile
  // nearest the middle of the board.
  bool table_frame = cam && angle == 0;
  cv::Point2d ref_aligned;  // the reading origin in aligned pixels
  int col0 = 0, row0 = 0;
  if (table_frame) {
    ref_aligned = table_to_aligned({0, 0});
    col0 = static_cast<int>(std::floor((ref_aligned.x - phx) / period));
    row0 = static_cast<int>(std::floor((ref_aligned.y - phy) / period));
  } else {
    double mc = 0, mr = 0;
    for (const auto& c : board) mc += c.col, mr += c.row;
    mc /= board.size(), mr /= board.size();
    double best = 1e18;
    for (const auto& c : board) {
      double d = std::hypot(c.col - mc, c.row - mr);
      if (d < best) best = d, col0 = c.col, row0 = c.row;
    }
  }
  cv::Point2d origin_aligned(phx + (col0 + 0.5) * period, phy + (row0 + 0.5) * period);
  auto aligned_to_reading = [&](cv::Point2d p) {
    if (table_frame) return aligned_to_table(p);
    return cv::Point2d((p.x - origin_aligned.x) / top.ppmm, (p.y - origin_aligned.y) / top.ppmm);
  };
  auto reading_to_aligned = [&](cv::Point2d mm) {
    if (table_frame) return table_to_aligned(mm);
    return cv::Point2d(origin_aligned.x + mm.x * top.ppmm, origin_aligned.y + mm.y * top.ppmm);
  };

  Scene scene;
  std::map<std::pair<int, int>, int> tile_index;
  std::vector<double> tile_lead_weight;  // per scene tile (Certainty)
  std::map<std::pair<int, int>, const Candidate*> read_at;
  for (const auto& c : board) read_at[{c.col, c.row}] = &c.reading();
  auto reading_at = [&](int col, int row) -> const Candidate* {
    auto it = read_at.find({col, row});
    return it == read_at.end() ? nullptr : it->second;
  };
  auto SmoothedArtOf = [&](const Candidate& k) {
    return SmoothedArtAtPitch(by_type[k.type]->art, k.quarter, period);
  };
  // A reading whose look-alike (fitting the same neighbours, matching nearly as well) differs
  // from it only under pieces: the picture cannot tell which of the two lies there.
  auto HiddenTwin = [&](const CellReading& c, cv::Point2d centre) -> const Candidate* {
    const cv::Rect rect = CellRect(c.col, c.row);
    if (piece_mask.empty() || cv::countNonZero(piece_mask(rect)) < kLeastCovered * rect.area())
      return nullptr;
    const Candidate& k = c.reading();
    const cv::Mat read_art = SmoothedArtOf(k);
    for (const Candidate& other : c.candidates) {
      if (&other == &k || other.score < k.score - kTwinScoreGap ||
          !FitsNeighbours(cat, other, c.col, c.row, reading_at))
        continue;
      const auto share =
          HiddenShareOfDifference(read_art, SmoothedArtOf(other), centre, piece_mask);
      // (Comparing faces is costly: last.)
      if (share && *share >= kTwinHiddenShare &&
          !SameFace(cat.type(other.type), other.quarter, cat.type(k.type), k.quarter))
        return &other;
    }
    return nullptr;
  };
  for (const auto& c : board) {
    const Candidate& k = c.candidates[c.chosen];
    SceneTile t;
    t.id = cat.type(k.type).id;
    t.at = {c.col - col0, c.row - row0};
    t.rotation = k.quarter * 90;
    t.angle_deg = t.rotation - angle;
    // Where the tile lies (a hand never lays one quite on the grid): where its art fits best.
    const FineTileMatcher::Place place =
        fine.Locate(aligned, CellRect(c.col, c.row), k.type, k.quarter);
    const cv::Point2d on_grid(phx + (c.col + 0.5) * period, phy + (c.row + 0.5) * period);
    cv::Point2d centre_mm = aligned_to_reading(place.fit >= kLocatedFit ? place.centre : on_grid);
    t.center_mm[0] = centre_mm.x;
    t.center_mm[1] = centre_mm.y;
    const ReadingCertainty sure = Certainty(c, cat);
    t.confidence = sure.confidence;
    tile_lead_weight.push_back(sure.lead_weight);
    const Candidate* alternative = sure.alternative;
    if (const Candidate* twin =
            HiddenTwin(c, place.fit >= kLocatedFit ? place.centre : on_grid)) {
      t.confidence = std::min(t.confidence, 0.5 * std::clamp(k.score, 0.0, 1.0));
      if (!alternative) alternative = twin;
    }
    if (alternative)
      t.alternative =
          SceneTile::Face{cat.type(alternative->type).id, alternative->quarter * 90};
    tile_index[{t.at.x, t.at.y}] = static_cast<int>(scene.tiles.size());
    scene.tiles.push_back(t);
  }

  // 7. Followers and tokens: blobs of players' colours, placed on the table by their height.
  auto to_reading = [&](cv::Point2d px, double height) -> std::optional<cv::Point2d> {
    if (cam) {
      cv::Point2d mm;
      if (!cam->PixelToPlane(px, kTileTop - height, mm)) return std::nullopt;
      return aligned_to_reading(table_to_aligned(mm));
    }
    return aligned_to_reading(ApplyAffine(A, px));
  };
  auto cell_at_aligned = [&](cv::Point2d a) {
    return Cell{static_cast<int>(std::floor((a.x - phx) / period)) - col0,
                static_cast<int>(std::floor((a.y - phy) / period)) - row0};
  };
  auto cell_of = [&](cv::Point2d mm) { return cell_at_aligned(reading_to_aligned(mm)); };
  // The tile a footprint at `mm` is on, or -1: of the tiles of its cell and the cells around, the
  // one whose square, where the tile was found to lie, holds it or misses it by least (tiles lie
  // shifted a little off their cells), by no more than the shift.
  auto tile_under = [&](cv::Point2d mm) -> int {
    const Cell c = cell_of(mm);
    double nearest = kTilePitchMm / 2 + kTileShiftMm;
    int found = -1;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        auto it = tile_index.find({c.x + dx, c.y + dy});
        if (it == tile_index.end()) continue;
        const SceneTile& t = scene.tiles[it->second];
        const double off =
            std::max(std::abs(mm.x - t.center_mm[0]), std::abs(mm.y - t.center_mm[1]));
        if (off < nearest) nearest = off, found = it->second;
      }
    return found;
  };
  auto aligned_to_image = [&](cv::Point2d p) {
    cv::Point2d mm = aligned_to_table(p);
    if (cam) return cam->Project({mm.x, mm.y, kTileTop});
    return ApplyAffine(Ainv, p);
  };
  // A blob judged where it lies: blur widens it by two of the picture's pixels all round, more
  // millimetres where the picture is coarser than the top view (far from the camera).
  auto Judge = [&](const Blob& b) {
    const cv::Point2d at = aligned_to_image(b.centroid);
    const double across = cv::norm(aligned_to_image(b.centroid + cv::Point2d(1, 0)) - at),
                 along = cv::norm(aligned_to_image(b.centroid + cv::Point2d(0, 1)) - at);
    const double picture_ppmm = std::min(across, along) * top.ppmm;
    return JudgeBlob(b, top.ppmm, picture_ppmm > 0 ? 2 / picture_ppmm : 0);
  };
  // 6. Followers and tokens against the final reading.
  // Where pieces may be: pixels unlike their tile's art or the table, or of an unprinted colour.
  Relight(colors);
  cv::Mat fg = Foreground() | Unprinted();
  auto masks = ColourMasks(relit.classes, fg, colors);
  WriteDebugMask("foreground.png", fg);
  std::FILE* blob_log =
      in.debug_prefix.empty() ? nullptr : std::fopen((in.debug_prefix + "blobs.txt").c_str(), "w");
  // A token lies flat: its centre is placed on the table 1 mm up.
  auto TokenOf = [&](const Blob& b, const char* kind,
                     double confidence) -> std::optional<SceneToken> {
    auto mm = to_reading(b.centroid, 1.0);
    if (!mm) return std::nullopt;
    SceneToken t;
    t.kind = kind;
    t.center_mm[0] = mm->x, t.center_mm[1] = mm->y;
    // It rests on the board when any of it lies on a tile's cell.
    for (int y = 0; y < b.patch.rows && !t.on_board; ++y)
      for (int x = 0; x < b.patch.cols && !t.on_board; ++x) {
        if (!b.patch.at<uchar>(y, x)) continue;
        const Cell c = cell_at_aligned(cv::Point2d(b.at.x + x, b.at.y + y));
        t.on_board = tile_index.count({c.x, c.y}) > 0;
      }
    t.confidence = confidence;
    return t;
  };
  // Where the board's colours are unlike the art's where its tiles lie (UnlikeArt), found cell by
  // cell as asked for; nothing off the board.
  cv::Mat unlike_art = cv::Mat::zeros(aligned.size(), CV_8U);
  std::set<std::pair<int, int>> unlike_known;
  std::map<std::pair<int, int>, cv::Mat> art_at_pitch;  // by type and quarter turns
  auto UnlikeArtIn = [&](const cv::Rect& window) -> cv::Mat {
    const Cell first = cell_at_aligned(window.tl()),
               last = cell_at_aligned(window.br() - cv::Point(1, 1));
    for (const auto& c : board) {
      if (c.col - col0 < first.x || c.col - col0 > last.x || c.row - row0 < first.y ||
          c.row - row0 > last.y)
        continue;
      const cv::Rect rect = CellRect(c.col, c.row);
      if (rect != CellInView(c.col, c.row) || !unlike_known.insert({c.col, c.row}).second) continue;
      const Candidate& k = c.reading();
      const FineTileMatcher::Place place = fine.Locate(aligned, rect, k.type, k.quarter);
      const cv::Point2d centre =
          place.fit >= kLocatedFit
              ? place.centre
              : cv::Point2d(rect.x, rect.y) + 0.5 * cv::Point2d(rect.width, rect.height);
      cv::Mat& art = art_at_pitch[{k.type, k.quarter}];
      if (art.empty()) art = ArtAtPitch(by_type[k.type]->art, k.quarter, period);
      UnlikeArt(relit.image(rect), art, centre - cv::Point2d(rect.tl()), kUnlikeArtLab)
          .copyTo(unlike_art(rect));
    }
    return unlike_art(window);
  };
  // A follower's sides, towards the camera, are its paint in shade, which its colour's class may
  // miss: seen between its top and the table, unlike the art, of the blob's chromaticity and no
  // brighter. The centroid (aligned pixels) of the blob with them; `centroid` is the blob's own.
  auto WithShadedSides = [&](const Blob& b, cv::Point2d centroid) {
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
  };
  // How much blob `b` stands out: the distance (Lab) between the mean colours of the two pixels
  // just inside its outline and the two just outside.
  auto OutlineContrast = [&](const Blob& b) {
    const cv::Rect box = cv::Rect(b.at - cv::Point(4, 4), b.patch.size() + cv::Size(8, 8)) &
                         cv::Rect(0, 0, aligned.cols, aligned.rows);
    const cv::Mat blob = BlobIn(box, b),
                  band = cv::getStructuringElement(cv::MORPH_ELLIPSE, {5, 5});
    cv::Mat inside, outside, lab;
    cv::erode(blob, inside, band);
    inside = blob & ~inside;
    cv::dilate(blob, outside, band);
    outside &= ~blob & valid(box);
    LabOf(box).convertTo(lab, CV_32FC3);
    const cv::Scalar in_colour = cv::mean(lab, inside), out_colour = cv::mean(lab, outside);
    return cv::norm(cv::Vec3d(in_colour[0], in_colour[1], in_colour[2]) -
                    cv::Vec3d(out_colour[0], out_colour[1], out_colour[2]));
  };
  // A piece on art much like it in places differs from the art only in part. Its blob grown over
  // all the pixels of its colour joined to it, if they stay within `reach_mm` of it (else they are
  // the art's own).
  // With `like_seen`, over the pixels whose colour is within kSameColourLab of the blob's own as
  // seen (a token's face is one colour; the art's areas of that player colour seldom match it).
  auto Grown = [&](const Blob& b, double reach_mm, bool like_seen) -> std::optional<Blob> {
    const int reach = static_cast<int>(std::ceil(reach_mm * top.ppmm));
    const cv::Rect seed(b.at, b.patch.size());
    const cv::Rect window = (seed + cv::Size(2 * reach, 2 * reach) - cv::Point(reach, reach)) &
                            cv::Rect(0, 0, aligned.cols, aligned.rows);
    cv::Mat colour;
    if (like_seen) {
      colour = LikeSample(window, BlobIn(window, b)) & valid(window);
    } else {
      colour = ColourMasks(relit.classes(window), valid(window), colors)[b.color];
    }
    if (colour.empty()) return std::nullopt;
    const cv::Mat grown = PartsJoinedTo(colour, b.patch, seed.tl() - window.tl());
    cv::Mat rim = grown.clone();
    rim(cv::Rect(1, 1, rim.cols - 2, rim.rows - 2)).setTo(0);
    if (cv::countNonZero(rim) > 0) return std::nullopt;  // it runs on into the art
    auto blobs = ColourBlobs({{b.color, grown}}, 0);
    if (blobs.size() != 1) return std::nullopt;
    Blob whole = blobs[0];
    whole.at += window.tl();
    whole.centroid += cv::Point2d(window.tl());
    return whole;
  };
  // A token so grown, if it makes the convex outline of a whole disc of its size.
  auto WholeToken = [&](const Blob& b) -> std::optional<Blob> {
    const char* kind = TokenOfColour(b.color);
    if (!kind) return std::nullopt;
    const double reach = TokenShapeOf(*ParseTokenKind(kind)).length / 2;
    for (bool like_seen : {false, true}) {
      auto whole = Grown(b, reach, like_seen);
      if (whole && whole->solidity >= kWholeDiscSolidity &&
          Judge(*whole).what == BlobVerdict::kToken)
        return whole;
    }
    return std::nullopt;
  };
  // A black or gray meeple in specks, so grown, if it makes a solid meeple. The art draws these
  // colours only as lines (outlines, walls), where growing stops; the other players' colours are
  // areas of art too (grass, roofs, ponds, fairs), whose specks grew into 'meeples' of art.
  auto WholeMeeple = [&](const Blob& b) -> std::optional<Blob> {
    const double mm2 = top.ppmm * top.ppmm;
    if ((b.color != "black" && b.color != "gray") || b.area_px < kSpeckOfMeepleMm2 * mm2)
      return std::nullopt;
    auto whole = Grown(b, kMeepleReachMm, false);
    if (!whole || whole->solidity < kPieceSolidity || whole->area_px < kMeepleLeastMm2 * mm2 ||
        whole->area_px > kMeepleMostMm2 * mm2 ||
        Judge(*whole).what != BlobVerdict::kFollower)
      return std::nullopt;
    return whole;
  };
  // A token's face is one colour; the art's areas of a token's colour are textured, a meeple's
  // body shaded. The spread of the colours (Lab, 8-bit units) inside the disc of a `kind` token
  // centred at `centre` (aligned pixels).
  auto FaceSpread = [&](cv::Point2d centre, const char* kind) {
    const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
    const int r = static_cast<int>(shape.width / 2 * top.ppmm * 0.8);
    const cv::Point c(centre);
    const cv::Rect box = SquareInView(c, r);
    if (box.empty()) return 1e9;
    cv::Mat face = cv::Mat::zeros(box.size(), CV_8U);
    cv::circle(face, c - box.tl(), r, cv::Scalar(255), cv::FILLED);
    cv::Scalar mean, sd;
    cv::meanStdDev(LabOf(box), mean, sd, face);
    return std::sqrt(sd[0] * sd[0] + sd[1] * sd[1] + sd[2] * sd[2]);
  };
  // The same face's colour where something else lies on part of it (a meeple, the shade of its
  // rim): the distance (Lab, 8-bit units) from the face's median colour within which three
  // quarters of its pixels lie.
  auto MostOfFaceSpread = [&](cv::Point2d centre, const char* kind) {
    const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
    const int r = static_cast<int>(shape.width / 2 * top.ppmm * 0.8);
    const cv::Point c(centre);
    const cv::Rect box = SquareInView(c, r);
    if (box.empty()) return 1e9;
    cv::Mat face = cv::Mat::zeros(box.size(), CV_8U);
    cv::circle(face, c - box.tl(), r, cv::Scalar(255), cv::FILLED);
    const cv::Mat lab = LabOf(box);
    std::vector<cv::Vec3b> pixels;
    for (int y = 0; y < lab.rows; ++y)
      for (int x = 0; x < lab.cols; ++x)
        if (face.at<uchar>(y, x)) pixels.push_back(lab.at<cv::Vec3b>(y, x));
    if (pixels.empty()) return 1e9;
    cv::Vec3d median;
    std::vector<int> channel(pixels.size());
    for (int k = 0; k < 3; ++k) {
      for (size_t i = 0; i < pixels.size(); ++i) channel[i] = pixels[i][k];
      std::nth_element(channel.begin(), channel.begin() + channel.size() / 2, channel.end());
      median[k] = channel[channel.size() / 2];
    }
    std::vector<double> distance;
    for (const cv::Vec3b& p : pixels) distance.push_back(cv::norm(cv::Vec3d(p) - median));
    const auto quartile = distance.begin() + distance.size() * 3 / 4;
    std::nth_element(distance.begin(), quartile, distance.end());
    return *quartile;
  };
  // A token is raised from what it lies on: the share of the pixels in a ring just outside the
  // disc of a `kind` token centred at `centre` that are of its face's colour (within
  // kSameColourLab). A flat area of its colour in the art or the table has it near 1.
  auto RingLikeFace = [&](cv::Point2d centre, const char* kind) {
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
  };
  // The centre (aligned pixels) of a `kind` token seen in part, from a guess: the middle of its
  // face's colour around the guess, taken again from there.
  auto FaceCentre = [&](cv::Point2d guess, const char* kind) {
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
  };
  // Too large for one meeple, of a token's colour, with the token's whole disc in it: a token
  // and a meeple of its colour touching, where eroding did not part them, or a token whose blob
  // runs on into art of its colour. The token's disc, how far around it the token reaches, and
  // the rest of the blob.
  struct TokenBeside {
    const char* kind = nullptr;
    DiscInBlob disc;
    cv::Point2d centre;  // the token's, aligned pixels
    int radius_px = 0;
    std::vector<Blob> rest;
  };
  // A `kind` token's disc in blob `b` and the parts of the blob beyond the token's reach.
  auto TokenIn = [&](const Blob& b, const char* kind, const DiscInBlob& disc) {
    const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
    TokenBeside out;
    out.kind = kind;
    out.disc = disc;
    out.centre = disc.centre;
    out.radius_px = static_cast<int>(std::lround(shape.length / 2 * top.ppmm * 1.1 + 1));
    cv::Mat rest = b.patch.clone();
    cv::circle(rest, disc.centre - cv::Point2d(b.at), out.radius_px, cv::Scalar(0), cv::FILLED);
    for (Blob& part : ColourBlobs({{b.color, rest}}, 0)) {
      if (part.area_px < kSmallestPieceMm2 * top.ppmm * top.ppmm) continue;
      part.at += b.at;
      part.centroid += cv::Point2d(b.at);
      out.rest.push_back(std::move(part));
    }
    return out;
  };
  // `token` unless its blob, with no meeple beside it, is more than the token or lies in an area of
  // its colour (`ring`, RingLikeFace at the token, when already measured).
  auto WithLittleElse = [&](const Blob& b, const TokenBeside& token,
                            std::optional<double> ring =
                                std::nullopt) -> std::optional<TokenBeside> {
    bool meeple_beside = false;
    for (const Blob& part : token.rest)
      meeple_beside |= Judge(part).what == BlobVerdict::kFollower;
    if (meeple_beside) return token;
    const TokenShape shape = TokenShapeOf(*ParseTokenKind(token.kind));
    const double token_px = CV_PI * shape.length * shape.width / 4 * top.ppmm * top.ppmm;
    if (!ring) ring = RingLikeFace(token.disc.centre, token.kind);
    if (blob_log)
      std::fprintf(blob_log, "  no meeple beside the disc; %.0f%% more, ring %.2f\n",
                   (b.area_px / token_px - 1) * 100, *ring);
    if (b.area_px > token_px * (1 + kTokenStrayShare) || *ring >= kRingLikeFace)
      return std::nullopt;
    return token;
  };
  auto TokenAndMeeple = [&](const Blob& b) -> std::optional<TokenBeside> {
    const char* kind = TokenOfColour(b.color);
    const double mm2 = top.ppmm * top.ppmm;
    if (!kind || b.area_px <= kTwoPiecesMm2 * mm2 || b.area_px >= kTokenAndMeepleMm2 * mm2)
      return std::nullopt;
    const TokenShape shape = TokenShapeOf(*ParseTokenKind(kind));
    if (shape.width <= kWidestMeepleMm) return std::nullopt;
    const DiscInBlob disc = WidestDisc(b, shape.width / 2 * top.ppmm);
    const double spread = disc.covered < kWholeDiscCovered ? -1 : FaceSpread(disc.centre, kind);
    if (blob_log)
      std::fprintf(blob_log,
                   "  a token and a meeple? the disc %.0f%% covered, its face's spread %.1f\n",
                   disc.covered * 100, spread);
    if (disc.covered < kWholeDiscCovered || spread >= kTokenFaceSpreadLab) return std::nullopt;
    return WithLittleElse(b, TokenIn(b, kind, disc));
  };
  // A blob judged a follower, of a token's colour, in which the token's disc lies nearly whole
  // with a face of one colour and a rim that stands out: the token, seen in part where it lies on
  // art much like it (a target on grass), perhaps with a meeple it touches.
  auto TokenSeenInPart = [&](const Blob& b) -> std::optional<TokenBeside> {
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
    if (disc.covered < kTokenSeenInPart) return std::nullopt;
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
    if (spread >= kTokenFaceSpreadLab || ring >= kRingLikeFace) return std::nullopt;
    auto token = WithLittleElse(b, TokenIn(b, kind, disc), ring);
    if (token) token->centre = FaceCentre(disc.centre, kind);
    return token;
  };
  // A small blob of a round token's colour that is no piece alone: the rim of such a token lying
  // on art of its colour (a target on grass), found by its outline, and the rest of the blob.
  auto TokenByOutline = [&](const Blob& b) -> std::optional<TokenBeside> {
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
    const auto outline = FindDiscOutline(aligned_grey, b.centroid, r, r * 1.1);
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
    const auto& names = colors.names();
    const int colour =
        static_cast<int>(std::find(names.begin(), names.end(), b.color) - names.begin()) + 1;
    const double of_class = cv::countNonZero((relit.classes(box) == colour) & face) /
                            std::max(1.0, static_cast<double>(cv::countNonZero(face)));
    const double spread = FaceSpread(outline->centre, kind),
                 ring = RingLikeFace(outline->centre, kind);
    if (blob_log)
      std::fprintf(blob_log,
                   "%s: a token's rim? %.0f%% of it, its colour class over %.0f%% of the face, "
                   "spread %.1f, ring %.2f\n",
                   b.color.c_str(), outline->rim * 100, of_class * 100, spread, ring);
    if (of_class < kOutlineFaceOfItsClass || spread >= kOutlineSpreadLab ||
        ring >= kOutlineRingLikeFace)
      return std::nullopt;
    auto token = TokenIn(b, kind, {outline->centre, outline->rim});
    token.centre = FaceCentre(outline->centre, kind);
    return token;
  };
  std::vector<SceneToken> tokens_by_outline;              // added when no other token is read there
  std::vector<Blob> follower_blobs;                       // of scene.followers
  std::vector<cv::Point2d> follower_seen;  // of scene.followers: their middles in the picture
  // The feature of `type` turned `rotation` under a footprint at `mm` on a tile centred at
  // `centre`, and how far (mm) the footprint lies from where followers on it are drawn; -1 when
  // no feature a follower can take is there.
  auto FeatureUnder = [&](const TileType& type, int rotation, const double centre[2],
                          cv::Point2d mm, double* off_anchor_mm) {
    cv::Point2d off(mm.x - centre[0], mm.y - centre[1]);
    Vec2 board_pt{off.x / kTilePitchMm + 0.5, off.y / kTilePitchMm + 0.5};
    Vec2 canon = RotatePosition(board_pt, (4 - rotation / 90) % 4);
    int f = FeatureUnderFollower(type, canon, kFootprintErrorMm / kTilePitchMm);
    if (f < 0)  // nobody stands on a fair: just beside it
      f = type.nearest_occupiable_feature(canon, 10 / kTilePitchMm);
    if (f >= 0 && off_anchor_mm)
      *off_anchor_mm =
          std::hypot(canon.x - type.features[f].anchor.x, canon.y - type.features[f].anchor.y) *
          kTilePitchMm;
    return f;
  };
  // Stands follower `sf`, seen at `seen` (picture) with its middle over `mm`, on its feature of
  // `tile`: its pose, footprint, tile and feature point; false when no feature there takes one.
  auto StandOn = [&](SceneFollower& sf, const SceneTile& tile, cv::Point2d seen, cv::Point2d mm) {
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
  };
  cv::Mat grown = cv::Mat::zeros(aligned.size(), CV_8U);  // the grown pieces' pixels
  std::deque<Blob> blobs;
  for (Blob& b : ColourBlobs(masks, kSmallestPieceMm2 * top.ppmm * top.ppmm))
    blobs.push_back(std::move(b));
  for (; !blobs.empty(); blobs.pop_front()) {
    Blob b = std::move(blobs.front());
    if (cv::countNonZero(grown(cv::Rect(b.at, b.patch.size())) & b.patch) > 0) continue;
    BlobVerdict verdict = Judge(b);
    std::optional<Blob> whole;
    bool by_outline = false;
    if (verdict.what != BlobVerdict::kToken) {
      std::optional<TokenBeside> split = TokenAndMeeple(b);
      if (!split) whole = WholeToken(b);
      if (!split && !whole && verdict.what == BlobVerdict::kFollower) split = TokenSeenInPart(b);
      if (!split && !whole && verdict.what == BlobVerdict::kNothing) {
        whole = WholeMeeple(b);
        if (!whole) split = TokenByOutline(b), by_outline = split.has_value();
      }
      if (split) {
        Blob token = b;  // the blob's pixels within the token's reach
        token.centroid = aligned_to_image(split->centre);
        cv::Mat reach = cv::Mat::zeros(b.patch.size(), CV_8U);
        cv::circle(reach, split->disc.centre - cv::Point2d(b.at), split->radius_px, cv::Scalar(255),
                   cv::FILLED);
        token.patch = b.patch & reach;
        if (auto t = TokenOf(token, split->kind, split->disc.covered))
          (by_outline ? tokens_by_outline : scene.tokens).push_back(*t);
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
    // shaded, its paint worn) or the art.
    if (verdict.what == BlobVerdict::kToken) {
      const double spread = FaceSpread(at_aligned, verdict.token);
      const bool one_colour = spread < kTokenFaceSpreadLab ||
                              MostOfFaceSpread(at_aligned, verdict.token) < kMostOfTokenFaceLab;
      const double ring = one_colour ? RingLikeFace(at_aligned, verdict.token) : 0;
      if (one_colour && ring < kWholeTokenRingLikeFace) {
        if (auto t = TokenOf(b, verdict.token, verdict.confidence)) scene.tokens.push_back(*t);
        continue;
      }
      if (blob_log)
        std::fprintf(blob_log,
                     "  a token's outline, but its face is not one colour (spread %.1f) or it "
                     "lies in an area of its colour (ring %.2f)\n",
                     spread, ring);
      verdict = JudgeAsFollower(b, top.ppmm);
    }
    auto Drop = [&](const char* why) {
      if (blob_log) std::fprintf(blob_log, "  not a piece: %s\n", why);
    };
    if (verdict.what != BlobVerdict::kFollower) {
      Drop("neither a token's nor a follower's shape");
      continue;
    }
    if (OutlineContrast(b) < kLeastOutlineLab) {
      Drop("it does not stand out from what it lies on");
      continue;
    }
    const cv::Point2d seen = aligned_to_image(WithShadedSides(b, at_aligned));
    auto mm = to_reading(seen, kFollowerMiddleMm);
    if (!mm) {
      Drop("no place on the table");
      continue;
    }
    const int on_tile = tile_under(*mm);
    if (on_tile < 0) {  // followers stand on tiles
      if (blob_log)
        std::fprintf(blob_log, "  not a piece: its footprint (%.0f,%.0f mm) is on no tile\n", mm->x,
                     mm->y);
      continue;
    }
    SceneFollower sf;
    sf.color = b.color;
    // Its feature is only as sure as the reading of its tile.
    sf.confidence = verdict.confidence * tile_lead_weight[on_tile];
    if (!StandOn(sf, scene.tiles[on_tile], seen, *mm)) {
      Drop("on no feature a follower can take");
      continue;
    }
    scene.followers.push_back(sf);
    follower_blobs.push_back(b);
    follower_seen.push_back(seen);
  }
  if (blob_log) std::fclose(blob_log);
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
  // several are, nothing tells which).
  std::map<std::pair<int, int>, std::vector<size_t>> on_tile;
  for (size_t i = 0; i < scene.followers.size(); ++i)
    on_tile[{scene.followers[i].at.x, scene.followers[i].at.y}].push_back(i);
  std::vector<bool> left_out(scene.followers.size(), false);  // a token, or a meeple read twice
  for (const auto& [at, group] : on_tile) {
    if (group.size() < 2) continue;
    std::vector<std::pair<size_t, const char*>> like_tokens;  // follower, token kind
    for (size_t i : group) {
      double misfit = 0;
      const char* kind = PartlyHiddenToken(follower_blobs[i], top.ppmm, &misfit);
      if (kind && misfit < kHiddenTokenMisfit) like_tokens.push_back({i, kind});
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
  // One meeple read twice (two of its blobs, or its two halves): followers of one colour on one
  // tile closer than kSameMeepleMm are one, at their blobs' middle weighted by area, on the larger
  // one's feature.
  for (const auto& [at, group] : on_tile)
    for (size_t i : group)
      for (size_t j : group) {
        if (j <= i || left_out[i] || left_out[j]) continue;
        SceneFollower &a = scene.followers[i], &b = scene.followers[j];
        if (a.color != b.color || std::hypot(a.center_mm[0] - b.center_mm[0],
                                             a.center_mm[1] - b.center_mm[1]) >= kSameMeepleMm)
          continue;
        const double wa = follower_blobs[i].area_px, wb = follower_blobs[j].area_px;
        SceneFollower& kept = wa >= wb ? a : b;
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
  std::vector<SceneFollower> followers;
  std::vector<cv::Point2d> seen_of;
  for (size_t i = 0; i < scene.followers.size(); ++i)
    if (!left_out[i]) followers.push_back(scene.followers[i]), seen_of.push_back(follower_seen[i]);
  scene.followers = std::move(followers);
  // Where two faces of a tile match nearly alike, the follower on it tells which lies there: a
  // follower far from every spot its feature on the reading is drawn at and near one on the other
  // face stands on that face.
  {
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
      int spot_on = -1;
      double least_off = kFollowerSpotMm;
      for (size_t j = 0; j < cell.candidates.size(); ++j) {
        const Candidate& other = cell.candidates[j];
        const TileType& type = cat.type(other.type);
        double off = 0;
        if (&other == &k || other.score < k.score - kFollowerSpotScoreGap ||
            on_board[type.id] - (type.id == tile.id) >= type.count ||
            FeatureUnder(type, other.quarter * 90, tile.center_mm, mm, &off) < 0 ||
            off >= least_off || !FitsNeighbours(cat, other, cell.col, cell.row, reading_at))
          continue;
        least_off = off, spot_on = static_cast<int>(j);
      }
      if (spot_on < 0) continue;
      const auto middle = to_reading(seen_of[i], kFollowerMiddleMm);
      if (!middle) continue;
      --on_board[tile.id];
      tile.alternative = SceneTile::Face{tile.id, tile.rotation};
      cell.chosen = spot_on;
      const Candidate& now = cell.reading();
      read_at[{cell.col, cell.row}] = &now;
      tile.id = cat.type(now.type).id;
      ++on_board[tile.id];
      tile.rotation = now.quarter * 90;
      tile.angle_deg = tile.rotation - angle;
      // The picture did not tell.
      tile.confidence = std::min(tile.confidence, 0.5 * std::clamp(now.score, 0.0, 1.0));
      StandOn(sf, tile, seen_of[i], *middle);
    }
  }
  scene.grid["angle_deg"] = angle;
  scene.grid["pitch_px"] = period;
  scene.grid["phase_px"] = json::Array{phx, phy};
  scene.grid["px_per_mm"] = top.ppmm;
  scene.grid["cells_matched"] = static_cast<int>(cells.size());
  scene.grid["frame"] = table_frame ? "calibrated table" : "tile grid";
  if (!cam)
    scene.grid["plane"] = from_edges ? "from the tile edges" : "taken as seen from straight above";
  scene.timing_ms["rectify"] = t_rectify;
  scene.timing_ms["grid"] = t_grid - t_rectify;
  scene.timing_ms["tiles"] = t_first_reading - t_grid;
  scene.timing_ms["covered_tiles"] = t_tiles - t_first_reading;
  scene.timing_ms["total"] = Ms(t0);
  if (evidence && from_edges) {
    cv::Matx33d to_picture = plane->to_top.inv();
    for (const auto& c : board) {
      const Candidate& k = c.reading();
      if (k.score < 0.6) continue;
      FineTileMatcher::Place place =
          fine.Locate(aligned, CellRect(c.col, c.row), k.type, k.quarter);
      cv::Point2d q = ApplyAffine(Ainv, place.centre);
      cv::Vec3d p = to_picture * cv::Vec3d(q.x, q.y, 1);
      evidence->picture_px.push_back(
          cv::Point2f(static_cast<float>(p[0] / p[2]), static_cast<float>(p[1] / p[2])));
      evidence->plane_mm.push_back(cv::Point2f(static_cast<float>((c.col - col0) * kTilePitchMm),
                                               static_cast<float>((c.row - row0) * kTilePitchMm)));
    }
  }
  return scene;
}

// The plane fitted to where the tiles lie (their centres 45 mm apart), in the view `rough` framed.
std::optional<GridPlane> RefinePlane(const GridPlane& rough, const GridEvidence& evidence,
                                     double ppmm) {
  if (evidence.picture_px.size() < 8) return std::nullopt;
  cv::Mat inliers;
  cv::Mat h = cv::findHomography(evidence.picture_px, evidence.plane_mm, cv::RANSAC, 6.0, inliers);
  if (h.empty() || cv::countNonZero(inliers) < 8) return std::nullopt;
  cv::Matx33d to_mm(h);
  // Frame: the rough view's canvas, now in millimetres, at the same density.
  cv::Matx33d rough_to_picture = rough.to_top.inv();
  std::vector<cv::Point2f> corners;
  for (cv::Point2d c :
       {cv::Point2d(0, 0), cv::Point2d(rough.size.width, 0), cv::Point2d(0, rough.size.height),
        cv::Point2d(rough.size.width, rough.size.height)}) {
    cv::Vec3d p = rough_to_picture * cv::Vec3d(c.x, c.y, 1);
    cv::Vec3d m = to_mm * cv::Vec3d(p[0] / p[2], p[1] / p[2], 1);
    if (m[2] <= 0) return std::nullopt;
    corners.push_back(
        cv::Point2f(static_cast<float>(m[0] / m[2]), static_cast<float>(m[1] / m[2])));
  }
  cv::Rect2d box = cv::boundingRect(corners);
  double s = std::min(ppmm, 2400 / std::max(box.width, box.height));
  GridPlane refined;
  refined.to_top = cv::Matx33d(s, 0, -box.x * s, 0, s, -box.y * s, 0, 0, 1) * to_mm;
  refined.size = cv::Size(static_cast<int>(box.width * s), static_cast<int>(box.height * s));
  return refined;
}

// Reads a picture without calibration: straightened by `rough` (from the tile edges), then by
// the plane fitted to where the first reading's tiles lie. The second reading if there is one,
// else the first; `evidence` gets where the returned reading's tiles lie.
Result<Scene> ReadByTiles(const cv::Mat& image, const AnalyzeInput& in,
                          const std::optional<GridPlane>& rough, int table_guess,
                          GridEvidence* evidence) {
  GridEvidence first_evidence;
  auto first = ReadTable(image, in, rough, table_guess, &first_evidence);
  std::optional<GridPlane> refined;
  if (first && rough)
    refined = RefinePlane(*rough, first_evidence,
                          std::min(kFinestPpmm, first->grid.find("px_per_mm")->as_number()));
  if (refined) {
    GridEvidence second_evidence;
    auto second = ReadTable(image, in, refined, table_guess, &second_evidence);
    if (second) {
      second->grid["plane"] = "from the tile edges, fitted to the tiles' centres";
      if (evidence) *evidence = std::move(second_evidence);
      return second;
    }
  }
  if (evidence) *evidence = std::move(first_evidence);
  return first;
}

}  // namespace

Result<Scene> AnalyzeTable(const cv::Mat& image, const AnalyzeInput& in) {
  auto t0 = Clock::now();
  const bool calibrated = in.calibration && in.calibration->has_table_pose;
  if (calibrated || image.empty()) {
    auto scene = WithEachTableGuess(
        [&](int guess) { return ReadTable(image, in, std::nullopt, guess, nullptr); });
    if (scene) scene->timing_ms["total"] = Ms(t0);
    return scene;
  }
  std::optional<GridPlane> rough = GridPlaneFromEdges(image);
  auto scene =
      WithEachTableGuess([&](int guess) { return ReadByTiles(image, in, rough, guess, nullptr); });
  if (scene) scene->timing_ms["total"] = Ms(t0);
  return scene;
}

Result<TablePlane> TablePlaneFromTiles(const cv::Mat& image, const AnalyzeInput& input) {
  if (image.empty()) return Fail("empty frame");
  AnalyzeInput in = input;  // the plane from the tiles alone, whatever a calibration says
  std::optional<Calibration> colours_only;
  if (in.calibration && in.calibration->has_table_pose) {
    colours_only = *in.calibration;
    colours_only->has_table_pose = false;
    in.calibration = &*colours_only;
  }
  std::optional<GridPlane> rough = GridPlaneFromEdges(image);
  if (!rough) return Fail("no board in view: no straight tile edges to find the table plane by");
  GridEvidence evidence;
  auto scene = WithEachTableGuess(
      [&](int guess) { return ReadByTiles(image, in, rough, guess, &evidence); });
  if (!scene) return scene.error();
  if (evidence.picture_px.size() < 8)
    return Fail("too few tiles read with confidence to fix the table plane (" +
                std::to_string(evidence.picture_px.size()) + ", at least 8)");
  cv::Mat inliers;
  cv::Mat h = cv::findHomography(evidence.picture_px, evidence.plane_mm, cv::RANSAC, 3.0, inliers);
  if (h.empty()) return Fail("the tiles read do not lie on one plane");
  TablePlane out;
  out.picture_to_mm = cv::Matx33d(h);
  double sum = 0;
  for (size_t i = 0; i < evidence.picture_px.size(); ++i) {
    if (!inliers.at<uchar>(static_cast<int>(i))) continue;
    cv::Vec3d p =
        out.picture_to_mm * cv::Vec3d(evidence.picture_px[i].x, evidence.picture_px[i].y, 1.0);
    cv::Point2d mm(p[0] / p[2], p[1] / p[2]);
    sum += std::pow(cv::norm(mm - cv::Point2d(evidence.plane_mm[i])), 2);
    ++out.tiles;
  }
  if (out.tiles < 8) return Fail("the tiles read do not lie on one plane");
  out.rms_mm = std::sqrt(sum / out.tiles);
  return out;
}

}  // namespace cf
