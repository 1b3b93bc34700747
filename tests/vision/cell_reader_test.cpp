// Reading cells: the choice among a cell's readings settled by its neighbours' edges and the
// catalog's tile counts, and a cell read again with pieces left out.

#include "vision/cell_reader.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/vision/vision_test_support.h"
#include "vision/tileset.h"

namespace cf::testing {
namespace {

Candidate Read(const std::string& id, int quarter, double score) {
  return {VisionCatalog().find(id), quarter, score};
}

// Two cells apart both look most like a tile the game holds once: the one that matches it better
// keeps it, whichever of the two is looked at first.
TEST(Legalize, ATileHeldOnceGoesToTheCellThatMatchesItBest) {
  const TileCatalog& cat = VisionCatalog();
  ASSERT_EQ(cat.type(cat.find("BEG-05")).count, 1);
  CellReading worse{0, 0, {Read("BEG-05", 3, 0.86), Read("W", 3, 0.84)}};
  CellReading better{5, 5, {Read("BEG-05", 3, 0.93), Read("W", 3, 0.86)}};
  for (bool better_first : {false, true}) {
    std::vector<CellReading> cells =
        better_first ? std::vector{better, worse} : std::vector{worse, better};
    Legalize(cells, cat);
    const CellReading& b = cells[better_first ? 0 : 1];
    const CellReading& w = cells[better_first ? 1 : 0];
    EXPECT_EQ(cat.type(b.reading().type).id, "BEG-05") << "better first: " << better_first;
    EXPECT_EQ(cat.type(w.reading().type).id, "W") << "better first: " << better_first;
  }
}

// BEG-08 turned three quarters shows BEG-01's face turned one (bench vision's scene 943): the two
// match a picture alike, so the one the catalog still holds is read, not a look-alike between them.
TEST(Legalize, TilesOfOneFaceMatchAlikeAndTheCountsChoose) {
  const TileCatalog& cat = VisionCatalog();
  ASSERT_TRUE(SameFace(cat.type(cat.find("BEG-08")), 3, cat.type(cat.find("BEG-01")), 1));
  ASSERT_EQ(cat.type(cat.find("BEG-01")).count, 1);
  CellReading elsewhere{5, 5, {Read("BEG-01", 1, 0.97)}};
  CellReading here{0, 0, {Read("BEG-01", 1, 0.87), Read("U", 3, 0.86), Read("BEG-08", 3, 0.84)}};
  std::vector<CellReading> cells{here, elsewhere};
  Legalize(cells, cat);
  EXPECT_EQ(cat.type(cells[0].reading().type).id, "BEG-08");
  EXPECT_EQ(cat.type(cells[1].reading().type).id, "BEG-01");
}

// A reading whose edge does not meet its neighbour's gives way to a near one that does.
TEST(Legalize, ANearReadingThatFitsTheNeighbourWinsOverOneThatDoesNot) {
  const TileCatalog& cat = VisionCatalog();
  // A cloister with its road leaving south, and above it a tile read two ways.
  CellReading below{0, 1, {Read("A", 0, 0.95)}};
  Candidate fits{-1, 0, 0}, clashes{-1, 0, 0};
  for (int q = 0; q < 4 && (fits.type < 0 || clashes.type < 0); ++q) {
    Candidate c = Read("U", q, 0);
    auto neighbour = [&](int col, int row) -> const Candidate* {
      return col == 0 && row == 1 ? &below.candidates[0] : nullptr;
    };
    (FitsNeighbours(cat, c, 0, 0, neighbour) ? fits : clashes) = c;
  }
  ASSERT_GE(fits.type, 0);
  ASSERT_GE(clashes.type, 0);
  clashes.score = 0.9, fits.score = 0.88;
  std::vector<CellReading> cells{{0, 0, {clashes, fits}}, below};
  Legalize(cells, cat);
  EXPECT_EQ(cells[0].reading().quarter, fits.quarter);
}

// How well a cell matches its likeliest tile is ReadCell's best score, whichever of the close
// readings the details then settle on; a tile's cell matches well, bare table does not.
TEST(CellMatch, IsTheBestScoreOfTheCellsReading) {
  const auto& tileset = Painted();
  FineTileMatcher fine(tileset, 64);
  const cv::Rect cell(64, 64, 64, 64);
  for (const auto& ref : tileset) {
    cv::Mat board(192, 192, CV_8UC3, cv::Scalar(40, 90, 140)), art;
    cv::resize(ref.art, art, cell.size(), 0, 0, cv::INTER_AREA);
    art.copyTo(board(cell));
    cv::GaussianBlur(board, board, {0, 0}, 1.5);  // close readings stay close: details blur
    const double match = CellMatch(board, cell, tileset, fine);
    EXPECT_DOUBLE_EQ(match, ReadCell(board, cell, tileset, fine)[0].score)
        << VisionCatalog().type(ref.type).id;
    EXPECT_GT(match, 0.8) << VisionCatalog().type(ref.type).id;
  }
  cv::Mat table(192, 192, CV_8UC3);
  cv::randn(table, cv::Scalar(60, 100, 140), cv::Scalar(12, 12, 12));
  cv::GaussianBlur(table, table, {0, 0}, 2);
  EXPECT_LT(CellMatch(table, cell, tileset, fine), 0.45);
}

// A cell beside the board where no tile fits its neighbours is read as nothing (it crashed the
// reader on held-out scene 50080).
TEST(RereadCell, NoChoicesReadsAsNothing) {
  const auto& tileset = Painted();
  FineTileMatcher fine(tileset, 72);
  cv::Mat board(240, 240, CV_8UC3, cv::Scalar(90, 160, 80));
  cv::Mat hidden(board.size(), CV_8U, cv::Scalar(0));
  EXPECT_TRUE(RereadCell(board, {80, 80, 72, 72}, tileset, fine, hidden, {}).empty());
  auto some = RereadCell(board, {80, 80, 72, 72}, tileset, fine, hidden, {Read("A", 0, 0)});
  ASSERT_EQ(some.size(), 1u);
  EXPECT_EQ(some[0].type, VisionCatalog().find("A"));
}

// A reading far ahead of every other face is as sure as it matches; one that another tile matches
// about as well (an inn's lake hidden under a meeple leaves IC-01 and U alike) is a coin toss, and
// names that tile; the same tile turned to show the same face (U turned half round) is no other.
TEST(Certainty, AReadingAnotherTileMatchesAsWellIsDoubtfulAndNamesIt) {
  const TileCatalog& cat = VisionCatalog();
  CellReading clear{0, 0, {Read("U", 0, 0.92), Read("U", 2, 0.919), Read("IC-01", 0, 0.80)}};
  ReadingCertainty sure = Certainty(clear, cat);
  EXPECT_NEAR(sure.confidence, 0.92, 1e-9);
  EXPECT_EQ(sure.alternative, nullptr);

  CellReading tied{0, 0, {Read("U", 2, 0.86), Read("IC-01", 2, 0.85), Read("BEG-08", 2, 0.70)}};
  ReadingCertainty doubt = Certainty(tied, cat);
  EXPECT_LT(doubt.confidence, 0.7);
  EXPECT_GE(doubt.confidence, 0.86 / 2);
  ASSERT_NE(doubt.alternative, nullptr);
  EXPECT_EQ(cat.type(doubt.alternative->type).id, "IC-01");
  EXPECT_EQ(doubt.alternative->quarter, 2);

  // Chosen below another face (the neighbours' edges asked for it): a coin toss at best.
  CellReading forced{0, 0, {Read("V", 1, 0.90), Read("BEG-02", 1, 0.70)}, 1};
  ReadingCertainty low = Certainty(forced, cat);
  EXPECT_NEAR(low.confidence, 0.35, 1e-9);
  ASSERT_NE(low.alternative, nullptr);
  EXPECT_EQ(cat.type(low.alternative->type).id, "V");
}

}  // namespace
}  // namespace cf::testing
