#pragma once
// One picture of the table read step by step (AnalyzeTable's work): the plane seen from above,
// the tile grid, the tiles, then the followers and tokens. Each step keeps what it finds for the
// next; the steps are spread over the table_reader*.cpp files.

#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "engine/tile_catalog.h"
#include "vision/analyze.h"
#include "vision/cell_reader.h"
#include "vision/disc_outline.h"
#include "vision/fine_tile_matcher.h"
#include "vision/grid_plane.h"
#include "vision/grid_view.h"
#include "vision/piece_blobs.h"
#include "vision/scene.h"
#include "vision/table_palette.h"
#include "vision/top_view.h"

namespace cf {

using Clock = std::chrono::steady_clock;
inline double Ms(Clock::time_point a) {
  return std::chrono::duration<double, std::milli>(Clock::now() - a).count();
}

// A 2x3 affine transform (CV_64F) applied to a point.
inline cv::Point2d ApplyAffine(const cv::Mat& m, cv::Point2d p) {
  return {m.at<double>(0, 0) * p.x + m.at<double>(0, 1) * p.y + m.at<double>(0, 2),
          m.at<double>(1, 0) * p.x + m.at<double>(1, 1) * p.y + m.at<double>(1, 2)};
}

// Where well-read tiles really lie in the picture, and their cells: the tile grid as a target.
struct GridEvidence {
  std::vector<cv::Point2f> picture_px;
  std::vector<cv::Point2f> plane_mm;  // cell centres, 45 mm apart, in the reading's frame
};

// Limits more than one step of the reader keeps to.
constexpr double kPieceSolidity = 0.8;  // a piece's blob fills most of its hull
// A tile whose art fits this well (grey correlation) where it was found is reported there, not at
// its grid cell's centre; a piece on it pulls a poorer fit astray.
constexpr double kLocatedFit = 0.6;
// The spread (Lab, 8-bit units) of a token's face seen whole: rendered tokens mostly 2-7 (8-18
// with a meeple lying on them), rendered meeples whose blob has a token's outline 11-37, the
// art's areas of a token's colour on real photos 7-48.
constexpr double kTokenFaceSpreadLab = 8;
// A target's face is printed flat green, not in the grass's hue: its a and b (Lab) lie at least
// this far from the board's grass as seen (GrassAsSeen). On seeds 920-999 and 80000-80079 the
// targets found by their rims lay 11.6 to 25 off it; the grass within a rim with a face as flat
// as a token's under 8.
constexpr double kTargetHueFromGrass = 8;
// Such a target, seen whole or in part, lies on grass of its colour class, darker or lighter: its
// face may spread up to kTargetOffGrassFaceSpreadLab (as a slanted token's, its blurred rim in
// view) and the ring round it be of its face's colour up to kTargetOffGrassRing (half of it). On
// the same scenes targets so seen showed rings up to 0.34 and faces spreading up to 9.9; blobs of
// no target off the grass's hue with such a face had rings of 0.78.
constexpr double kTargetOffGrassFaceSpreadLab = 10, kTargetOffGrassRing = 0.5;
// A green follower is a body lit from above, its sides in shade: its blob's lightness as seen
// spreads at least this much (AsSeen; rendered green meeples 7.5 and over, 99% over 9.6;
// on real photos 12.6 and over). A flat patch of grass that the colour classes cut out spreads
// less.
constexpr double kLeastGreenLightnessSpread = 8;
// So is a follower of any colour, less strongly: rendered meeples of every colour spread 2.2 and
// over, on real photos 3.5 and over; patches of the black table seen in gaps between tiles
// (test_37) 1.6 to 1.8, flat grey or red print 1.0 to 2.0.
constexpr double kLeastLightnessSpread = 2;
// Skin falls in the red players' class, and a hand over the board is smooth: red blobs of hands
// on seeds 920-999 and 80000-80079 spread 2.4 to 3.8, red meeples 4.6 and over (on real photos
// 4.3 and over). So does a reddish wooden table's grain: beside a meeple on seed 80023 a patch of
// it spread 3.8 to 4.1 as the board's light was judged from other readings.
constexpr double kLeastRedLightnessSpread = 4.2;
// A meeple standing seen from above, the smallest piece: blobs of two touching pieces are split
// into parts no smaller.
constexpr double kSmallestPieceMm2 = 150;
// A follower's middle, seen from above, is about this high over the tiles: standing meeples' read
// footprints on seeds 920-999 lay off their true ones, away from the camera, as a middle 6.3 mm
// high would put them (8 mm had been a guess).
constexpr double kFollowerMiddleMm = 6.5;
// Views are straightened at no more than this (72 px per tile): finer detail than the tile set's
// finest template only costs time.
constexpr double kFinestPpmm = 1.6;

// A board of few tiles holds at most this many (see ReadFewTiles).
constexpr size_t kMostFewTiles = 7;

// The step of TableReader::Read at which a picture was refused (its Error's progress): the plane,
// the grid, the board's tiles, their joining into one board, the covered tiles.
enum ReadStep : int { kPlaneStep = 1, kGridStep, kTilesStep, kJoinStep, kCoveredTilesStep };

// Reads one picture once: Read() runs the steps in turn. Its members keep the names the steps
// give what they find (no trailing underscores): the steps read as one piece of work.
class TableReader {
 public:
  // Reads `image` taking the `table_guess`th guess of TableColourGuesses for the table's colour;
  // without calibration `plane` (if any) straightens the picture, and `evidence` (if given)
  // collects where the tiles lie.
  TableReader(const cv::Mat& image, const AnalyzeInput& in, const std::optional<GridPlane>& plane,
              int table_guess, GridEvidence* evidence);
  Result<Scene> Read();
  // Reads the picture as a board of a few tiles, once Read found none (calibrated only): the start
  // tile alone, or the first ones laid, beside hands or a box. The grid is the one whose best cell
  // matches its art best (FindGrid with few_tiles); the board grows from tiles read surely, by
  // cells that match their art well on their own; one tile is a board, but a board of few tiles
  // holds at most seven, and one of them matches its art at 0.8 or more.
  Result<Scene> ReadFewTiles();

