// Reading a picture, steps 1 and 2 (the plane seen from above, the tile grid) and the geometry
// between the picture, the straightened view and the table.

#include "vision/table_reader.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/grid_finder.h"

namespace cf {

namespace {

// A token read twice, once by each look, lies within this of itself.
constexpr double kTokenMatchMm = 12.0;

// Tiles lie up to this far off their cells (shifted, turned), and so may the followers on them.
constexpr double kTileShiftMm = 2.0;
// A calibrated camera's picture shows the table round the board: under a guess of the table's
// colour, at most this share of its rim is unlike the table (rendered tables: 0.05 and less; the
// commonest colour of a red or blue checked cloth: 0.19-0.55; at 0.2, a cloth at 0.188 was read
// on its commonest colour with 9 tiles and 20 tokens where none lie).
constexpr double kMostRimOffTable = 0.1;

// The `k`th guess of the table's colour (TableColourGuesses), if there are so many.
std::optional<ColorStats> TableGuess(const cv::Mat& bgr, const cv::Mat& valid, int k) {
  std::vector<ColorStats> guesses = TableColourGuesses(bgr, valid);
  if (k >= static_cast<int>(guesses.size())) return std::nullopt;
  return guesses[k];
}

// The share of the outer tenth of a view (where `valid`) that `off_table` holds.
double OffTableShareOfRim(const cv::Mat& off_table, const cv::Mat& valid) {
  cv::Mat rim = valid.clone();
  const int bw = rim.cols / 10, bh = rim.rows / 10;
  rim(cv::Rect(bw, bh, rim.cols - 2 * bw, rim.rows - 2 * bh)) = 0;
  return cv::countNonZero(off_table & rim) /
         static_cast<double>(std::max(1, cv::countNonZero(rim)));
}

}  // namespace

TableReader::TableReader(const cv::Mat& image, const AnalyzeInput& in,
                         const std::optional<GridPlane>& plane, int table_guess,
                         GridEvidence* evidence)
    : image(image),
      in(in),
      plane(plane),
      table_guess(table_guess),
      evidence(evidence),
      cat(*in.catalog),
      colour_model(in.calibration ? in.calibration->colors : ColorModel::Defaults()),
      lookup(ColourLookup::For(colour_model)),
      colors(*lookup),
      printed_colours(PrintedColours::For(*in.tileset)),
      printed(*printed_colours) {
  for (const auto& ref : *in.tileset) by_type[ref.type] = &ref;
}

Result<Scene> TableReader::ReadFewTiles() {
  const bool scale_known =
      (in.calibration && in.calibration->has_table_pose) || (plane && plane->ppmm > 0);
  if (!scale_known) return Fail("no board in view");
  few_tiles = true;
  return Read();
}

Result<Scene> TableReader::Read() {
  t0 = Clock::now();
  if (image.empty() || image.cols < 64 || image.rows < 64) return Fail("empty frame");
  cv::Scalar mean, sd;
  cv::Mat sample;  // every fourth pixel each way says as much
  cv::resize(image, sample, cv::Size(image.cols / 4, image.rows / 4), 0, 0, cv::INTER_NEAREST);
  cv::meanStdDev(sample, mean, sd);
  if (sd[0] + sd[1] + sd[2] < 6) return Fail("empty frame: the picture has no detail");
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
  auto at = [](const Status& refused, ReadStep step) {
    Error e = refused.error();
    e.progress = step;
    return e;
  };
  if (Status seen = SeeFromAbove(); !seen) return at(seen, kPlaneStep);
  if (Status found = FindTileGrid(); !found) return at(found, kGridStep);
  ReadStep step = kTilesStep;  // how far the board was found, for the refusal
  auto find_board = [&]() -> Status {
    step = kTilesStep;
    if (Status found = FindBoard(); !found) return found;
    step = kJoinStep;
    return KeepJoinedTiles();
  };
  Status found = find_board();
  if (!found && ShiftGridHalfATile()) found = find_board();
  if (!found) return at(found, step);
  // Followers stand on tiles: a follower beside the board on no tile read means a tile missed
  // there, and the picture is read once more from here with that cell taken as covered. Only with
  // a camera: without one a footprint is not corrected for the follower's height, and lies too far
  // off to tell which cell it stands in.
  std::optional<TableReader> again;
  if (cam) again.emplace(*this);
  if (Status read = ReadCoveredTiles(); !read) return at(read, kCoveredTilesStep);
  ReadPiecesOnTiles();
  if (again && !tile_missed_under_follower.empty()) {
    again->hinted = tile_missed_under_follower;
    if (again->ReadCoveredTiles().ok()) {
      Scene second = again->ReadPiecesOnTiles();
      if (second.tiles.size() > scene.tiles.size()) {
        // The tiles added change what is art about them: a token the first look read that the
        // second does not stays, and a follower the second reads in its place is that token; but
        // for one read beside the tiles, where a tile was looked for again.
        for (const SceneToken& t : scene.tokens) {
          auto near = [&](const double* at) {
            return std::hypot(at[0] - t.center_mm[0], at[1] - t.center_mm[1]) < kTokenMatchMm;
          };
          if (std::any_of(tokens_beside_tiles.begin(), tokens_beside_tiles.end(),
                          [&](const SceneToken& u) { return near(u.center_mm); }))
            continue;
          if (std::any_of(second.tokens.begin(), second.tokens.end(), [&](const SceneToken& u) {
                return u.kind == t.kind && near(u.center_mm);
              }))
            continue;
          std::erase_if(second.followers,
                        [&](const SceneFollower& f) { return near(f.center_mm); });
          second.tokens.push_back(t);
        }
        second.timing_ms["first_look"] = scene.timing_ms["total"];
        // (Its samples may hold a follower dropped just above as a token's blob: rare, and of the
        // token's colour.)
        if (in.colour_samples) *in.colour_samples = again->follower_colours;
        return second;
      }
    }
  }
  if (in.colour_samples) *in.colour_samples = follower_colours;
  return scene;
}

Scene TableReader::ReadPiecesOnTiles() {
  PlaceTiles();
  t_placed = Ms(t0);
  ReadPieces();
  SettleFollowers();
  LetCopiesTellFaces();
  LetFollowersTellFaces();
  DropPaintedFollowers();
  DropSmoothTiles();
  if (in.colour_samples) SampleFollowerColours();
  t_pieces = Ms(t0);
  Finish();
  return scene;
}

Status TableReader::SeeFromAbove() {
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
    // The picture's rim shows the table: a guess of its colour that leaves much of the rim
    // unlike the table (a checked cloth's commonest colour) is no guess of it.
    if (OffTableShareOfRim(board_mask, coarse_valid) > kMostRimOffTable)
      return Fail("no board in view: the table's colour is not one colour");
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
    top = ViewThrough(image, *plane);
    from_edges = true;
  } else {
    top.image = image;
    top.valid = cv::Mat(image.size(), CV_8U, cv::Scalar(255));
  }
  t_rectify = Ms(t0);
  if (!in.debug_prefix.empty()) cv::imwrite(in.debug_prefix + "top.png", top.image);
  return Status::Ok();
}

