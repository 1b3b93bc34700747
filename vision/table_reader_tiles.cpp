// Reading a picture, steps 3 to 5: the tiles, first as seen, then again beside the pieces that
// cover them, then placed in the reading frame.

#include <algorithm>
#include <cassert>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "vision/art_difference.h"
#include "vision/median.h"
#include "vision/table_reader.h"

namespace cf {

namespace {

constexpr double kGrowScore = 0.2;          // the least match of a cell joining the board
constexpr double kCoveredJoinScore = 0.45;  // the same, pieces left out, for a hidden cell
// A covered cell that matched its art clearly (kClearMatch) may fall this far below that first
// reading at most, pieces left out (on seeds 920-999 and 80000-80079, of the rereads that fell
// further, 11 broke a right reading, 9 of them first read at 0.8 or more, and none mended a wrong
// one; on the real photos, rereads of weak readings fall as far and may be right).
constexpr double kClearMatch = 0.8, kMostRereadLoss = 0.2;
// A reading scoring under kWeakReading gives way to a tile whose colours lie, on average, at most
// kColourMisfitShare as far from the picture's (seeds 920-959 and 80000-80039: 24 misread tiles
// read right, 4 read as another wrong tile, no right reading lost; 0.6 and 0.85 alike).
constexpr double kWeakReading = 0.5, kColourMisfitShare = 0.7;
// Only on printed art: a cell with less than this share of the board's median detail is the table
// in a notch of the board, a hand or a glare, whose colour is no tile's (seeds 920-959 and
// 80000-80039: the cells so corrected had 0.76 and more, the weak cells with no tile under them
// 0.58 and less but for two, 0.69 and 0.83).
constexpr double kColourTellsDetail = 0.7;
// Rereads of cells read as a kind beyond the catalog's count, at most: each may push a kind of the
// reread cell beyond its count in turn.
constexpr int kBeyondCountPasses = 3;
// The share of such a cell that pieces may hide: target tokens over more than 0.4 of seed 80013's
// curve and 0.25 to 0.4 of seed 961's junction left only guesses, which made the tokens green
// followers; the cells turned right hid less (seeds 925, 944, 80025).
constexpr double kMostHiddenBeyondCount = 0.25;
// A look-alike matching this close to a covered tile's reading whose difference from it pieces
// hide this much makes the reading a coin toss (its confidence half its score).
constexpr double kTwinScoreGap = 0.15, kTwinHiddenShare = 0.9;
// Such a look-alike is taken instead where the catalog holds this many times as many copies of
// it, and this many times as many are left (not read elsewhere on the board).
constexpr int kCopiesToOutweigh = 2;
// Pieces' masks are grown by this share of the pitch over the blurred rims of the pieces.
constexpr double kPieceRimShare = 0.05;
// A cell that pieces cover less than this share of (specks) is read as it stands: neither read
// again beside them nor doubted for what they hide.
constexpr double kLeastCovered = 0.02;
// A tile's art has at least this share of the board's median detail (mean absolute Laplacian);
// hands and sleeves have less.
constexpr double kLeastDetail = 0.35;
// Read at last, a cell matching its tile weakly has at least this share of the detail of the cells
// around it that match well: the table's grain or a glare beside the board has about half.
constexpr double kLeastWeakDetail = 0.6;
// A cell matching its tile less than fairly (under kFairReading) with less detail than that also
// has at least this share of the board's median detail. On seeds 920-999, 80000-80079,
// 59000-59099 and 82000-82199 the cells read where no tile lies (a striped table beside an arm,
// hands over the table) mostly showed 0.3-0.6 of the detail around them and of the board's;
// blurred and covered tiles matching as fairly on the real photos, 0.5-1.3 of that around them and
// 0.35-0.62 of the board's, never both under the bounds.
constexpr double kFairReading = 0.6, kLeastFairDetail = 0.5;
// The same for a cell beside the board that joins only because a follower stands on it.
constexpr double kHiddenTileDetail = 0.6;
// Printed art shows edges all over; a hand, a sleeve or a table of one colour does not, once the
// picture's noise is blurred away (kSmoothBlur of the pitch). A cell matching its tile less than
// fairly (kFairReading) is no tile seen when kMostSmooth of it or more lies where the mean edge
// strength within kSmoothWindow of the pitch is under kSmoothEdge of the board's median. On 71
// tuning scenes (the 31 of seeds 920-999, 80000-80079, 59000-59099 and 82000-82199 with tiles
// read where none lies, and 40 more) 99 in 100 tiles read right showed 0.29 or less, the most
// 0.6 (a tile half under a hand), the 44 cells read where no tile lies a median of 0.51 (arms,
// hands, tables of one colour): Laplacians unblurred told them apart far less. A cell matching
// under kSmoothGoodReading is no tile seen either when kMostSmoothGood of it is smooth: three
// hands read at 0.60-0.61 showed 0.58-0.77, no tile read right on the tuning scenes over 0.6.
constexpr double kSmoothBlur = 1.0 / 45, kSmoothWindow = 1.0 / 8, kSmoothEdge = 0.2;
constexpr double kMostSmooth = 0.45, kSmoothGoodReading = 0.7, kMostSmoothGood = 0.55;
// Tiles are printed in several colours (grass, roads, cities): a cell's spread of colour (its
// ChromaSpread) is at least this share of the board's median. On seeds 920-999 and 80000-80079
// tiles showed 0.48 and more (all but one in a hundred 0.55 and more); the glares and hands read
// as tiles there, and on the real photos the bare table, a screen's reflection and a printed
// tablecloth read as tiles, 0.04 to 0.27.
constexpr double kLeastChromaSpread = 0.3;
constexpr double kStrongScore = 0.45;  // a cell that matches its art well alone
// Cells matching their art this well (sure) are tiles; a weaker cell with less than kBareDetail of
// their median detail and less than kBareSpread of their median colour spread is bare table,
// whatever it matches. Standardised, a mottled cloth or a grained table matches a city or a field
// at 0.3-0.5: on the small boards of `bench turns --seed 1` such cells showed 0.1-0.41 of the sure
// cells' detail and 0.03-0.19 of their spread, and outnumbered the tiles. Either bound alone also
// dropped real tiles on the real photos, blurred far from the lens' focus.
constexpr double kSureScore = 0.7, kBareDetail = 0.45, kBareSpread = 0.2;
// A weaker cell whose inside is this much of the colours a calibrated view's rim shows and the sure
// cells do not (TablePaletteShare) is bare table too, however well its pattern matches art. On a
// red checked cloth of 25 mm, cells in the board's holes showed 0.57-1.0 (most over 0.9), the sure
// cells a median of 0.05; on the tuning scenes 97 in 100 of the weak cells joined 0.4 or less.
constexpr double kLeastBarePalette = 0.9;
// A cell this much of those colours is no tile a follower stands on: the follower is the cloth's
// pattern (a red check read as a red meeple), or stands on no tile.
constexpr double kLeastTableColoured = 0.5;
constexpr size_t kLeastSureCells = 2;  // the fewest sure cells that tell a tile's detail
// A tile alone near the board (the tiles beside it hidden) is kept when it matches this well.
constexpr double kLoneTileScore = 0.7;
// A cell mostly of the table's colour, not compared at first, is a tile beside the board when it
// matches this well: on the real photos such cells beside boards matched 0.51 to 0.89 where tiles
// lie, 0.14 to 0.36 where the table is bare; a rendered table's wood grain matched a road at 0.58.
constexpr double kTableColouredTileScore = 0.6;
// The table's colour is like the tiles' when this share of the board's tiles or more are at least
// kPatchOfTable of it (rendered boards on tables unlike the tiles: under 5%; the real photos
// where tiles of the table's colour lay in notches: 15% and more).
constexpr double kTileLikeTableShare = 0.1, kPatchOfTable = 0.1;
constexpr double kStrongShare = 0.5;  // the least share of board cells at kStrongScore or more
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
// A board read as one of few tiles (ReadFewTiles) holds at most kMostFewTiles (table_reader.h),
// and one of them matches its art kFewTilesBestScore or more. Rendered boards of one to five
// tiles (seeds 51000-51019) showed a best tile of 0.84 and more but where tokens lay on all of
// them (0.70 to 0.79); pictures of tile art that are no board (a cake, a printed list of tiles,
// tile sheets beside their box: real_photos/not_a_board), given calibrations of 0.5 to 2.5 px/mm,
// showed boards of 1 to 20 tiles, the best 0.63 to 0.91.
constexpr double kFewTilesBestScore = 0.8;
constexpr size_t kFewTiles = 8;               // a board this small must match well throughout:
constexpr double kFewTilesMedianScore = 0.6;  // its median match at least this

double BestScore(const std::vector<CellReading>& board) {
  double best = -1;
  for (const CellReading& c : board) best = std::max(best, c.reading().score);
  return best;
}

// Cells join a board by fitting it, so most of them (and at least as many as the smallest board,
// `least`) must also match their art well on their own. A few weak matches happen by chance on
// any textured table: a board of few tiles must match well throughout.
bool MostMatchWell(const std::vector<CellReading>& board, size_t least) {
  const size_t strong = std::count_if(board.begin(), board.end(), [](const CellReading& c) {
    return c.reading().score >= kStrongScore;
  });
  if (strong < least || strong < board.size() * kStrongShare) return false;
  if (board.size() >= kFewTiles) return true;
  std::vector<double> scores;
  for (const auto& c : board) scores.push_back(c.reading().score);
  return Median(std::move(scores)) >= kFewTilesMedianScore;
}

// `mask` (pieces' pixels) grown over the pieces' rims, in place.
void GrowOverPieceRims(cv::Mat& mask, double period) {
  const int grow = std::max(1, static_cast<int>(period * kPieceRimShare));
  cv::dilate(mask, mask,
             cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * grow + 1, 2 * grow + 1}));
}

}  // namespace