  // Copies a reading's state: Read keeps one from before the covered tiles to read on from twice.
  TableReader(const TableReader&) = default;

 private:
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
  struct ArtDifference {  // a cell's pixels unlike its reading's art, kept while the reading stands
    int type = -1, quarter = 0;
    cv::Mat mask;
  };
  // The board relit to the art's light, its pixels' player colours, and its pixels of colours the
  // art never uses; kept while the light stays within a percent.
  struct Relit {
    cv::Scalar gain;
    cv::Mat image, classes, unprinted;
  };

  // The steps (table_reader.cpp, table_reader_tiles.cpp, table_reader_followers.cpp).
  // 1. The tiles' plane seen from above.
  Status SeeFromAbove();
  // 2. The grid: angle, period, phase.
  Status FindTileGrid();
  // 3. Every whole cell that is not table compared with every tile in every rotation; the board
  // grown from the cells that match well.
  Status FindBoard();
  // A board is tiles joined edge to edge, most of whose edges match, printed in colour; lone tiles
  // are dropped unless they match their art well (the tiles beside them hidden).
  Status KeepJoinedTiles();
  // 4. Pieces hide parts of tiles: found against the first reading, their cells are read again
  // without them.
  Status ReadCoveredTiles();
  // Around `rect` (aligned view), the blobs of the players' colours shaped like a piece: a black
  // meeple or a green token on a city, whose colours the art uses elsewhere (a city's own colour
  // makes no piece-shaped blob); found without the tiles' art, so no misreading shapes them. Sets
  // `follower_on` when one of them is a follower standing on the cell. The aligned view's size.
  cv::Mat PieceShapedAround(const cv::Rect& rect, bool* follower_on);
  // A cell that no art matches well (a piece hides what tells it: the monk on a cloister) takes
  // the tile fitting its neighbours whose colours, what pieces leave in view, lie clearly
  // nearest the picture's: a pattern's correlation sees little on grass, its colour a city that
  // is not there.
  void LetColourTellWeakCells();
  // Reads the cell (col, row) again leaving out the pixels `mask` marks, among `choices` and every
  // tile that fits its neighbours but of the kinds `left_out`.
  using Reread = std::function<std::vector<Candidate>(int col, int row, const cv::Mat& mask,
                                                      std::vector<Candidate> choices,
                                                      const std::set<int>& left_out)>;
  // The box holds so many tiles of each kind: a cell read as one more than that (the weakest such
  // reading) is read again among the other tiles that fit its neighbours, and so on while a
  // turned cell takes a kind beyond its count. Legalize alone cannot turn it: the first reading
  // scored only the tiles close to its best, and sank the rest. Not a cell `pieces` mostly hide:
  // any reading of it is a guess. Only when every tile has its art: a tile set enrolled from a few
  // tiles reads the others as their look-alikes, more than the box holds.
  void RereadBeyondCounts(const cv::Mat& pieces, const Reread& reread);
  // Whether the tile set holds art for every tile of the catalog (one enrolled from a few tiles
  // reads the others as their look-alikes).
  bool EveryTileHasArt() const;
  // A cell matched weakly is the table (its grain, a glare) when it has far less detail than the
  // tiles that match well around it (as far from the camera, as sharp); one matched fairly, when
  // it has far less than those and than the board's; any cell is a glare, a hand or the table when
  // its colours spread far less than the board's (ChromaSpread).
  void DropBareCells();
  // With --debug: every cell compared (red), the board's readings and scores (board.png), and
  // each cell's candidates with their scores (cells.txt).
  void WriteBoardPicture();
  // 5. The reading frame (with a calibrated, aligned table its own frame; else centred on the tile
  // nearest the middle of the board) and the tiles in it.
  void PlaceTiles();
  // 6. Followers and tokens: blobs of players' colours, placed on the table by their height.
  void ReadPieces();
  // Tokens found by their rim alone, and followers read more than once on one tile.
  void SettleFollowers();
  // Where the followers and tokens read hide all that tells a tile from its look-alikes, one of
  // which the catalog holds, and has left, far more copies is taken.
  void LetCopiesTellFaces();
  // Where two faces of a tile match nearly alike, the follower on it tells which lies there.
  void LetFollowersTellFaces();
  // The relit pixels of its colour class under each follower read surely (follower_colours).
  void SampleFollowerColours();
  // The board's `cell`, placed as `tile`, read as its candidate `pick` where the picture did not
  // tell: the face read before becomes its alternative, its confidence at most half the score.
  void TakeFace(CellReading& cell, SceneTile& tile, int pick);
  // The grid and the timings in the scene; where the tiles lie, as evidence.
  void Finish();