Status TableReader::FindTileGrid() {
  cv::Mat grey;
  cv::cvtColor(top.image, grey, cv::COLOR_BGR2GRAY);

  // The grid is judged on the exact half-size Lab: the cheaper one read uncut tile sheets beside
  // their box (not_a_board/test_2137.jpg) as a board.
  half_lab = HalfSizeLab(top.image, /*exact=*/true);
  if (!have_table_color) {
    auto guess = TableGuess(top.image, top.valid, table_guess);
    if (!guess) return Fail("no board in view");
    table_color = *guess;
  }
  g = FindGrid(top, grey, half_lab, table_color, cam.has_value(), *in.tileset, few_tiles);
  angle = g.angle;
  A = g.A, Ainv = g.Ainv, aligned = g.aligned, aligned_grey = g.aligned_grey, valid = g.valid;
  period = g.period, phx = g.phx, phy = g.phy;
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
  t_grid = Ms(t0);
  return Status::Ok();
}

bool TableReader::ShiftGridHalfATile() {
  if (!top.metric) return false;  // the uncalibrated grid was judged so (FindGrid)
  g.phx = phx, g.phy = phy;
  g.likeness = g.TileLikeness(*in.tileset, period, phx, phy);
  g.TryHalfTileOff(*in.tileset);
  if (g.phx == phx && g.phy == phy) return false;
  phx = g.phx, phy = g.phy;
  cells.clear(), cell_at.clear(), detail_at.clear(), board.clear();
  table_palette.reset();
  return true;
}

bool TableReader::OnTiles(const cv::Rect& r) { return g.OnTiles(r); }

cv::Point2d TableReader::aligned_to_table(cv::Point2d p) {
  const cv::Point2d q = ApplyAffine(Ainv, p);
  return cam ? TableSeenAt(top, *cam, q) : top.origin + q / top.ppmm;
}

cv::Point2d TableReader::table_to_aligned(cv::Point2d mm) {
  return ApplyAffine(A, cam ? PixelShowing(top, *cam, mm) : (mm - top.origin) * top.ppmm);
}

cv::Point2d TableReader::footprint(cv::Point2d p, double height) {
  if (!cam) return p;
  cv::Point2d mm = aligned_to_table(p), foot;
  if (!cam->PixelToPlane(cam->Project({mm.x, mm.y, kTileTop}), kTileTop - height, foot)) return p;
  return table_to_aligned(foot);
}

cv::Rect TableReader::CellRect(int c, int r) { return GridView::Square(period, phx, phy, c, r); }

cv::Rect TableReader::CellInView(int c, int r) {
  return CellRect(c, r) & cv::Rect(0, 0, aligned.cols, aligned.rows);
}

bool TableReader::WholeInView(int c, int r) { return g.InView(CellRect(c, r)); }

double TableReader::TableShare(int c, int r) {
  return g.TableFraction(GridView::Inside(CellRect(c, r)));
}

cv::Point2d TableReader::aligned_to_reading(cv::Point2d p) {
  if (table_frame) return aligned_to_table(p);
  return cv::Point2d((p.x - origin_aligned.x) / top.ppmm, (p.y - origin_aligned.y) / top.ppmm);
}