Status TableReader::FindBoard() {
  fine.emplace(*in.tileset, period);
  if (angle != 0) half_lab = HalfSizeLab(aligned);  // the turned view, at a quarter of the cost
  for (cv::Point at : g.CellsOnTiles(period, phx, phy)) {
    CellReading cell{at.x, at.y, ReadCell(aligned, CellRect(at.x, at.y), *in.tileset, *fine), 0};
    if (cell.candidates[0].score < 0.15) continue;
    cells.push_back(cell);
  }
  const auto bare_table = BareTableBesideSureCells(cells);
  // The board grows from well-matched cells with a well-matched neighbour; every cell that is not
  // table and joins the board is a tile too, however covered by followers and tokens.
  for (size_t i = 0; i < cells.size(); ++i) cell_at[{cells[i].col, cells[i].row}] = i;
  std::vector<bool> in_board(cells.size(), false);
  std::vector<size_t> frontier;
  auto strong = [&](size_t i) {
    return cells[i].candidates[0].score >= kStrongScore && !bare_table(cells[i]);
  };
  for (size_t i = 0; i < cells.size(); ++i) {
    if (!strong(i)) continue;
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      auto it = cell_at.find({cells[i].col + kDx[d], cells[i].row + kDy[d]});
      n += it != cell_at.end() && strong(it->second);
    }
    // A board of few tiles grows from tiles read surely only: a hand beside it matches some art
    // on two cells as well as a tile covered by a follower does.
    const bool seed = cells[i].candidates[0].score > kLoneTileScore || (n > 0 && !few_tiles);
    if (seed) in_board[i] = true, frontier.push_back(i);
  }
  // A cell joins when one of its near-best readings fits every neighbour already on the board.
  auto on_board = [&](int col, int row) -> const Candidate* {
    auto it = cell_at.find({col, row});
    return it == cell_at.end() || !in_board[it->second] ? nullptr : &cells[it->second].reading();
  };
  auto LooksLikeTile = [&](const CellReading& cell) {
    const double best = cell.candidates[0].score;
    if (best < (few_tiles ? kStrongScore : kGrowScore) || bare_table(cell)) return false;
    for (const auto& cand : cell.candidates) {
      if (cand.score < best - 0.1) break;
      if (FitsNeighbours(cat, cand, cell.col, cell.row, on_board)) return true;
    }
    return false;
  };
  auto grow = [&] {
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
  };
  grow();
  // A tile the table's colour covers more than half of (a dark city on a dark table: test_37,
  // test_51) was not compared. In a notch of the board (beside two of its tiles or more) it joins
  // when it matches its art well and fits them; a cell beside one tile only may be bare table that
  // matches by chance (test_01).
  // Only where the table's colour is like the tiles': the board's own tiles then show patches of
  // it (on most tables none does).
  int board_cells = 0, like_table = 0;
  for (size_t i = 0; i < cells.size(); ++i)
    if (in_board[i]) {
      ++board_cells;
      like_table += TableShare(cells[i].col, cells[i].row) >= kPatchOfTable;
    }
  std::set<std::pair<int, int>> looked_at;
  for (bool joined = like_table >= board_cells * kTileLikeTableShare; joined;) {
    joined = false;
    std::map<std::pair<int, int>, int> beside;  // uncompared cells: board tiles beside them
    for (size_t i = 0; i < cells.size(); ++i)
      if (in_board[i])
        for (int d = 0; d < 4; ++d) {
          const std::pair<int, int> at{cells[i].col + kDx[d], cells[i].row + kDy[d]};
          if (!cell_at.count(at) && !looked_at.count(at)) ++beside[at];
        }
    for (const auto& [at, n] : beside) {
      if (n < 2 || !WholeInView(at.first, at.second)) continue;
      looked_at.insert(at);
      CellReading cell{at.first, at.second,
                       ReadCell(aligned, CellRect(at.first, at.second), *in.tileset, *fine), 0};
      if (cell.candidates[0].score < kTableColouredTileScore || !LooksLikeTile(cell)) continue;
      cell_at[at] = cells.size();
      frontier.push_back(cells.size());
      cells.push_back(std::move(cell));
      in_board.push_back(true);
      joined = true;
    }
    grow();
  }
  // Printed art has fine detail all over (grass, strokes, walls); a hand, a sleeve or a box is
  // smooth: a cell with far less detail than the board's cells is not a tile.
  // Measured once a cell: the view does not change.
  std::vector<double> detail(cells.size(), 0);
  std::vector<double> board_detail;
  for (size_t i = 0; i < cells.size(); ++i)
    if (in_board[i]) board_detail.push_back(detail[i] = Detail(cells[i].col, cells[i].row));
  board_detail_median = board_detail.empty() ? 0 : Median(std::move(board_detail));
  const double least_detail = board_detail_median * kLeastDetail;
  for (size_t i = 0; i < cells.size(); ++i)
    if (in_board[i] && detail[i] >= least_detail) board.push_back(cells[i]);
  if (board.size() < std::min<size_t>(2, least_joined()))
    return Fail("no board in view: no Carcassonne tiles recognised");
  Legalize(board, cat);
  return Status::Ok();
}