  // A calibrated grid whose board was not found: the phase half a tile off either way or both, if
  // its cells look clearly more like tiles (a cloth checked at the tiles' pitch pulls the borders
  // onto its checks' edges), and the cells read so far forgotten. Whether it moved.
  bool ShiftGridHalfATile();

  // Geometry (table_reader.cpp).
  // Whether `r` lies whole in the view and is mostly not table: worth reading.
  bool OnTiles(const cv::Rect& r);
  // Table mm at a pixel of the aligned view, and back.
  cv::Point2d aligned_to_table(cv::Point2d p);
  cv::Point2d table_to_aligned(cv::Point2d mm);
  // Where a piece seen at `p` (aligned view) whose middle is `height` mm up stands on the tiles;
  // without a camera, straight under it.
  cv::Point2d footprint(cv::Point2d p, double height);
  // Cell (c, r) of the grid, whole or cut to the view.
  cv::Rect CellRect(int c, int r);
  cv::Rect CellInView(int c, int r);
  // Whether cell (c, r) lies whole in the view, all but 2% of it seen.
  bool WholeInView(int c, int r);
  // The share of cell (c, r)'s inside (its rim left out, as the cells compared) of the table's
  // colour.
  double TableShare(int c, int r);
  // The reading frame's mm at a pixel of the aligned view, and back.
  cv::Point2d aligned_to_reading(cv::Point2d p);
  cv::Point2d reading_to_aligned(cv::Point2d mm);
  // The reading frame's mm under picture pixel `px` at `height` mm over the tiles.
  std::optional<cv::Point2d> to_reading(cv::Point2d px, double height);
  // The reading frame's cell at a pixel of the aligned view, or at `mm`.
  Cell cell_at_aligned(cv::Point2d a);
  Cell cell_of(cv::Point2d mm);
  // The tiles of the cell under `mm` (reading frame) and of the cells around, each with how far
  // `mm` lies from the centre of its square, where the tile was found to lie, along the farther
  // axis (mm): up to half a pitch, on that square.
  std::vector<std::pair<int, double>> TilesAround(cv::Point2d mm);
  // The tile a footprint at `mm` is on, or -1: of the tiles of its cell and the cells around whose
  // squares, where the tiles were found to lie, hold it or miss it by no more than a tile's shift
  // off its cell (and `slip_mm` more), the one on whose features a follower would likeliest show
  // there.
  int tile_under(cv::Point2d mm, double slip_mm = 0);
  // The picture pixel showing a pixel of the aligned view.
  cv::Point2d aligned_to_image(cv::Point2d p);