cv::Point2d TableReader::reading_to_aligned(cv::Point2d mm) {
  if (table_frame) return table_to_aligned(mm);
  return cv::Point2d(origin_aligned.x + mm.x * top.ppmm, origin_aligned.y + mm.y * top.ppmm);
}

std::optional<cv::Point2d> TableReader::to_reading(cv::Point2d px, double height) {
  if (cam) {
    cv::Point2d mm;
    if (!cam->PixelToPlane(px, kTileTop - height, mm)) return std::nullopt;
    return aligned_to_reading(table_to_aligned(mm));
  }
  return aligned_to_reading(ApplyAffine(A, px));
}

Cell TableReader::cell_at_aligned(cv::Point2d a) {
  return Cell{static_cast<int>(std::floor((a.x - phx) / period)) - col0,
              static_cast<int>(std::floor((a.y - phy) / period)) - row0};
}

Cell TableReader::cell_of(cv::Point2d mm) { return cell_at_aligned(reading_to_aligned(mm)); }

std::vector<std::pair<int, double>> TableReader::TilesAround(cv::Point2d mm) {
  const Cell c = cell_of(mm);
  std::vector<std::pair<int, double>> around;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      auto it = tile_index.find({c.x + dx, c.y + dy});
      if (it == tile_index.end()) continue;
      const SceneTile& t = scene.tiles[it->second];
      around.push_back(
          {it->second, std::max(std::abs(mm.x - t.center_mm[0]), std::abs(mm.y - t.center_mm[1]))});
    }
  return around;
}

int TableReader::tile_under(cv::Point2d mm, double slip_mm) {
  const double reach = kTilePitchMm / 2 + kTileShiftMm + slip_mm;
  double nearest = reach;
  int found = -1;           // the tile whose square holds it or misses it by least
  std::vector<int> within;  // the tiles whose squares hold it or miss it by less than the reach
  for (const auto& [tile, off] : TilesAround(mm)) {
    if (off < reach) within.push_back(tile);
    if (off < nearest) nearest = off, found = tile;
  }
  // Near an edge, the tile on one of whose features a follower would likeliest show there (a
  // follower stands in its feature's middle: a city's on a thin city cap lies near the edge).
  if (within.size() > 1) {
    double likeliest = 0;
    for (int i : within) {
      const SceneTile& t = scene.tiles[i];
      const TileType& type = cat.type(cat.find(t.id));
      double density = 0;
      if (FeatureUnder(type, t.rotation, t.center_mm, mm, nullptr, &density) < 0) continue;
      if (density > likeliest) likeliest = density, found = i;
    }
  }
  return found;
}

cv::Point2d TableReader::aligned_to_image(cv::Point2d p) {
  cv::Point2d mm = aligned_to_table(p);
  if (cam) return cam->Project({mm.x, mm.y, kTileTop});
  return ApplyAffine(Ainv, p);
}

void TableReader::Finish() {
  scene.grid["angle_deg"] = angle;
  scene.grid["pitch_px"] = period;
  scene.grid["phase_px"] = json::Array{phx, phy};
  scene.grid["px_per_mm"] = top.ppmm;
  scene.grid["cells_matched"] = static_cast<int>(cells.size());
  scene.grid["frame"] = table_frame ? "calibrated table" : "tile grid";
  if (!cam)
    scene.grid["plane"] = !from_edges       ? "taken as seen from straight above"
                          : plane->ppmm > 0 ? "from the board's outline"
                                            : "from the tile edges";
  scene.timing_ms["rectify"] = t_rectify;
  scene.timing_ms["grid"] = t_grid - t_rectify;
  scene.timing_ms["tiles"] = t_first_reading - t_grid;
  scene.timing_ms["covered_tiles"] = t_tiles - t_first_reading;
  scene.timing_ms["place_tiles"] = t_placed - t_tiles;
  scene.timing_ms["pieces"] = t_pieces - t_placed;
  scene.timing_ms["total"] = Ms(t0);
  if (evidence && from_edges) {
    cv::Matx33d to_picture = plane->to_top.inv();
    for (const auto& c : board) {
      const auto picture = fits_picture_best.find({c.col, c.row});
      const Candidate& k =
          picture == fits_picture_best.end() ? c.reading() : c.candidates[picture->second];
      if (k.score < 0.6) continue;
      FineTileMatcher::Place place =
          fine->Locate(aligned, CellRect(c.col, c.row), k.type, k.quarter);
      cv::Point2d q = ApplyAffine(Ainv, place.centre);
      cv::Vec3d p = to_picture * cv::Vec3d(q.x, q.y, 1);
      evidence->picture_px.push_back(
          cv::Point2f(static_cast<float>(p[0] / p[2]), static_cast<float>(p[1] / p[2])));
      evidence->plane_mm.push_back(cv::Point2f(static_cast<float>((c.col - col0) * kTilePitchMm),
                                               static_cast<float>((c.row - row0) * kTilePitchMm)));
    }
  }
}

}  // namespace cf