Status TableReader::KeepJoinedTiles() {
  std::map<std::pair<int, int>, int> at;
  for (size_t i = 0; i < board.size(); ++i) at[{board[i].col, board[i].row}] = static_cast<int>(i);
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
  // A caller that checks the reading against a board it knows (min_joined_tiles under three) has
  // it judged once the covered tiles are read again: a token on one of two tiles hides too much
  // of it for the first look.
  const bool judged_later = least_joined() < kLeastJoinedTiles;
  if (best_size < least_joined() ||
      (board.size() > kManyTiles && best_size < board.size() * kJoinedShare) ||
      (pairs >= 4 && matching < pairs * 0.7) || board.size() > kMostTiles ||
      (!judged_later && !MostMatchWell(board, least_joined())))
    return Fail("no board in view: the tiles found do not join into a legal board");
  // Every tile is laid beside another, so parts of the board are at most a missed tile apart, and
  // a missed tile is no bare table (one on a dark table may pass for table, but matches its art);
  // tiles read further from the largest part, or beyond bare table only, lie on something else
  // (an arm, a box, a score board: test_46, test_62).
  // Bare table: a cell not worth reading (more than kMostTableOnTiles of the table's colour) that
  // matches no tile well; one cut by the view's edge is not known to be. Judged once a cell: one
  // lies between several pairs.
  std::map<std::pair<int, int>, bool> bare;
  auto bare_table = [&](cv::Point c) {
    auto [it, fresh] = bare.try_emplace({c.x, c.y}, false);
    if (fresh)
      it->second = WholeInView(c.x, c.y) && TableShare(c.x, c.y) > kMostTableOnTiles &&
                   CellMatch(aligned, CellRect(c.x, c.y), *in.tileset, *fine) < kStrongScore;
    return it->second;
  };
  auto missed_tile_between = [&](const CellReading& a, const CellReading& b) {
    const int dc = b.col - a.col, dr = b.row - a.row;
    std::vector<cv::Point> between;
    if (dc == 0 || dr == 0)
      between.push_back({a.col + dc / 2, a.row + dr / 2});
    else
      between = {{a.col + dc, a.row}, {a.col, a.row + dr}};
    return !std::all_of(between.begin(), between.end(), bare_table);
  };
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
        if (std::abs(dc) + std::abs(dr) == 2 && !missed_tile_between(board[i], board[it->second]))
          continue;
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
  // Foreground: what differs from the expected tile art, or off the board from the table.
  // Tiles are printed in colour (fields, cities, roads): a board of grey cells is a chessboard, a
  // calibration target or a newspaper.
  {
    std::vector<double> chroma;
    for (const auto& c : board) {
      const cv::Rect r = InHalfLab(CellInView(c.col, c.row));
      if (r.empty()) continue;
      cv::Mat off_grey;
      cv::absdiff(half_lab(r), cv::Scalar(0, 128, 128), off_grey);
      const cv::Scalar m = cv::mean(off_grey);
      chroma.push_back(m[1] + m[2]);
    }
    if (chroma.empty() || Median(std::move(chroma)) < kLeastTileChroma)
      return Fail("no board in view: the tiles found are not printed in colour");
  }
  off_table = NotTable(half_lab, aligned.size(), table_color, 16.0) & valid;
  return Status::Ok();
}