  // The tiles (table_reader_tiles.cpp).
  // Printed art has fine detail all over (grass, strokes, walls); a hand, a sleeve or a box is
  // smooth: the mean absolute Laplacian of a cell, measured once (the view does not change).
  double Detail(int col, int row);
  // How far a cell's colours spread: the spread of a and b (Lab) over the cell in half_lab.
  double ChromaSpread(int col, int row);
  // Per cell of `cells`, the share of its inside without edges (SmoothShares in the .cpp).
  std::vector<double> SmoothShares(const std::vector<CellReading>& cells);
  // A rectangle of the aligned view in half_lab, cut to it.
  cv::Rect InHalfLab(const cv::Rect& r) const;
  // The share of a cell's inside whose colours are the table's (table_palette).
  double TablePaletteShare(int col, int row);
  // Whether a cell is mostly of the table's colours that no tile read surely shows.
  bool TableColoured(int col, int row);
  // Whether a cell matching its best tile at `score`, under a sure reading, is nearly all of those
  // colours: bare table, however well its pattern matches art.
  bool BareByPalette(int col, int row, double score);
  // Whether a cell of `read` not read surely shows far less detail and colour than those read
  // surely, or, with a calibration, is nearly all of the table's colours (table_palette, learnt
  // here): bare table, whatever tile it matches (never, when too few are read surely).
  std::function<bool(const CellReading&)> BareTableBesideSureCells(
      const std::vector<CellReading>& read);
  // The board's reading at a cell, or nullptr.
  const Candidate* reading_at(int col, int row);
  cv::Mat SmoothedArtOf(const Candidate& k);            // asked for again and again: kept here too
  std::map<std::pair<int, int>, cv::Mat> smoothed_art;  // by type and quarter turns
  // A reading's look-alikes (fitting the same neighbours, matching nearly as well) that differ
  // from it only where `hidden` (aligned view) is set: the picture cannot tell which lies there.
  std::vector<const Candidate*> HiddenTwins(const CellReading& c, cv::Point2d centre,
                                            const cv::Mat& hidden);
  // The pixels (aligned view) of the followers' blobs read: in the whole view, or in `window`
  // (the mask as large as it).
  cv::Mat FollowerBlobsMask();
  cv::Mat FollowerBlobsMask(const cv::Rect& window);
  // The pixels (aligned view) of the followers and tokens read, grown over their rims.
  cv::Mat PiecesRead();

  // The board's pixels (table_reader_pixels.cpp).
  // Lab at full resolution where a piece's colours are weighed.
  cv::Mat LabOf(const cv::Rect& r);
  // Per pixel of `box` (aligned view), the squared Lab distance (CV_32F) from the mean colour of
  // those set in `sample` (CV_8U, the box's size).
  cv::Mat SquaredDistanceFromSample(const cv::Rect& box, const cv::Mat& sample);
  // The pixels of `box` within kSameColourLab of that mean colour.
  cv::Mat LikeSample(const cv::Rect& box, const cv::Mat& sample);
  // The square of the aligned view within `r` pixels of `c`, cut to the view.
  cv::Rect SquareInView(cv::Point c, int r);
  // The label of players' colour `colour` in relit.classes (0: none of them).
  int ClassLabel(const std::string& colour) const;
  // A mask of `box`'s size (aligned view) holding the pixels of blob `b` that lie in it.
  cv::Mat BlobIn(const cv::Rect& box, const Blob& b);
  // What differs from the expected tile art, or off the board from the table.
  cv::Mat Foreground();
  // Pixels of the table's colour on the board's tiles that the outlines in `unlike` (unlike the
  // art or the table) hold round: the inside of a piece of the table's colour.
  cv::Mat HeldByOutlines(const cv::Mat& unlike);
  // The pixels of a colour the art paints little (kUnlikeArtInColourShare) that are unlike their
  // tile's art in colour (UnlikeArtIn): a piece whose pattern differs from the art at its outline
  // only (a black meeple on a dark city, a gray one on grass). Not of the colour of a token no
  // wider than a meeple: a red meeple lying, so filled out, passes for the catch token.
  cv::Mat SeldomColoursUnlikeArt();
  // The light: per-channel gains from the recognised tiles' observed and printed colours.
  cv::Scalar LightGains();
  // `relit` brought to the light of the tiles as now read.
  void Relight(const ColourLookup& colors);
  // Pixels of a colour the art never uses are pieces (a green meeple on a green field differs from
  // the art too little) -- as long as the art's colours describe this picture: when much of the
  // board itself is 'unprinted' (other printings, other light), the cue is not used.
  cv::Mat Unprinted();
  // With --debug: the board with `mask` painted magenta.
  void WriteDebugMask(const std::string& name, const cv::Mat& mask);
  // Where the board's colours are unlike the art's where its tiles lie (UnlikeArt), found cell by
  // cell as asked for; nothing off the board.
  cv::Mat UnlikeArtIn(const cv::Rect& window);
  // The centre (aligned view) of tile `k` in `cell`: where its art fits best, or the cell's middle
  // where it fits nowhere well.
  cv::Point2d WhereTileLies(const cv::Rect& cell, const Candidate& k);
  // A blob judged where it lies: blur widens it by two of the picture's pixels all round, more
  // millimetres where the picture is coarser than the top view (far from the camera).
  BlobVerdict Judge(const Blob& b);
  // How much blob `b` stands out: the distance (Lab) between the mean colours of the two pixels
  // just inside its outline and the two just outside.
  double OutlineContrast(const Blob& b);
  // Blob `b`'s colour as seen, not relit: its mean (Lab, 8-bit units) and the spread (standard
  // deviation) of its lightness -- a piece's lit top and shaded sides differ, a patch of print is
  // flat.
  struct ColourAsSeen {
    cv::Vec3d mean;
    double lightness_spread = 0;
    double darkest_tenth = 0;  // the lightness a tenth of the pixels lie at or below
  };
  ColourAsSeen AsSeen(const Blob& b);
  // A green blob whose lightness as seen spreads less than kLeastGreenLightnessSpread: no green
  // meeple (a patch of grass, or a target token). `seen`: its AsSeen, when already measured.
  bool FlatGreen(const Blob& b, const ColourAsSeen* seen = nullptr);
  // The colour of the board's grass as seen (Lab, median): the pixels of the board's cells in the
  // green players' class that are like their tile's art; nothing when too few are.
  std::optional<cv::Vec3d> GrassAsSeen();
  // The pixels of `unlike_art` in the green players' class that are of the grass's colour as seen
  // on their cell, as PartsOffGrass judges it: no piece's paint, though a wrong reading's art
  // leaves them unexplained. On the board's cells `where` holds for.
  cv::Mat GreenLikeGrass(const cv::Mat& unlike_art,
                         const std::function<bool(const CellReading&)>& where);
  // The parts of a green blob, each a piece's size or more, that are not the board's grass as
  // seen (grass_seen, which must be known).
  std::vector<Blob> PartsOffGrass(const Blob& b);
  // How far the a and b of `lab` (Lab) lie from the board's grass as seen, or nothing when the
  // grass's colour is not known.
  std::optional<double> HueOffGrass(const cv::Vec3d& lab) const;
  // How much darker than the board's grass (grass_seen, if known) the darkest tenth of a blob's
  // pixels is (Lab lightness, 8-bit units), from its AsSeen.
  std::optional<double> ShadeBelowGrass(const ColourAsSeen& seen) const;
  // HueOffGrass of the face (FaceDisc) of a `kind` token centred at `centre`; nothing unless the
  // token is a target (only a target's face is of the grass's colour class).
  std::optional<double> TargetHueOffGrass(cv::Point2d centre, const char* kind);
  // A follower's sides, towards the camera, are its paint in shade, which its colour's class may
  // miss: seen between its top and the table, unlike the art, of the blob's chromaticity and no
  // brighter. The centroid (aligned pixels) of the blob with them; `centroid` is the blob's own.
  cv::Point2d WithShadedSides(const Blob& b, cv::Point2d centroid);

