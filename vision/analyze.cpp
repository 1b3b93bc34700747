#include "vision/analyze.h"

#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/board_outline.h"
#include "vision/grid_plane.h"
#include "vision/table_reader.h"

namespace cf {

namespace {

// A board of few tiles read without a calibration, from its edges or from its outline alone, has
// a tile read at least this sure (rendered boards of one and two tiles read from their outlines:
// 0.94 and more; see HoldsSureTiles).
constexpr double kLeastSurestTileOfFew = 0.8;
// A board read from its outline alone also has its tiles read at this much or more on the mean
// (test_5.jpg's tiles boxed by their outlines, seven read at 0.48 on the mean; the rendered boards
// of three read right from their outlines at 0.76 and more).
constexpr double kLeastMeanConfidenceByOutline = 0.6;
// ... and, read from a part that fills its box as a block of two rows or more, no tile under this
// (a tile sheet's single tile, not_a_board/test_5.jpg, read as a block of two at 0.86 and 0.35).
constexpr double kLeastSureTileOfABlock = 0.5;

double LeastSureTile(const Scene& scene) {
  double least = 1;
  for (const SceneTile& t : scene.tiles) least = std::min(least, t.confidence);
  return least;
}

double SurestTile(const Scene& scene) {
  double surest = 0;
  for (const SceneTile& t : scene.tiles) surest = std::max(surest, t.confidence);
  return surest;
}

// Without a calibration the plane, the pitch and the board all come from the tiles, and grids
// found in a table's wood grain or in a glare matched art at 0.3-0.8 (bench vision --uncalibrated
// --tiles 0: 57239, 57260 and 57283 read as 8, 56 and 10 tiles, the surest 0.55-0.70; 95410 as 7,
// 0.71; 95443, no tile edges found, as 40, seven at 0.72-0.82; 91002, 18 tiles where one lies,
// 0.67). A reading is a board only when, of few tiles (kMostFewTiles), one is read at
// kLeastSurestTileOfFew or more, as a board of few read alone must match (ReadFewTiles, its
// outline's reading); of more, when two are read at kSureTile or more and the plane came from the
// tile edges (a board of many shows them). The boards read in the real photos, 10 to 243 tiles,
// hold three at 0.7 or more (the second surest 0.75), all with the plane from the edges; rendered
// boards of two to five read right hold one at 0.81 or more.
constexpr double kSureTile = 0.7;

bool HoldsSureTiles(const Scene& scene, bool plane_from_edges) {
  if (scene.tiles.size() <= kMostFewTiles) return SurestTile(scene) >= kLeastSurestTileOfFew;
  size_t sure = 0;
  for (const SceneTile& t : scene.tiles) sure += t.confidence >= kSureTile;
  return sure >= 2 && plane_from_edges;
}

// A board of few tiles read from its tile edges at this mean confidence or more is read surely
// (bench vision's boards of three read right so without a calibration, 89000 x40: 25 of 26 at
// 0.78 or more, one at 0.54 whose outline is not found).
constexpr double kLeastMeanConfidenceOfASureBoard = 0.7;
// A tile read under this confidence is a guess.
constexpr double kLeastSureTileToGiveWayTo = 0.5;

constexpr int kTableGuesses = 2;  // what TableColourGuesses offers: the commonest, the whole rim

// The first reading that finds a board, the guesses of the table's colour tried in turn; when
// none does, the refusal of the one that got furthest (the grid found, its tiles not named, says
// more than no grid found under another guess of the table).
template <typename Read>
Result<Scene> WithEachTableGuess(Read read) {
  Result<Scene> scene = read(0);
  for (int guess = 1; !scene && guess < kTableGuesses; ++guess) {
    Result<Scene> next = read(guess);
    if (next || next.error().progress > scene.error().progress) scene = std::move(next);
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

double MeanConfidence(const Scene& scene) {
  double sum = 0;
  for (const SceneTile& t : scene.tiles) sum += t.confidence;
  return scene.tiles.empty() ? 0 : sum / scene.tiles.size();
}

// The board of few tiles read in the first view its outlines make that reads it
// (SmallBoardOutlines, PlanesOfSmallBoard), if any.
std::optional<Scene> ReadByOutline(const cv::Mat& image, const AnalyzeInput& in) {
  for (const BoardOutline& outline : SmallBoardOutlines(image))
    for (const SmallBoardView& squared : PlanesOfSmallBoard(outline)) {
      auto few = WithEachTableGuess([&](int guess) {
        return TableReader(image, in, squared, guess, nullptr).ReadFewTiles();
      });
      // Nothing but the outline says this is a board: a tile sheet's tiles have such outlines
      // too (not_a_board/test_5.jpg, one read as BEG-01 at 0.41 with the painted art).
      if (few && SurestTile(*few) >= kLeastSurestTileOfFew &&
          MeanConfidence(*few) >= kLeastMeanConfidenceByOutline &&
          (!squared.full_block || LeastSureTile(*few) >= kLeastSureTileOfABlock))
        return std::move(*few);
    }
  return std::nullopt;
}

// Reads a picture without calibration: straightened by `rough` (from the tile edges), then by
// the plane fitted to where the first reading's tiles lie. The second reading if there is one,
// else the first; `evidence` gets where the returned reading's tiles lie.
Result<Scene> ReadByTiles(const cv::Mat& image, const AnalyzeInput& in,
                          const std::optional<GridPlane>& rough, int table_guess,
                          GridEvidence* evidence) {
  GridEvidence first_evidence;
  auto first = TableReader(image, in, rough, table_guess, &first_evidence).Read();
  std::optional<GridPlane> refined;
  if (first && rough)
    refined = RefinePlane(*rough, first_evidence,
                          std::min(kFinestPpmm, first->grid.find("px_per_mm")->as_number()));
  if (refined) {
    GridEvidence second_evidence;
    auto second = TableReader(image, in, refined, table_guess, &second_evidence).Read();
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
    auto scene = WithEachTableGuess([&](int guess) {
      auto read = TableReader(image, in, std::nullopt, guess, nullptr).Read();
      if (read || read.error().progress < kTilesStep) return read;  // no grid
      auto few = TableReader(image, in, std::nullopt, guess, nullptr).ReadFewTiles();
      return few ? few : read;
    });
    if (scene) scene->timing_ms["total"] = Ms(t0);
    return scene;
  }
  std::optional<GridPlane> rough = GridPlaneFromEdges(image);
  const auto refused_unless_sure = [&](Result<Scene>& read) {
    if (read && !HoldsSureTiles(*read, rough.has_value()))
      read = Error{
          "no board in view: the tiles found match their art too weakly to show "
          "the table without a calibration",
          kJoinStep};
  };
  auto scene = WithEachTableGuess([&](int guess) {
    auto read = ReadByTiles(image, in, rough, guess, nullptr);
    refused_unless_sure(read);
    return read;
  });
  // A board of few tiles whose tiles the view did not square, their grid found but no board in
  // it: once more, squared by the board's outline; a board of more than a few read so is a grid
  // finer than the tiles' (bench vision --tiles 3 --uncalibrated, seed 55039: 11 tiles where 3
  // lie).
  if (!scene && rough && scene.error().progress >= kTilesStep)
    if (auto squared = SquaredByBoardOutline(image, *rough)) {
      auto again = WithEachTableGuess(
          [&](int guess) { return ReadByTiles(image, in, squared, guess, nullptr); });
      if (again && again->tiles.size() <= kMostFewTiles) scene = std::move(again);
    }
  // A board of one tile or a few has too few edges to show the plane, but its outline does. A board
  // of few tiles read unsurely from its edges may also have been read stretched or at a grid finer
  // than its tiles' (bench vision --uncalibrated --tiles 3 --tokens 0, seed 89030: four tiles where
  // three lie, at 0.51 on the mean, read from the outline at 0.94): the surer reading is kept. Only
  // for a board of few tiles read unsurely: a loose tile or a part of a large board has an outline
  // too, and its few tiles read surer than the whole board's (real photos of large boards are read
  // at 0.48-0.8 on the mean; test_26.jpg's 147 tiles gave way to three).
  if (!scene || (scene->tiles.size() <= kMostFewTiles &&
                 MeanConfidence(*scene) < kLeastMeanConfidenceOfASureBoard))
    if (std::optional<Scene> by_outline = ReadByOutline(image, in))
      // A reading is given up only for one with no guess in it (the sample game's 002.jpg: its
      // outline's reading holds the V under a meeple read as BEG-02 at 0.41).
      if (!scene || (MeanConfidence(*by_outline) > MeanConfidence(*scene) &&
                     LeastSureTile(*by_outline) >= kLeastSureTileToGiveWayTo))
        scene = *by_outline;
  refused_unless_sure(scene);
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