std::function<bool(const CellReading&)> TableReader::BareTableBesideSureCells(
    const std::vector<CellReading>& read) {
  std::vector<double> detail, spread;
  std::vector<cv::Rect> sure;
  for (const auto& c : read)
    if (c.candidates[0].score >= kSureScore) {
      detail.push_back(Detail(c.col, c.row));
      spread.push_back(ChromaSpread(c.col, c.row));
      sure.push_back(InHalfLab(GridView::Inside(CellRect(c.col, c.row))));
    }
  if (detail.size() < kLeastSureCells) return [](const CellReading&) { return false; };
  const double least_detail = Median(std::move(detail)) * kBareDetail,
               least_spread = Median(std::move(spread)) * kBareSpread;
  // A calibrated view is cut round the board with a margin: its rim shows the table. A picture
  // straightened otherwise shows the room at its rim (the floor, a shelf, a screen).
  if (cam) {
    table_palette = TablePalette::FromRim(half_lab, valid);
    table_palette->LeaveOut(half_lab, sure);
  }
  return [this, least_detail, least_spread](const CellReading& c) {
    if (c.candidates[0].score >= kSureScore) return false;
    if (BareByPalette(c.col, c.row, c.candidates[0].score)) return true;
    return Detail(c.col, c.row) < least_detail && ChromaSpread(c.col, c.row) < least_spread;
  };
}

double TableReader::Detail(int col, int row) {
  auto [it, fresh] = detail_at.try_emplace({col, row}, 0.0);
  if (fresh) {
    cv::Mat lap;
    cv::Laplacian(aligned_grey(CellInView(col, row)), lap, CV_32F);
    it->second = cv::mean(cv::abs(lap))[0];
  }
  return it->second;
}

std::vector<double> TableReader::SmoothShares(const std::vector<CellReading>& cells) {
  const double sigma = period * kSmoothBlur;
  const int window = std::max(3, static_cast<int>(period * kSmoothWindow));
  const int margin = window + static_cast<int>(3 * sigma);
  const cv::Rect view(0, 0, aligned.cols, aligned.rows);
  std::vector<cv::Mat> edges;  // per cell: the mean edge strength round each pixel of its inside
  std::vector<double> means;
  for (const auto& c : cells) {
    const cv::Rect inside = GridView::Inside(CellRect(c.col, c.row));
    const cv::Rect around = cv::Rect(inside.x - margin, inside.y - margin,
                                     inside.width + 2 * margin, inside.height + 2 * margin) &
                            view;
    cv::Mat grey, dx, dy, strength, local;
    aligned_grey(around).convertTo(grey, CV_32F);
    cv::GaussianBlur(grey, grey, {0, 0}, sigma);
    cv::Sobel(grey, dx, CV_32F, 1, 0);
    cv::Sobel(grey, dy, CV_32F, 0, 1);
    cv::magnitude(dx, dy, strength);
    cv::blur(strength, local, {window, window});
    const cv::Rect seen = (inside & view) - around.tl();
    edges.push_back(seen.empty() ? cv::Mat() : local(seen));
    means.push_back(seen.empty() ? 0 : cv::mean(edges.back())[0]);
  }
  std::vector<double> shares(cells.size(), 0);
  if (means.empty()) return shares;
  const double least = Median(means) * kSmoothEdge;
  for (size_t i = 0; i < cells.size(); ++i)
    if (!edges[i].empty())
      shares[i] = cv::countNonZero(edges[i] < least) / static_cast<double>(edges[i].total());
  return shares;
}

double TableReader::ChromaSpread(int col, int row) {
  const cv::Rect r = InHalfLab(CellInView(col, row));
  if (r.empty()) return 0;
  cv::Scalar mean, spread;
  cv::meanStdDev(half_lab(r), mean, spread);
  return std::hypot(spread[1], spread[2]);
}

double TableReader::TablePaletteShare(int col, int row) {
  return table_palette->Share(half_lab, InHalfLab(GridView::Inside(CellRect(col, row))));
}

cv::Rect TableReader::InHalfLab(const cv::Rect& r) const {
  return cv::Rect(r.x / 2, r.y / 2, r.width / 2, r.height / 2) &
         cv::Rect(0, 0, half_lab.cols, half_lab.rows);
}

bool TableReader::TableColoured(int col, int row) {
  return table_palette && TablePaletteShare(col, row) >= kLeastTableColoured;
}

bool TableReader::BareByPalette(int col, int row, double score) {
  return score < kSureScore && table_palette && TablePaletteShare(col, row) >= kLeastBarePalette;
}