  // Tokens and whole pieces (table_reader_tokens.cpp).
  // A token lies flat: its centre is placed on the table 1 mm up. None for a target of the grass's
  // colour.
  std::optional<SceneToken> TokenOf(const Blob& b, const char* kind, double confidence);
  // A piece on art much like it in places differs from the art only in part. Its blob grown over
  // all the pixels of its colour joined to it, if they stay within `reach_mm` of it (else they are
  // the art's own).
  // With `like_seen`, over the pixels whose colour is within kSameColourLab of the blob's own as
  // seen (a token's face is one colour; the art's areas of that player colour seldom match it).
  // With `unlike_art_only`, over those of them unlike the located art (UnlikeArtIn) alone.
  // With `line_mm`, grown pixels that run on beyond the reach lose lines narrower than that (the
  // seams between tiles) and keep what stays joined to the blob.
  // With `shade`, over the pixels of that colour class too (a body's side in shade read as a
  // darker colour).
  std::optional<Blob> Grown(const Blob& b, double reach_mm, bool like_seen,
                            bool unlike_art_only = false, double line_mm = 0,
                            const char* shade = nullptr);
  // A token so grown, if it makes the convex outline of a whole disc of its size.
  std::optional<Blob> WholeToken(const Blob& b);
  // A part of a token wider than a meeple, so grown, if it makes that token and a meeple of its
  // colour touching (TokenAndMeeple): the grown blob and the token in it. Not where it reaches
  // pieces read already (`taken`).
  std::optional<std::pair<Blob, TokenBeside>> GrownTokenAndMeeple(const Blob& b,
                                                                  const cv::Mat& taken);
  // The share of the tile set's art (its pixels, shrunk) of the player colour class `colour`.
  double ArtShareOf(const std::string& colour);
  // Whether that share is small (kSeldomArtShare): the art draws the class as lines and specks.
  bool ArtSeldomPaints(const std::string& colour);
  // Whether `colour` is a token's no wider than a meeple (the catch token's red).
  static bool ColourOfANarrowToken(const std::string& colour);
  // The share of what `grown` holds beyond `b` (both blobs of the aligned view) whose colours are
  // the table's (table_palette; 0 without one).
  double TableShareGrownOver(const Blob& b, const Blob& grown);
  // A black or gray meeple in specks, so grown, if it makes a solid meeple. The art draws these
  // colours only as lines (outlines, walls), where growing stops; the other players' colours are
  // areas of art too (grass, roofs, ponds, fairs), whose specks grew into 'meeples' of art.
  // A green meeple on grass, seen as an outline of specks where the pattern differs, grows over
  // the green pixels unlike the located art, and must then be a body lit from above. A gray one
  // whose gray specks make none grows over the black pixels unlike the art too (its side in
  // shade), cut free of the seams.
  std::optional<Blob> WholeMeeple(const Blob& b);
  // The face of a `kind` token centred at `centre` (aligned pixels), the inner four fifths of its
  // disc: the square of the view around it (empty when out of view) and its mask there.
  std::pair<cv::Rect, cv::Mat> FaceDisc(cv::Point2d centre, const char* kind);
  // A token's face is one colour; the art's areas of a token's colour are textured, a meeple's
  // body shaded. The spread of the colours (Lab, 8-bit units) inside the disc of a `kind` token
  // centred at `centre` (aligned pixels).
  double FaceSpread(cv::Point2d centre, const char* kind);
  // The same face's colour where something else lies on part of it (a meeple, the shade of its
  // rim): the distance (Lab, 8-bit units) from the face's median colour within which three
  // quarters of its pixels lie.
  double MostOfFaceSpread(cv::Point2d centre, const char* kind);
  // A token's face is one colour: its FaceSpread `spread` under kTokenFaceSpreadLab, or most of
  // it close to its median colour (MostOfFaceSpread) where something lies on part of it.
  bool FaceOfOneColour(cv::Point2d centre, const char* kind, double spread);
  // A token is raised from what it lies on: the share of the pixels in a ring just outside the
  // disc of a `kind` token centred at `centre` that are of its face's colour (within
  // kSameColourLab). A flat area of its colour in the art or the table has it near 1.
  double RingLikeFace(cv::Point2d centre, const char* kind);
  // The centre (aligned pixels) of a `kind` token seen in part, from a guess: the middle of its
  // face's colour around the guess, taken again from there.
  cv::Point2d FaceCentre(cv::Point2d guess, const char* kind);
  // A `kind` token's disc in blob `b` and the parts of the blob beyond the token's reach (its
  // half length and a little more), or beyond `radius_px` from the disc's centre.
  TokenBeside TokenIn(const Blob& b, const char* kind, const DiscInBlob& disc,
                      std::optional<int> radius_px = std::nullopt);
  // `token` when a meeple lies beside it in its blob; the token with its blob cut at its disc's rim
  // when a meeple lies beside that; else `token` unless its blob is more than the token or lies in
  // an area of its colour (`ring`, RingLikeFace at the token, when already measured).
  // A target not of the grass's hue (`unlike_grass`) may take in up to half its area besides
  // and lie in a ring of its colour up to kTargetOffGrassRing.
  std::optional<TokenBeside> WithLittleElse(const Blob& b, const TokenBeside& token,
                                            std::optional<double> ring = std::nullopt,
                                            bool unlike_grass = false);
  // A blob too large for one meeple holding a token's whole disc of one colour (TokenBeside).
  std::optional<TokenBeside> TokenAndMeeple(const Blob& b);
  // A blob judged a follower, of a token's colour, in which the token's disc lies nearly whole
  // with a face of one colour and a rim that stands out: the token, seen in part where it lies on
  // art much like it (a target on grass), perhaps with a meeple it touches.
  std::optional<TokenBeside> TokenSeenInPart(const Blob& b);
  // A small blob of a round token's colour that is no piece alone: the rim of such a token lying
  // on art of its colour (a target on grass), found by its outline, and the rest of the blob.
  std::optional<TokenBeside> TokenByOutline(const Blob& b);
  // The rim of radius `r` (pixels) round `b` found in how far each pixel's colour lies from the
  // blob's (FindDiscOutline on that likeness): a red token half on grass hardly differs from it
  // in grey.
  std::optional<DiscOutline> DiscOutlineByColour(const Blob& b, double r);
  // A blob of a round token's colour that is the token with a piece of another colour lying on
  // part of it: a rim found round it, the disc its colour and the other piece's. A token no wider
  // than a meeple (the catch token) also needs that piece along its blob's edge (PieceAgainst),
  // or over a third of its disc.
  std::optional<TokenBeside> TokenUnderPiece(const Blob& b);
  // How a blob sits against pieces of other colours round a disc of radius `r` (pixels) at
  // `centre`.
  struct PieceAgainstDisc {
    double edge_share = 0;    // of the blob's edge, the share other pieces' colours lie along
    double disc_covered = 0;  // of the disc, the share the blob and those pieces cover
    double beyond_disc = 0;   // of the blob, the share beyond the disc's reach
  };
  PieceAgainstDisc PieceAgainst(const Blob& b, cv::Point2d centre, double r);
  // A blob judged a whole token (`verdict`, its centroid `at_aligned`) whose face is of one
  // colour and lies in no area of its colour: the token.
  bool WholeTokenStandsOut(const Blob& b, const BlobVerdict& verdict, cv::Point2d at_aligned);
  // The pixels of `b` within reach of the token found in it.
  Blob TokenPart(const Blob& b, const TokenBeside& split);
  // Targets lying on grass whose blob no colour mask gave (the difference from the art too
  // small): looked for by their rims round the board's green pixels off the grass's hue, outside
  // the pieces read (`grown`, the followers' blobs). Added to tokens_by_outline; the blobs of
  // those pixels that are no target are returned.
  std::vector<Blob> TargetsOnGrass(const cv::Mat& grown);
  // The parts of `b`, green off the grass's hue beside a token found, that lie outside every
  // token found and are a piece's size: a meeple against the token, if any.
  std::vector<Blob> BesideFoundTokens(const Blob& b);
  // A blob of the board's green pixels off the grass's hue, no target (TargetsOnGrass): a green
  // meeple on grass, which the colour masks see only in specks or take in with the grass around
  // it, when it has a piece's size and shape and passes TakeAsFollower.
  void GreenMeepleOnGrass(Blob b);
  // A blob of a catch token's colour whose footprint is on no tile, shaped like the token seen in
  // part and reaching a tile, is that token: added to the scene and to tokens_beside_tiles (and
  // true returned). Only the catch token: on the tuning scenes such blobs of the other tokens'
  // colours were meeples as often as tokens, of red 8 tokens and no meeple.
  bool TokenBesideTheTiles(const Blob& b);
  // Whether blob `b` lies within `reach_mm` of a follower's blob read already.
  bool TouchesAFollower(const Blob& b, double reach_mm);
  // Blob `b` (its centroid in the picture; `at_aligned` in the straightened view), judged a
  // follower's shape (`verdict`), added to the followers when it stands out from what it lies on,
  // is of a meeple's colour as seen and lit as a body, and stands on a tile's feature.
  void TakeAsFollower(Blob b, const BlobVerdict& verdict, cv::Point2d at_aligned);
  // The board's pixels of the green players' class, not `taken`, whose a and b lie more than
  // kTargetSeedHueLab from the grass's as seen (grass_seen, which must be known), opened;
  // `span`: the board's cells' bounds.
  cv::Mat GreenOffGrassHue(const cv::Mat& taken, cv::Rect* span);

