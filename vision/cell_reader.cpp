#include "vision/cell_reader.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <opencv2/imgproc.hpp>

#include "engine/tile_points.h"

namespace cf {

namespace {

constexpr int kKept = 10;     // candidates kept per cell for Legalize
constexpr int kGlanced = 24;  // candidates kept from the first glance
// Under pieces, readings this close to the best are compared again, each leaving out only the
// hidden pixels unlike its art; what one leaves out beyond the reading that leaves out least costs
// it this much per share of the tile.
constexpr double kBesidePiecesMargin = 0.1, kPieceCost = 0.5;
// Readings this close to the best are compared where their arts differ (WhereSecondAddsDetail): one
// whose detail the picture fits with less than this share of the best one's misfit takes its
// place (tuning scenes: 17 tiles corrected, none misread; a share of 0.7 corrected fewer, 1.0
// misread six; a margin of 0.1 to 0.15 alike).
constexpr double kTellingMargin = 0.1, kTellingFit = 0.85;
bool Better(const Candidate& a, const Candidate& b) { return a.score > b.score; }

}  // namespace

// Fine scores for the candidates near the best coarse one, the pixels `use` does not mark (template
// size) left out, and under `pieces` (template size) as RereadCell says; the others sink below.
// With `hidden` (board size: pieces), the tile is placed with those pixels left out too.
// Without `tell_lookalikes` the close readings are not told apart by their details: the best
// score is the same either way, only which reading holds it may change.
void LookCloser(const cv::Mat& board, const cv::Rect& cell, FineTileMatcher& fine,
                const cv::Mat& use, std::vector<Candidate>& candidates, const cv::Mat& pieces = {},
                const cv::Mat& hidden = {}, bool tell_lookalikes = true) {
  assert(!candidates.empty());
  std::sort(candidates.begin(), candidates.end(), Better);
  const double best = candidates[0].score;
  // Where the tile lies, from the likeliest tile; the others are compared there. With `hidden`,
  // also where it lies with the pieces left out, and each reading is compared where it fits
  // better: pieces pull the first place off the tile's, but beside them the likeliest tile's art
  // may fit where another's does not.
  std::vector<FineTileMatcher::Place> places = {
      fine.Locate(board, cell, candidates[0].type, candidates[0].quarter)};
  if (!hidden.empty())
    places.push_back(fine.Locate(board, cell, candidates[0].type, candidates[0].quarter, hidden));
  std::vector<FineTileMatcher::Place> compared = places;
  if (!use.empty())
    for (auto& p : compared) p.LeaveOut(use);
  std::map<std::pair<int, int>, size_t> placed_at;  // by type and quarter: where, in `places`
  double best_near = -2;
  for (size_t i = 0; i < candidates.size(); ++i) {
    Candidate& cand = candidates[i];
    bool near = i < kKept && cand.score > best - 0.15;
    if (!near) {
      cand.score -= 0.3;
      continue;
    }
    cand.score = -2;
    for (size_t k = 0; k < compared.size(); ++k) {
      const double s = fine.Score(compared[k], cand.type, cand.quarter);
      if (s > cand.score) cand.score = s, placed_at[{cand.type, cand.quarter}] = k;
    }
    best_near = std::max(best_near, cand.score);
  }
  auto PlaceOf = [&](const Candidate& c) -> const FineTileMatcher::Place& {
    auto it = placed_at.find({c.type, c.quarter});
    return places[it == placed_at.end() ? 0 : it->second];
  };
  // Under pieces, the close readings once more, each hiding only what its own art does not show;
  // what one hides beyond the reading that hides least costs it.
  if (!pieces.empty()) {
    std::vector<FineTileMatcher::BesidePieces> beside(candidates.size());
    double least_hidden = 1;
    for (size_t i = 0; i < candidates.size(); ++i) {
      if (candidates[i].score <= best_near - kBesidePiecesMargin) continue;
      beside[i] = fine.ScoreBesidePieces(PlaceOf(candidates[i]), candidates[i].type,
                                         candidates[i].quarter, pieces);
      least_hidden = std::min(least_hidden, beside[i].hidden);
    }
    for (size_t i = 0; i < candidates.size(); ++i)
      candidates[i].score =
          candidates[i].score > best_near - kBesidePiecesMargin
              ? beside[i].similarity - kPieceCost * (beside[i].hidden - least_hidden)
              : candidates[i].score - 0.3;
  }
  std::sort(candidates.begin(), candidates.end(), Better);
  if (!tell_lookalikes) return;
  // A close reading whose art shows a small detail where the best one's shows less (an inn's
  // pond, a hut, a house) and which the picture fits clearly better there is the tile: the whole
  // tile's correlation hardly weighs such a detail.
  for (size_t i = 1;
       i < candidates.size() && candidates[i].score >= candidates[0].score - kTellingMargin; ++i) {
    const auto added = fine.WhereSecondAddsDetail(PlaceOf(candidates[0]), candidates[0].type,
                                                  candidates[0].quarter, candidates[i].type,
                                                  candidates[i].quarter, pieces);
    if (added && added->misfit_with < kTellingFit * added->misfit_without) {
      std::swap(candidates[0].score, candidates[i].score);
      std::swap(candidates[0], candidates[i]);
    }
  }
}

namespace {

std::vector<Candidate> ReadCellTelling(const cv::Mat& board, const cv::Rect& cell,
                                       const std::vector<TileReference>& tileset,
                                       FineTileMatcher& fine, bool tell_lookalikes) {
  const int inset = static_cast<int>(cell.width * 0.04);
  const cv::Mat core = board(
      cv::Rect(cell.x + inset, cell.y + inset, cell.width - 2 * inset, cell.height - 2 * inset));
  std::vector<Candidate> out;
  const cv::Mat glance = TileDescriptor(core, kGlanceSize);
  std::vector<const cv::Mat*> templates;  // of the candidates, in order
  for (const auto& ref : tileset)
    for (int q = 0; q < 4; ++q) {
      out.push_back({ref.type, q, Similarity(glance, ref.glances[q])});
      templates.push_back(&ref.templates[q]);
    }
  std::vector<int> order(out.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  size_t glanced = std::min<size_t>(kGlanced, out.size());
  std::partial_sort(order.begin(), order.begin() + glanced, order.end(),
                    [&](int a, int b) { return out[a].score > out[b].score; });
  const cv::Mat d = TileDescriptor(core);
  std::vector<Candidate> closer;
  for (size_t i = 0; i < glanced; ++i) {
    Candidate c = out[order[i]];
    c.score = Similarity(d, *templates[order[i]]);
    closer.push_back(c);
  }
  out = std::move(closer);
  size_t kept = std::min<size_t>(kKept, out.size());
  std::partial_sort(out.begin(), out.begin() + kept, out.end(), Better);
  out.resize(kept);
  LookCloser(board, cell, fine, {}, out, {}, {}, tell_lookalikes);
  return out;
}

}  // namespace

std::vector<Candidate> ReadCell(const cv::Mat& board, const cv::Rect& cell,
                                const std::vector<TileReference>& tileset, FineTileMatcher& fine) {
  return ReadCellTelling(board, cell, tileset, fine, true);
}

double CellMatch(const cv::Mat& board, const cv::Rect& cell,
                 const std::vector<TileReference>& tileset, FineTileMatcher& fine) {
  return ReadCellTelling(board, cell, tileset, fine, false)[0].score;
}

std::vector<Candidate> RereadCell(const cv::Mat& board, const cv::Rect& cell,
                                  const std::vector<TileReference>& tileset, FineTileMatcher& fine,
                                  const cv::Mat& hidden, std::vector<Candidate> choices,
                                  bool place_beside_hidden) {
  if (choices.empty()) return choices;  // no tile could lie there
  const int inset = static_cast<int>(cell.width * 0.04);
  cv::Rect core(inset, inset, cell.width - 2 * inset, cell.height - 2 * inset);
  const cv::Mat in_cell = hidden(cell);
  cv::Mat d = TileDescriptor(board(core + cell.tl())), use;
  cv::resize(in_cell(core), use, d.size(), 0, 0, cv::INTER_NEAREST);
  use = use == 0;
  std::map<int, const TileReference*> by_type;
  for (const auto& ref : tileset) by_type[ref.type] = &ref;
  MaskedSimilarity similarity(d, use);
  for (auto& c : choices) c.score = similarity(by_type.at(c.type)->templates[c.quarter]);
  LookCloser(board, cell, fine, fine.TemplateMask(in_cell == 0), choices,
             fine.TemplateMask(in_cell), place_beside_hidden ? hidden : cv::Mat());
  if (choices.size() > kKept) choices.resize(kKept);
  return choices;
}

int EdgeOf(const TileCatalog& cat, const Candidate& c, int direction) {
  return static_cast<int>(cat.type(c.type).edges[(direction - c.quarter + 4) % 4]);
}

void Legalize(std::vector<CellReading>& cells, const TileCatalog& cat) {
  // Tiles that show the same face match the picture alike: what their art's painting makes of them
  // apart is noise. Each is weighed as the best of them, and the tile counts choose between them
  // (the candidates' own scores stay, for the reading's certainty).
  std::vector<std::vector<double>> face(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    const auto& cands = cells[i].candidates;
    for (const Candidate& a : cands) {
      double best = a.score;
      for (const Candidate& b : cands)
        if (b.score > best && b.type != a.type &&
            cat.face(a.type, a.quarter) == cat.face(b.type, b.quarter))
          best = b.score;
      face[i].push_back(best);
    }
  }
  std::map<std::pair<int, int>, int> at;
  for (size_t i = 0; i < cells.size(); ++i) at[{cells[i].col, cells[i].row}] = static_cast<int>(i);
  for (int pass = 0; pass < 4; ++pass) {
    // How well each cell reading a type matches it: of more than the catalog holds, the worse
    // matches give way.
    std::map<int, std::vector<double>> held;
    for (size_t i = 0; i < cells.size(); ++i)
      held[cells[i].reading().type].push_back(face[i][cells[i].chosen]);
    for (size_t i = 0; i < cells.size(); ++i) {
      CellReading& c = cells[i];
      const double chosen = face[i][c.chosen];
      double best = -1e9;
      int pick = c.chosen;
      for (size_t k = 0; k < c.candidates.size(); ++k) {
        const Candidate& cand = c.candidates[k];
        double s = face[i][k];
        for (int d = 0; d < 4; ++d) {
          auto it = at.find({c.col + kDx[d], c.row + kDy[d]});
          if (it == at.end()) continue;
          s += EdgeOf(cat, cand, d) == EdgeOf(cat, cells[it->second].reading(), (d + 2) % 4)
                   ? 0.05
                   : -0.25;
        }
        // Only other cells that match this type better hold it before this one.
        int already = 0;
        for (double other : held[cand.type]) already += other > face[i][k];
        if (c.reading().type == cand.type && chosen > face[i][k]) --already;
        if (already >= cat.type(cand.type).count) s -= 0.15;
        if (s > best) best = s, pick = static_cast<int>(k);
      }
      c.chosen = pick;
    }
  }
}

ReadingCertainty Certainty(const CellReading& cell, const TileCatalog& catalog) {
  const Candidate& k = cell.reading();
  // Only readings less than kClearLead behind can lower the confidence; the best of them that
  // shows another face is the alternative.
  std::vector<const Candidate*> close;
  for (const Candidate& c : cell.candidates)
    if (&c != &k && c.score > k.score - kClearLead) close.push_back(&c);
  std::sort(close.begin(), close.end(),
            [](const Candidate* a, const Candidate* b) { return a->score > b->score; });
  ReadingCertainty out;
  for (const Candidate* c : close)
    if (catalog.face(c->type, c->quarter) != catalog.face(k.type, k.quarter)) {
      out.alternative = c;
      break;
    }
  const double lead = out.alternative ? k.score - out.alternative->score : kClearLead;
  out.lead_weight = std::clamp(0.5 + lead / (2 * kClearLead), 0.5, 1.0);
  out.confidence = std::clamp(k.score, 0.0, 1.0) * out.lead_weight;
  return out;
}

}  // namespace cf