const Candidate* TableReader::reading_at(int col, int row) {
  auto it = read_at.find({col, row});
  return it == read_at.end() ? nullptr : it->second;
}

cv::Mat TableReader::SmoothedArtOf(const Candidate& k) {
  cv::Mat& art = smoothed_art[{k.type, k.quarter}];
  if (art.empty()) art = SmoothedArtAtPitch(by_type[k.type]->art, k.quarter, period);
  return art;
}

std::vector<const Candidate*> TableReader::HiddenTwins(const CellReading& c, cv::Point2d centre,
                                                       const cv::Mat& hidden) {
  std::vector<const Candidate*> twins;
  const cv::Rect rect = CellRect(c.col, c.row);
  if (hidden.empty() || cv::countNonZero(hidden(rect)) < kLeastCovered * rect.area()) return twins;
  const Candidate& k = c.reading();
  const cv::Mat read_art = SmoothedArtOf(k);
  for (const Candidate& other : c.candidates) {
    if (&other == &k || other.score < k.score - kTwinScoreGap ||
        cat.face(other.type, other.quarter) == cat.face(k.type, k.quarter) ||
        !FitsNeighbours(cat, other, c.col, c.row,
                        [this](int col, int row) { return reading_at(col, row); }))
      continue;
    const auto share = HiddenShareOfDifference(read_art, SmoothedArtOf(other), centre, hidden);
    if (share && *share >= kTwinHiddenShare) twins.push_back(&other);
  }
  return twins;
}

cv::Mat TableReader::FollowerBlobsMask() {
  return FollowerBlobsMask(cv::Rect(0, 0, aligned.cols, aligned.rows));
}

cv::Mat TableReader::FollowerBlobsMask(const cv::Rect& window) {
  cv::Mat mask = cv::Mat::zeros(window.size(), CV_8U);
  for (const Blob& b : follower_blobs) {
    const cv::Rect box = cv::Rect(b.at, b.patch.size()) & window;
    if (!box.empty()) mask(box - window.tl()) |= b.patch(box - b.at);
  }
  return mask;
}

cv::Mat TableReader::PiecesRead() {
  cv::Mat mask = FollowerBlobsMask();
  for (const SceneToken& t : scene.tokens) {
    const auto kind = ParseTokenKind(t.kind);
    if (!kind) continue;
    const double radius = TokenShapeOf(*kind).length / 2 * top.ppmm;
    cv::circle(mask, reading_to_aligned({t.center_mm[0], t.center_mm[1]}),
               static_cast<int>(std::lround(radius)), cv::Scalar(255), cv::FILLED);
  }
  GrowOverPieceRims(mask, period);
  return mask;
}

void TableReader::LetCopiesTellFaces() {
  const cv::Mat hidden = PiecesRead();
  std::map<int, int> on_board;  // cells reading each type
  for (const auto& c : board) ++on_board[c.reading().type];
  assert(scene.tiles.size() == board.size());  // placed in the board's order
  for (size_t i = 0; i < board.size(); ++i) {
    CellReading& c = board[i];
    SceneTile& tile = scene.tiles[i];
    const Candidate* read = &c.reading();
    const auto twins =
        HiddenTwins(c, reading_to_aligned({tile.center_mm[0], tile.center_mm[1]}), hidden);
    auto copies_left = [&](const Candidate* k) {
      return cat.type(k->type).count - on_board[k->type] + (k->type == read->type);
    };
    const Candidate* likeliest = read;
    for (const Candidate* twin : twins)
      if (copies_left(twin) > copies_left(likeliest)) likeliest = twin;
    // The board's readings may be wrong: the catalog's counts must tell too.
    if (likeliest == read || copies_left(likeliest) < kCopiesToOutweigh * copies_left(read) ||
        cat.type(likeliest->type).count < kCopiesToOutweigh * cat.type(read->type).count)
      continue;
    --on_board[read->type];
    ++on_board[likeliest->type];
    fits_picture_best[{c.col, c.row}] = c.chosen;
    TakeFace(c, tile, static_cast<int>(likeliest - c.candidates.data()));
    for (size_t f = 0; f < scene.followers.size(); ++f) {
      SceneFollower& sf = scene.followers[f];
      if (sf.at != tile.at) continue;
      if (const auto middle = to_reading(follower_seen[f], kFollowerMiddleMm))
        StandOn(sf, tile, follower_seen[f], *middle);
    }
  }
}

void TableReader::TakeFace(CellReading& cell, SceneTile& tile, int pick) {
  tile.alternative = SceneTile::Face{tile.id, tile.rotation};
  cell.chosen = pick;
  const Candidate& now = cell.reading();
  read_at[{cell.col, cell.row}] = &now;
  tile.id = cat.type(now.type).id;
  tile.rotation = now.quarter * 90;
  tile.angle_deg = tile.rotation - angle;
  tile.confidence = std::min(tile.confidence, 0.5 * std::clamp(now.score, 0.0, 1.0));
}