  // Followers (table_reader_followers.cpp).
  // The feature of `type` turned `rotation` under a footprint at `mm` on a tile centred at
  // `centre`, and how far (mm) the footprint lies from where followers on it are drawn; -1 when
  // no feature a follower can take is there.
  int FeatureUnder(const TileType& type, int rotation, const double centre[2], cv::Point2d mm,
                   double* off_anchor_mm, double* density = nullptr);
  // Drops the followers that are the art's paint, taken for meeples where it differs from the art
  // as read: standing deep in a fair (where none may stand), of a disc's outline, or on a
  // cloister, of its building's square outline, where the art is of their own colour.
  void DropPaintedFollowers();
  // The share of `b`'s pixels lying on the pixels of `art` (of `tile`, unturned) of colour class
  // `label`, those grown by kPaintSlipMm.
  double BlobOnArtOf(const Blob& b, const SceneTile& tile, const cv::Mat& art, int label);
  // Drops the tiles read weakly on cells mostly smooth (kMostSmooth): a hand, a sleeve or a table
  // of one colour, not a tile seen; but for cells a piece was read on.
  void DropSmoothTiles();
  // Keeps of the followers (and what is kept beside each) those not `left_out`.
  void KeepFollowers(const std::vector<bool>& left_out);
  // Of `followers` (index, token kind) on one tile, the one whose blob is far flatter than every
  // other's (kBodyOverTokenSpread: a token among bodies lit from above), or none.
  std::vector<std::pair<size_t, const char*>> FlattestByFar(
      const std::vector<std::pair<size_t, const char*>>& followers);
  // Stands follower `sf`, seen at `seen` (picture) with its middle over `mm`, on its feature of
  // `tile`: its pose, footprint, tile and feature point; false when no feature there takes one.
  bool StandOn(SceneFollower& sf, const SceneTile& tile, cv::Point2d seen, cv::Point2d mm);
  // Steps 5 and on, once the covered tiles are read: the reading frame, the tiles, the pieces.
  Scene ReadPiecesOnTiles();
  // Notes the cell under a follower's footprint at `mm` (reading frame) when no tile was read
  // there, it lies beside the board and could join it as a hidden tile
  // (tile_missed_under_follower).
  void NoteTileMissedUnder(cv::Point2d mm);