Status TableReader::ReadCoveredTiles() {
  t_first_reading = Ms(t0);
  Relight(colors);
  const cv::Mat& classes = relit.classes;
  auto PiecesIn = [&](const cv::Mat& where) {
    cv::Mat mask = PieceMask(classes, where, colors);
    GrowOverPieceRims(mask, period);
    return mask;
  };
  cv::Mat unprinted = Unprinted();
  const cv::Mat unlike_art = Foreground() | unprinted;
  cv::Mat pieces = PiecesIn(unlike_art);
  piece_mask = pieces;
  // Off the board no art is known: there only colours the art never uses mark pieces.
  cv::Mat unprinted_pieces = PiecesIn(unprinted);
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
  // What the rereads leave out: grass is no piece, though a wrong first reading's roads and cities
  // leave it unexplained (hidden, it would hide what tells the right tile). Only when every tile
  // has its art: on the real photos, read with 24 tiles enrolled, the rereads' new readings moved
  // the grass's colour as seen and with it which green blobs are followers.
  auto read_again = [&](const CellReading& c) { return covered(CellRect(c.col, c.row), pieces); };
  const cv::Mat reread_pieces =
      EveryTileHasArt() ? PiecesIn(unlike_art & ~GreenLikeGrass(unlike_art, read_again)) : pieces;
  // Worth comparing: the first reading's best, and every tile that fits the neighbours (but those
  // of the kinds `left_out`). The tile is also placed beside the pieces only when every tile has
  // its art (with 24 tiles enrolled, what is unlike the art read first is mostly art: the real
  // photos lost 16 of their 223 meeples read) and with a camera (without one the grid's pitch is
  // searched in the picture, and the sample game's second photo, three tiles on a striped green
  // table, has cells of 88 pixels over tiles of 105: its new guesses gave another turn).
  auto reread = [&](int col, int row, const cv::Mat& mask, std::vector<Candidate> choices,
                    const std::set<int>& left_out) {
    for (const auto& ref : *in.tileset)
      for (int q = 0; q < 4; ++q) {
        if (left_out.count(ref.type)) continue;
        Candidate cand{ref.type, q, 0};
        bool known = std::any_of(choices.begin(), choices.end(), [&](const Candidate& k) {
          return k.type == cand.type && k.quarter == q;
        });
        if (!known && FitsNeighbours(cat, cand, col, row, board_reading)) choices.push_back(cand);
      }
    cv::Rect rect = CellRect(col, row);
    return RereadCell(aligned, rect, *in.tileset, *fine, mask, std::move(choices),
                      EveryTileHasArt() && cam.has_value());
  };
  for (auto& c : board) {
    if (!read_again(c)) continue;
    std::vector<Candidate> again = reread(c.col, c.row, reread_pieces, c.candidates, {});
    // Leaving out what pieces hide makes a clear reading less sure, not much worse: a reread whose
    // best falls far below it took in art as pieces (a road's edge of a player's colour), and the
    // first reading stands.
    const double first = c.reading().score;
    if (again.empty() || (first >= kClearMatch && again[0].score < first - kMostRereadLoss))
      continue;
    c.candidates = std::move(again);
    c.chosen = 0;
  }
  // A cell beside the board that a piece hides too much for the first reading joins the board
  // when, the piece left out, a tile that fits its neighbours matches it well; so, then, may a
  // cell beside one that joined so (two covered tiles side by side on a table of the grass's
  // colour). One that joined only for the follower on it leads nowhere: a score track with
  // meeples on it is held up too.
  std::set<std::pair<int, int>> tried;
  std::vector<bool> leads(board.size(), true);
  for (size_t i = 0; i < board.size(); ++i) {
    if (!leads[i]) continue;
    for (int d = 0; d < 4; ++d) {
      int col = board[i].col + kDx[d], row = board[i].row + kDy[d];
      if (board_at.count({col, row}) || !tried.insert({col, row}).second) continue;
      cv::Rect rect = CellRect(col, row);
      if (!OnTiles(rect)) continue;
      auto it = cell_at.find({col, row});
      // First the pieces of colours the art never uses, then the piece-shaped blobs of any.
      // Followers stand on tiles: a cell with one standing on it is a tile, however hidden
      // (a hand or a glare on a table of a player's colour has no tile's detail).
      bool follower_on = false;
      const bool hint = hinted.count({col, row}) > 0;
      for (int attempt = 0; attempt < (hint ? 3 : 2); ++attempt) {
        // A third time, where the first look found a follower on no tile: the cell whole.
        const cv::Mat mask = attempt == 0   ? unprinted_pieces
                             : attempt == 1 ? PieceShapedAround(rect, &follower_on)
                                            : cv::Mat::zeros(aligned.size(), CV_8U);
        follower_on |= hint;
        if (attempt < 2 && !covered(rect, mask)) continue;
        std::vector<Candidate> readings = reread(
            col, row, mask,
            it == cell_at.end() ? std::vector<Candidate>{} : cells[it->second].candidates, {});
        const bool held_up = follower_on &&
                             Detail(col, row) >= board_detail_median * kHiddenTileDetail &&
                             !TableColoured(col, row);
        // The cloth's checks make piece-shaped blobs too; left out, what is left of a bare cell
        // may match art as well as a hidden tile does.
        const bool matches = !readings.empty() && readings[0].score >= kCoveredJoinScore &&
                             !BareByPalette(col, row, readings[0].score);
        if (readings.empty() || (!matches && !held_up)) continue;
        board_at[{col, row}] = board.size();
        board.push_back({col, row, std::move(readings), 0});
        leads.push_back(matches);
        break;
      }
    }
  }
  LetColourTellWeakCells();
  Legalize(board, cat);
  RereadBeyondCounts(pieces, reread);
  // The tile counts may have turned cells to weaker readings: most must still match well.
  if (!MostMatchWell(board, least_joined()))
    return Fail("no board in view: the tiles found do not join into a legal board");
  DropBareCells();
  if (board.size() < std::min<size_t>(2, least_joined()))
    return Fail("no board in view: no Carcassonne tiles recognised");
  // So must those left once bare table is dropped: eight cells joined are judged by their share
  // of good matches alone, and the six left of a tile beside a glare by their median.
  if (!MostMatchWell(board, least_joined()))
    return Fail("no board in view: the tiles found do not join into a legal board");
  if (few_tiles && (board.size() > kMostFewTiles || BestScore(board) < kFewTilesBestScore))
    return Fail("no board in view: no tile found matches its art well enough to stand alone");
  t_tiles = Ms(t0);
  WriteBoardPicture();
  return Status::Ok();
}