  // What the reader was given.
  const cv::Mat& image;
  const AnalyzeInput& in;
  bool few_tiles = false;  // ReadFewTiles
  // The fewest tiles joined that make a board: one for a board of few tiles, else the caller's.
  size_t least_joined() const { return few_tiles ? 1 : in.min_joined_tiles; }
  const std::optional<GridPlane>& plane;
  const int table_guess;
  GridEvidence* const evidence;
  const TileCatalog& cat;
  std::map<int, const TileReference*> by_type;  // the tile set by catalog type
  const ColorModel colour_model;                // the players' colours: calibrated, or the defaults
  const std::shared_ptr<const ColourLookup> lookup;
  const ColourLookup& colors;
  const std::shared_ptr<const PrintedColours> printed_colours;
  const PrintedColours& printed;
  std::optional<Camera> cam;

  // 1. The plane.
  Clock::time_point t0;
  TopView top;
  ColorStats table_color;
  bool have_table_color = false;
  bool from_edges = false;  // uncalibrated, straightened by the tile edges' vanishing points
  double t_rectify = 0;
  // 2. The grid: the view turned square to it (`aligned`, and back), its period and phase.
  cv::Mat half_lab;
  std::optional<cv::Vec3d> grass_seen;  // GrassAsSeen, once the pieces' pixels are known
  GridView g;
  double angle = 0;
  cv::Mat A, Ainv, aligned, aligned_grey, valid;
  double period = 0, phx = 0, phy = 0;
  double t_grid = 0;
  // 3. The cells compared, the board of tiles among them, and what lies beside them.
  std::vector<CellReading> cells;
  std::optional<FineTileMatcher> fine;
  std::map<std::pair<int, int>, size_t> cell_at;
  std::map<std::pair<int, int>, double> detail_at;
  // The colours of the aligned view's rim that the cells read surely do not show (FindBoard,
  // when two cells or more are read surely).
  std::optional<TablePalette> table_palette;
  double board_detail_median = 0;
  std::vector<CellReading> board;
  cv::Mat off_table;
  std::map<std::pair<int, int>, ArtDifference> differs_from_art;
  Relit relit;
  double t_first_reading = 0;
  // Cells (grid columns and rows) beside the board where a follower stands whose tile the first
  // look left unread; on the second look ReadCoveredTiles takes each as covered by a piece.
  std::set<std::pair<int, int>> hinted;
  // 4. Where pieces lie, found against the first reading.
  cv::Mat piece_mask;
  double t_tiles = 0;
  // 5. The reading frame and its tiles.
  bool table_frame = false;
  int col0 = 0, row0 = 0;
  cv::Point2d origin_aligned;
  Scene scene;
  std::map<std::pair<int, int>, int> tile_index;
  std::vector<double> tile_lead_weight;  // per scene tile (Certainty)
  std::map<std::pair<int, int>, const Candidate*> read_at;
  // Cells whose reading the catalog's counts chose (LetCopiesTellFaces): the candidate the
  // picture fits best, which tells best where the tile lies.
  std::map<std::pair<int, int>, int> fits_picture_best;
  double t_placed = 0;
  // 6. The pieces.
  cv::Mat fg;
  std::map<std::string, cv::Mat> masks;
  std::FILE* blob_log = nullptr;
  cv::Mat unlike_art;
  std::set<std::pair<int, int>> unlike_known;
  std::map<std::string, double> art_share_of;  // ArtShareOf, by colour, once asked
  std::vector<SceneToken> tokens_by_outline;   // added when no other token is read there
  std::vector<Blob> follower_blobs;            // of scene.followers
  std::vector<cv::Point2d> follower_seen;      // of scene.followers: their middles in the picture
  std::vector<size_t> blob_of_follower;        // of scene.followers: its blob in follower_blobs
  ColourSamples follower_colours;              // SampleFollowerColours'
  // Tokens read where a follower on no tile might have stood (TokenBesideTheTiles): a second look
  // that finds a tile there reads the place afresh.
  std::vector<SceneToken> tokens_beside_tiles;
  // Cells beside the board, not on it, under the footprint of a blob read as a follower in every
  // other way: each may hold a tile the first look missed.
  std::set<std::pair<int, int>> tile_missed_under_follower;
  double t_pieces = 0;
};

}  // namespace cf