bool TableReader::EveryTileHasArt() const { return static_cast<int>(by_type.size()) == cat.size(); }

void TableReader::RereadBeyondCounts(const cv::Mat& pieces, const Reread& reread) {
  if (!EveryTileHasArt()) return;
  std::map<std::pair<int, int>, std::set<int>> ruled_out;
  for (int pass = 0; pass < kBeyondCountPasses; ++pass) {
    std::map<int, std::vector<size_t>> read_as;
    for (size_t i = 0; i < board.size(); ++i) read_as[board[i].reading().type].push_back(i);
    bool turned = false;
    for (auto& [type, at] : read_as) {
      const size_t held = static_cast<size_t>(cat.type(type).count);
      if (at.size() <= held) continue;
      std::sort(at.begin(), at.end(), [&](size_t a, size_t b) {
        return board[a].reading().score > board[b].reading().score;
      });
      for (size_t j = held; j < at.size(); ++j) {
        CellReading& c = board[at[j]];
        const cv::Rect rect = CellRect(c.col, c.row);
        if (cv::countNonZero(pieces(rect)) > kMostHiddenBeyondCount * rect.area()) continue;
        std::set<int>& out = ruled_out[{c.col, c.row}];
        out.insert(type);
        std::vector<Candidate> others;
        for (const Candidate& k : c.candidates)
          if (!out.count(k.type)) others.push_back(k);
        std::vector<Candidate> again = reread(c.col, c.row, pieces, std::move(others), out);
        if (again.empty()) continue;
        c.candidates = std::move(again);
        c.chosen = 0;
        turned = true;
      }
    }
    if (!turned) break;
    Legalize(board, cat);
  }
}

cv::Mat TableReader::PieceShapedAround(const cv::Rect& rect, bool* follower_on) {
  cv::Mat mask(aligned.size(), CV_8U, cv::Scalar(0));
  const int reach = static_cast<int>(period / 3);  // a piece on the cell's edge, whole
  cv::Rect around = (rect + cv::Size(2 * reach, 2 * reach) - cv::Point(reach, reach)) &
                    cv::Rect(0, 0, aligned.cols, aligned.rows);
  const auto local = ColourMasks(relit.classes(around), valid(around), colors);
  *follower_on = false;
  for (const Blob& b : ColourBlobs(local, kSmallestPieceMm2 * top.ppmm * top.ppmm)) {
    if (b.solidity < kPieceSolidity) continue;
    const BlobVerdict verdict = JudgeBlob(b, top.ppmm);
    if (verdict.what == BlobVerdict::kNothing) continue;
    mask(around)(cv::Rect(b.at, b.patch.size())) |= b.patch;
    const cv::Point2d at = b.centroid + cv::Point2d(around.tl());
    *follower_on |=
        verdict.what == BlobVerdict::kFollower && rect.contains(footprint(at, kFollowerMiddleMm));
  }
  cv::Mat near = mask(around);  // only the cell is looked at
  GrowOverPieceRims(near, period);
  return mask;
}

void TableReader::LetColourTellWeakCells() {
  std::map<std::pair<int, int>, Candidate> read;  // copies: a cell's candidates change below
  for (const auto& c : board) read[{c.col, c.row}] = c.reading();
  auto reading = [&](int col, int row) -> const Candidate* {
    auto it = read.find({col, row});
    return it == read.end() ? nullptr : &it->second;
  };
  for (auto& c : board) {
    const Candidate k = c.reading();
    const cv::Rect rect = CellRect(c.col, c.row);
    if (k.score >= kWeakReading || rect != CellInView(c.col, c.row) ||
        Detail(c.col, c.row) < board_detail_median * kColourTellsDetail)
      continue;
    bool follower_on = false;
    const cv::Mat hidden = PieceShapedAround(rect, &follower_on)(rect);
    const CellColours colours(relit.image(rect), hidden,
                              WhereTileLies(rect, k) - cv::Point2d(rect.tl()), period);
    auto misfit = [&](const Candidate& cand) {
      return colours.Misfit(ArtColours(by_type[cand.type]->art, cand.quarter));
    };
    const double read_misfit = misfit(k);
    double least = read_misfit;
    std::optional<Candidate> nearest;
    for (const auto& ref : *in.tileset)
      for (int q = 0; q < 4; ++q) {
        const Candidate cand{ref.type, q, 0};
        if (!FitsNeighbours(cat, cand, c.col, c.row, reading)) continue;
        if (const double m = misfit(cand); m < least) least = m, nearest = cand;
      }
    if (!nearest || least > kColourMisfitShare * read_misfit) continue;
    // Just ahead of the reading: the neighbours and the tile counts still weigh in Legalize.
    nearest->score = k.score + 0.01;
    std::erase_if(c.candidates, [&](const Candidate& o) {
      return o.type == nearest->type && o.quarter == nearest->quarter;
    });
    c.candidates.insert(c.candidates.begin(), *nearest);
    c.chosen = 0;
    read[{c.col, c.row}] = *nearest;
  }
}

void TableReader::NoteTileMissedUnder(cv::Point2d mm) {
  const Cell at = cell_of(mm);  // the reading's frame, as tile_index
  if (tile_index.count({at.x, at.y})) return;
  const int col = at.x + col0, row = at.y + row0;
  // Only a cell that could join as a hidden tile (ReadCoveredTiles): on tiles, with a tile's
  // detail, beside the board.
  if (!OnTiles(CellRect(col, row)) || Detail(col, row) < board_detail_median * kHiddenTileDetail ||
      TableColoured(col, row))
    return;
  for (int d = 0; d < 4; ++d)
    if (tile_index.count({at.x + kDx[d], at.y + kDy[d]})) {
      tile_missed_under_follower.insert({col, row});
      return;
    }
}

void TableReader::DropBareCells() {
  std::map<std::pair<int, int>, double> strong_detail;
  for (const auto& c : board)
    if (c.reading().score >= kStrongScore) strong_detail[{c.col, c.row}] = Detail(c.col, c.row);
  std::erase_if(board, [&](const CellReading& c) {
    const double score = c.reading().score;
    if (score >= kFairReading) return false;
    std::vector<double> around;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if (auto it = strong_detail.find({c.col + dc, c.row + dr});
            (dr != 0 || dc != 0) && it != strong_detail.end())
          around.push_back(it->second);
    const double usual = around.empty() ? board_detail_median : Median(std::move(around));
    const double detail = Detail(c.col, c.row);
    return detail < usual * kLeastWeakDetail &&
           (score < kStrongScore || detail < board_detail_median * kLeastFairDetail);
  });
  std::vector<double> chroma;
  for (const auto& c : board) chroma.push_back(ChromaSpread(c.col, c.row));
  if (chroma.empty()) return;
  const double least = Median(chroma) * kLeastChromaSpread;
  std::vector<CellReading> kept;
  for (size_t i = 0; i < board.size(); ++i)
    if (chroma[i] >= least) kept.push_back(std::move(board[i]));
  board = std::move(kept);
}

void TableReader::DropSmoothTiles() {
  const std::vector<double> smooth = SmoothShares(board);
  std::set<std::pair<int, int>> dropped;
  for (size_t i = 0; i < board.size(); ++i) {
    const double score = board[i].reading().score;
    if ((score < kFairReading && smooth[i] >= kMostSmooth) ||
        (score < kSmoothGoodReading && smooth[i] >= kMostSmoothGood))
      dropped.insert({board[i].col - col0, board[i].row - row0});
  }
  // A piece read on a cell stands, or lies, on what the hand left of a tile.
  for (const auto& f : scene.followers) dropped.erase({f.at.x, f.at.y});
  for (const auto& t : scene.tokens) {
    if (!t.on_board) continue;
    const Cell under = cell_of({t.center_mm[0], t.center_mm[1]});
    dropped.erase({under.x, under.y});
  }
  if (dropped.empty()) return;
  std::vector<SceneTile> tiles;
  std::vector<double> lead_weight;
  tile_index.clear();
  for (size_t i = 0; i < scene.tiles.size(); ++i) {
    const Cell at = scene.tiles[i].at;
    if (dropped.count({at.x, at.y})) continue;
    tile_index[{at.x, at.y}] = static_cast<int>(tiles.size());
    tiles.push_back(std::move(scene.tiles[i]));
    lead_weight.push_back(tile_lead_weight[i]);
  }
  scene.tiles = std::move(tiles);
  tile_lead_weight = std::move(lead_weight);
}

void TableReader::WriteBoardPicture() {
  if (in.debug_prefix.empty()) return;
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
  // Each cell's candidates, the chosen one marked, in the board's cells (not the table's frame).
  if (FILE* f = std::fopen((in.debug_prefix + "cells.txt").c_str(), "w")) {
    for (const auto& c : board) {
      std::fprintf(f, "cell %d %d:", c.col, c.row);
      for (size_t k = 0; k < c.candidates.size(); ++k)
        std::fprintf(f, " %s%s@%d %.3f", static_cast<int>(k) == c.chosen ? "*" : "",
                     cat.type(c.candidates[k].type).id.c_str(), c.candidates[k].quarter * 90,
                     c.candidates[k].score);
      std::fprintf(f, "\n");
    }
    std::fclose(f);
  }
}

void TableReader::PlaceTiles() {
  table_frame = cam && angle == 0;
  cv::Point2d ref_aligned;  // the reading origin in aligned pixels
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
  origin_aligned = cv::Point2d(phx + (col0 + 0.5) * period, phy + (row0 + 0.5) * period);

  for (const auto& c : board) read_at[{c.col, c.row}] = &c.reading();
  for (const auto& c : board) {
    const Candidate& k = c.candidates[c.chosen];
    SceneTile t;
    t.id = cat.type(k.type).id;
    t.at = {c.col - col0, c.row - row0};
    t.rotation = k.quarter * 90;
    t.angle_deg = t.rotation - angle;
    // Where the tile lies (a hand never lays one quite on the grid): where its art fits best.
    const FineTileMatcher::Place place =
        fine->Locate(aligned, CellRect(c.col, c.row), k.type, k.quarter);
    const cv::Point2d on_grid(phx + (c.col + 0.5) * period, phy + (c.row + 0.5) * period);
    cv::Point2d centre_mm = aligned_to_reading(place.fit >= kLocatedFit ? place.centre : on_grid);
    t.center_mm[0] = centre_mm.x;
    t.center_mm[1] = centre_mm.y;
    const ReadingCertainty sure = Certainty(c, cat);
    t.confidence = sure.confidence;
    tile_lead_weight.push_back(sure.lead_weight);
    const Candidate* alternative = sure.alternative;
    if (const auto twins =
            HiddenTwins(c, place.fit >= kLocatedFit ? place.centre : on_grid, piece_mask);
        !twins.empty()) {
      t.confidence = std::min(t.confidence, 0.5 * std::clamp(k.score, 0.0, 1.0));
      if (!alternative) alternative = twins[0];
    }
    if (alternative)
      t.alternative = SceneTile::Face{cat.type(alternative->type).id, alternative->quarter * 90};
    tile_index[{t.at.x, t.at.y}] = static_cast<int>(scene.tiles.size());
    scene.tiles.push_back(t);
  }
}

}  // namespace cf
