#include "vision/referee.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "engine/tile_points.h"
#include "vision/median.h"
#include "vision/table_layout.h"
#include "vision/thrown_token.h"

namespace cf {

namespace {

// Two readings of one token lie within this of each other.
constexpr double kSameTokenMm = 12;
// A follower found again after the throw lies within this of where it stood.
constexpr double kSameFollowerMm = 30;
// A follower knocked into another stood this near it (footprint centres; a meeple's footprint is
// 16 mm wide): a follower gone from the after picture that stood so near one hit, or touching
// the token, went with the throw; one farther was more likely missed by the reader.
constexpr double kChainMm = 22;
// A follower read standing before and lying after where it stood was misread once, unless the
// token lay this near it.
constexpr double kFallReachMm = 20;
// A follower read after the throw only, this near the token's rim, may be the token read in part
// or a piece the token moved.
constexpr double kBesideTokenMm = 15;

cv::Point2d Turned(cv::Point2d p, int quarter_turns) {
  for (int i = 0; i < quarter_turns; ++i) p = {-p.y, p.x};
  return p;
}

Cell Turned(Cell c, int quarter_turns) {
  const cv::Point2d p = Turned(cv::Point2d(c.x, c.y), quarter_turns);
  return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))};
}

cv::Point2d At(const double mm[2]) { return {mm[0], mm[1]}; }

// The gap between a token and a follower whose turns the readings do not give: the mean over
// the turns they may have, and half the spread of those gaps.
struct Gap {
  double mean_mm = 0, spread_mm = 0;
};

Gap GapOverTurns(SceneToken token, SceneFollower follower) {
  const TokenShape shape = TokenShapeOf(*ParseTokenKind(token.kind));
  const bool oval = shape.length > shape.width + 1;
  const int token_turns = oval ? 6 : 1;
  const int follower_turns = follower.pose == "standing" ? 6 : 12;
  double sum = 0, lo = 1e18, hi = 0;
  for (int i = 0; i < token_turns; ++i) {
    token.angle_deg = 180.0 * i / token_turns;
    const auto token_outline = TokenFootprint(token);
    for (int j = 0; j < follower_turns; ++j) {
      follower.yaw_deg = (follower.pose == "standing" ? 180.0 : 360.0) * j / follower_turns;
      const double g = FootprintGap(token_outline, FollowerFootprint(follower));
      sum += g, lo = std::min(lo, g), hi = std::max(hi, g);
    }
  }
  return {sum / (token_turns * follower_turns), (hi - lo) / 2};
}

RefereeFollower Named(const SceneFollower& f, double distance_mm, std::string why = "") {
  return {f.color,
          f.at,
          f.on,
          {f.center_mm[0], f.center_mm[1]},
          std::round(distance_mm * 10) / 10,
          std::move(why)};
}

json::Value FollowerJson(const RefereeFollower& f, bool with_why) {
  json::Value v;
  v["color"] = f.color;
  v["at"] = json::Array{f.at.x, f.at.y};
  v["on"] = f.on;
  v["center_mm"] =
      json::Array{std::round(f.center_mm[0] * 10) / 10, std::round(f.center_mm[1] * 10) / 10};
  v["distance_mm"] = f.distance_mm;
  if (with_why) v["why"] = f.why;
  return v;
}

std::string Where(const SceneFollower& f) {
  return f.color + " follower at " + CellText(f.at) + " " + f.on;
}

// The token this throw added: of the kind thrown, in the after reading and not paired with one
// read before (tokens stay on the table until the round ends; one may land on another).
Result<SceneToken> NewToken(const Scene& before, const Scene& after, TokenKind kind) {
  const std::string name = TokenKindName(kind);
  std::vector<std::tuple<double, size_t, size_t>> pairs;
  for (size_t i = 0; i < before.tokens.size(); ++i)
    for (size_t j = 0; j < after.tokens.size(); ++j) {
      const double d = cv::norm(At(before.tokens[i].center_mm) - At(after.tokens[j].center_mm));
      if (before.tokens[i].kind == after.tokens[j].kind && d < kSameTokenMm)
        pairs.emplace_back(d, i, j);
    }
  std::sort(pairs.begin(), pairs.end());
  std::vector<bool> before_paired(before.tokens.size(), false), old(after.tokens.size(), false);
  for (const auto& [d, i, j] : pairs)
    if (!before_paired[i] && !old[j]) before_paired[i] = old[j] = true;
  std::vector<const SceneToken*> fresh;
  std::string others;
  for (size_t j = 0; j < after.tokens.size(); ++j) {
    if (old[j]) continue;
    if (after.tokens[j].kind == name)
      fresh.push_back(&after.tokens[j]);
    else
      others += (others.empty() ? "" : ", ") + after.tokens[j].kind;
  }
  if (fresh.empty())
    return Fail("no new " + name + " token is seen in the after picture" +
                (others.empty() ? "" : " (new tokens seen: " + others + ")"));
  return **std::max_element(fresh.begin(), fresh.end(), [](const auto* a, const auto* b) {
    return a->confidence < b->confidence;
  });
}

// The fair tile's centre as read before the throw; where no tile is read at the cell the request
// names (a piece or a hand hides it), the cell's centre on the grid the tiles read lie on.
struct FairTile {
  cv::Point2d centre;
  bool from_grid = false;
};

Result<FairTile> FairCentre(const Scene& before, const RefereeRequest& request) {
  std::vector<const SceneTile*> fairs;
  for (const SceneTile& t : before.tiles)
    if (request.fair_at            ? t.at == *request.fair_at
        : !request.fair_id.empty() ? t.id == request.fair_id
                                   : t.id.rfind("FAIR-", 0) == 0)
      fairs.push_back(&t);
  if (request.fair_at && fairs.empty()) {
    if (before.tiles.empty()) return Fail("no tile is read in the before picture");
    std::vector<double> dx, dy;
    for (const SceneTile& t : before.tiles) {
      dx.push_back(t.center_mm[0] - t.at.x * kTilePitchMm);
      dy.push_back(t.center_mm[1] - t.at.y * kTilePitchMm);
    }
    return FairTile{{request.fair_at->x * kTilePitchMm + Median(dx),
                     request.fair_at->y * kTilePitchMm + Median(dy)},
                    true};
  }
  if (!request.fair_id.empty() && fairs.empty())
    return Fail("no " + request.fair_id + " tile is read in the before picture: give --fair-at");
  if (fairs.empty()) return Fail("no fair tile is read in the before picture: give --fair-at");
  if (fairs.size() > 1) {
    std::string cells;
    for (const auto* t : fairs) cells += " " + CellText(t->at);
    return Fail("fair tiles are read at" + cells + ": say which with --fair-at");
  }
  return FairTile{At(fairs[0]->center_mm)};
}

// Pairs each follower read before the throw with the one read after it, nearest first; -1 where
// none of its colour lies near.
std::vector<int> PairFollowers(const Scene& before, const Scene& after) {
  std::vector<std::tuple<double, int, int>> pairs;
  for (size_t i = 0; i < before.followers.size(); ++i)
    for (size_t j = 0; j < after.followers.size(); ++j) {
      if (before.followers[i].color != after.followers[j].color) continue;
      const double d =
          cv::norm(At(before.followers[i].center_mm) - At(after.followers[j].center_mm));
      if (d < kSameFollowerMm) pairs.emplace_back(d, static_cast<int>(i), static_cast<int>(j));
    }
  std::sort(pairs.begin(), pairs.end());
  std::vector<int> pair(before.followers.size(), -1);
  std::vector<bool> taken(after.followers.size(), false);
  for (const auto& [d, i, j] : pairs)
    if (pair[i] < 0 && !taken[j]) pair[i] = j, taken[j] = true;
  return pair;
}

// Knock-out: the followers that moved, fell, vanished or touch the token.
void CallHits(const Scene& before, const Scene& after, const std::vector<Gap>& gaps,
              double place_mm, RefereeCall& call) {
  const std::vector<int> pair = PairFollowers(before, after);
  std::vector<cv::Point2d> struck;  // where the followers hit stood
  std::vector<size_t> vanished;
  // How far the gap to follower i may be off.
  auto uncertainty = [&](size_t i) { return std::hypot(place_mm, gaps[i].spread_mm); };
  for (size_t i = 0; i < before.followers.size(); ++i) {
    const SceneFollower& f = before.followers[i];
    if (pair[i] < 0) {
      vanished.push_back(i);
      continue;
    }
    const SceneFollower& now = after.followers[pair[i]];
    const double moved = cv::norm(At(f.center_mm) - At(now.center_mm));
    std::string why;
    const bool fell = f.pose == "standing" && now.pose == "lying";
    if (fell && moved > kFollowerStayedMm)
      why = "fell";
    else if (moved > kFollowerMovedMm)
      why = "moved";
    else if (gaps[i].mean_mm <= 0)
      why = "touches";
    if (!why.empty()) {
      call.hit.push_back(Named(f, gaps[i].mean_mm, why));
      struck.push_back(At(f.center_mm));
      continue;
    }
    if (moved > kFollowerStayedMm) {
      char mm[16];
      std::snprintf(mm, sizeof mm, "%.1f", moved);
      call.doubts.push_back("the " + Where(f) + " may have moved (" + mm + " mm)");
    } else if (gaps[i].mean_mm < uncertainty(i)) {
      call.doubts.push_back("the token may touch the " + Where(f));
    } else if (fell && gaps[i].mean_mm < kFallReachMm) {
      call.doubts.push_back("the " + Where(f) + " reads standing before the throw, lying after");
    }
  }
  // A follower no longer seen went with the throw when it touched the token or stood against a
  // follower that did.
  for (bool grew = true; grew;) {
    grew = false;
    for (auto it = vanished.begin(); it != vanished.end(); ++it) {
      const SceneFollower& f = before.followers[*it];
      const bool touched = gaps[*it].mean_mm < uncertainty(*it);
      const bool pushed = std::any_of(struck.begin(), struck.end(), [&](cv::Point2d p) {
        return cv::norm(p - At(f.center_mm)) < kChainMm;
      });
      if (!touched && !pushed) continue;
      call.hit.push_back(Named(f, gaps[*it].mean_mm, "vanished"));
      struck.push_back(At(f.center_mm));
      vanished.erase(it);
      grew = true;
      break;
    }
  }
  for (size_t i : vanished)
    call.doubts.push_back("the " + Where(before.followers[i]) +
                          " is not seen in the after picture, though the token did not touch it");
}

// The token's distance to the fair tile and, for a target, whether an earlier target lies about
// as near it; refuses a target throw with no fair tile known.
Status CallFairDistance(const Scene& before, const Scene& after, const RefereeRequest& request,
                        double place_mm, RefereeCall& call) {
  const SceneToken& token = call.token;
  auto fair = FairCentre(before, request);
  if (!fair) return request.token == TokenKind::kTarget ? Status(fair.error()) : Status::Ok();
  call.fair_distance_mm = cv::norm(At(token.center_mm) - fair->centre);
  if (fair->from_grid)
    call.doubts.push_back("no tile is read at " + CellText(*request.fair_at) +
                          ": the fair tile's centre is taken from the grid");
  if (request.token != TokenKind::kTarget) return Status::Ok();
  call.uncertainty_mm = place_mm;
  for (const SceneToken& t : after.tokens) {
    if (t.kind != token.kind || !t.on_board) continue;
    if (cv::norm(At(t.center_mm) - At(token.center_mm)) < kSameTokenMm) continue;
    const double other = cv::norm(At(t.center_mm) - fair->centre);
    if (token.on_board && std::abs(other - *call.fair_distance_mm) < call.uncertainty_mm)
      call.doubts.push_back("an earlier target token lies about as near the fair tile");
  }
  return Status::Ok();
}

// Whether the token would rest on the board or not if it lay `place_mm` away or turned another
// way: then the pictures do not settle it.
bool OnTheBoardsEdge(const Scene& before, const SceneToken& token, double place_mm) {
  const TokenKind kind = *ParseTokenKind(token.kind);
  for (int a = 0; a < 8; ++a)
    for (double turn : {0.0, 45.0, 90.0, 135.0}) {
      const double at[2] = {token.center_mm[0] + place_mm * std::cos(a * CV_PI / 4),
                            token.center_mm[1] + place_mm * std::sin(a * CV_PI / 4)};
      if (TokenOnBoard(before, kind, at, turn) != token.on_board) return true;
    }
  return false;
}

}  // namespace

json::Value RefereeCall::ToJson() const {
  json::Value v;
  v["format"] = "catapult-fair/referee@1";
  json::Value t;
  t["kind"] = token.kind;
  t["center_mm"] = json::Array{std::round(token.center_mm[0] * 10) / 10,
                               std::round(token.center_mm[1] * 10) / 10};
  t["on_board"] = token.on_board;
  t["confidence"] = std::round(token.confidence * 100) / 100;
  t["from_change"] = token_from_change;
  v["token"] = t;
  json::Array by_distance, hits, doubt_lines;
  for (const auto& f : followers_by_distance) by_distance.push_back(FollowerJson(f, false));
  for (const auto& f : hit) hits.push_back(FollowerJson(f, true));
  for (const auto& d : doubts) doubt_lines.push_back(d);
  v["followers_by_distance"] = by_distance;
  v["fair_distance_mm"] =
      fair_distance_mm ? json::Value(std::round(*fair_distance_mm * 10) / 10) : json::Value();
  v["hit"] = hits;
  v["uncertainty_mm"] = std::round(uncertainty_mm * 10) / 10;
  v["too_close_to_call"] = too_close_to_call;
  v["doubts"] = doubt_lines;
  return v;
}

Result<FrameMatch> MatchFrames(const Scene& base, const Scene& other, int least_agreeing) {
  std::map<std::tuple<int, int, int>, int> votes;  // turns, offset x, offset y
  for (int k = 0; k < 4; ++k)
    for (const SceneTile& b : base.tiles)
      for (const SceneTile& o : other.tiles) {
        if (o.id != b.id || (o.rotation + 90 * k) % 360 != b.rotation) continue;
        const Cell turned = Turned(o.at, k);
        ++votes[{k, b.at.x - turned.x, b.at.y - turned.y}];
      }
  if (votes.empty()) return Fail("the two pictures show no tile in common");
  const auto best = std::max_element(
      votes.begin(), votes.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  const size_t fewer = std::min(base.tiles.size(), other.tiles.size());
  if (best->second < std::min<int>(least_agreeing, fewer) ||
      best->second * 2 < static_cast<int>(fewer))
    return Fail("the two pictures do not show the same board (" + std::to_string(best->second) +
                " of " + std::to_string(fewer) + " tiles agree)");
  for (const auto& [way, n] : votes)
    if (n == best->second && way != best->first)
      return Fail("the two pictures match two ways (" + std::to_string(n) +
                  " tiles agree each way)");
  FrameMatch m;
  m.quarter_turns = std::get<0>(best->first);
  m.cell_offset = {std::get<1>(best->first), std::get<2>(best->first)};
  m.tiles_matched = best->second;
  std::vector<double> dx, dy;
  for (const SceneTile& b : base.tiles)
    for (const SceneTile& o : other.tiles) {
      const Cell turned = Turned(o.at, m.quarter_turns);
      if (b.at.x != turned.x + m.cell_offset.x || b.at.y != turned.y + m.cell_offset.y) continue;
      const cv::Point2d p = Turned(At(o.center_mm), m.quarter_turns);
      dx.push_back(b.center_mm[0] - p.x);
      dy.push_back(b.center_mm[1] - p.y);
    }
  m.mm_offset[0] = Median(dx);
  m.mm_offset[1] = Median(dy);
  return m;
}

namespace {

// Where a frame match takes a place on the table, a cell and a point's name.
struct FrameMove {
  const FrameMatch& m;
  void Place(double mm[2]) const {
    const cv::Point2d p = Turned(At(mm), m.quarter_turns);
    mm[0] = p.x + m.mm_offset[0];
    mm[1] = p.y + m.mm_offset[1];
  }
  Cell Of(Cell c) const {
    const Cell t = Turned(c, m.quarter_turns);
    return Cell{t.x + m.cell_offset.x, t.y + m.cell_offset.y};
  }
  void Point(std::string& on) const {
    if (auto p = ParsePoint(on)) on = PointName(RotatePoint(*p, m.quarter_turns));
  }
};

}  // namespace

Scene MoveToFrame(const Scene& scene, const FrameMatch& m) {
  const FrameMove move{m};
  Scene out = scene;
  for (SceneTile& t : out.tiles) {
    move.Place(t.center_mm);
    t.at = move.Of(t.at);
    t.rotation = (t.rotation + 90 * m.quarter_turns) % 360;
  }
  for (SceneFollower& f : out.followers) {
    move.Place(f.center_mm);
    f.at = move.Of(f.at);
    move.Point(f.on);
  }
  for (SceneToken& t : out.tokens) move.Place(t.center_mm);
  return out;
}

RefereeCall MoveToFrame(const RefereeCall& call, const FrameMatch& m) {
  const FrameMove move{m};
  RefereeCall out = call;
  move.Place(out.token.center_mm);
  for (auto* list : {&out.followers_by_distance, &out.hit})
    for (RefereeFollower& f : *list) {
      move.Place(f.center_mm);
      f.at = move.Of(f.at);
      move.Point(f.on);
    }
  return out;
}

Result<RefereeCall> RefereeThrow(const Scene& before, const Scene& after_as_read,
                                 const RefereeRequest& request, const RefereePictures* pictures) {
  auto match = MatchFrames(before, after_as_read, request.least_agreeing_tiles);
  if (!match) return match.error();
  const Scene after = MoveToFrame(after_as_read, *match);
  auto token = NewToken(before, after, request.token);
  RefereeCall call;
  // What changed is measured in the camera's table frame: the before reading must be in it.
  const json::Value* frame = before.grid.find("frame");
  const bool camera_frame = frame && frame->is_string() && frame->as_string() == "calibrated table";
  if (!token && pictures && camera_frame)
    if (auto patch = FindThrownToken(pictures->before, pictures->after, pictures->camera, before,
                                     after, request.token)) {
      token = patch->token, call.token_from_change = true;
      if (patch->other_places > 0)
        call.doubts.push_back("the token is not read; " + std::to_string(patch->other_places + 1) +
                              " places changed as it would");
    }
  if (!token) return token.error();
  call.token = *token;

  // The followers that stood before the throw: those read before it, and for a token that
  // moves none, those the after picture alone shows (the reader may miss one in a picture), but
  // for one by the token (the token itself read in part as a follower of its colour).
  Scene standing = before;
  if (request.token != TokenKind::kKnockout) {
    const std::vector<int> pair = PairFollowers(before, after);
    std::vector<bool> paired(after.followers.size(), false);
    for (int j : pair)
      if (j >= 0) paired[j] = true;
    const double reach = TokenShapeOf(request.token).length / 2 + kBesideTokenMm;
    for (size_t j = 0; j < after.followers.size(); ++j) {
      if (paired[j]) continue;
      if (cv::norm(At(after.followers[j].center_mm) - At(token->center_mm)) >= reach)
        standing.followers.push_back(after.followers[j]);
      else
        call.doubts.push_back("a " + after.followers[j].color +
                              " follower by the token is seen after the throw only");
    }
  }
  std::vector<Gap> gaps;
  for (const SceneFollower& f : standing.followers) gaps.push_back(GapOverTurns(*token, f));
  std::vector<size_t> order(standing.followers.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return gaps[a].mean_mm < gaps[b].mean_mm; });
  // Seduction takes an opponent's follower only: the thrower's own are not candidates.
  std::vector<size_t> candidates;
  for (size_t i : order)
    if (request.token != TokenKind::kSeduction || standing.followers[i].color != request.thrower)
      candidates.push_back(i);
  for (size_t i : candidates)
    call.followers_by_distance.push_back(Named(standing.followers[i], gaps[i].mean_mm));

  const double place_mm =
      call.token_from_change ? kChangedTokenUncertaintyMm : kRefereePlaceUncertaintyMm;
  call.uncertainty_mm = place_mm;
  if (!candidates.empty()) {
    const size_t first = candidates[0];
    call.uncertainty_mm = std::hypot(place_mm, gaps[first].spread_mm);
    if (candidates.size() > 1) {
      const size_t second = candidates[1];
      call.uncertainty_mm = std::hypot(call.uncertainty_mm, gaps[second].spread_mm);
      if (request.token == TokenKind::kSeduction &&
          gaps[second].mean_mm - gaps[first].mean_mm < call.uncertainty_mm)
        call.doubts.push_back("the " + Where(standing.followers[first]) + " and the " +
                              Where(standing.followers[second]) + " are about as near the token");
    }
  }

  if (request.token == TokenKind::kTarget || request.fair_at || !request.fair_id.empty())
    if (Status s = CallFairDistance(before, after, request, place_mm, call); !s) return s.error();
  if (request.token == TokenKind::kKnockout) CallHits(before, after, gaps, place_mm, call);
  if (request.token == TokenKind::kSeduction && !token->on_board)
    call.doubts.clear();  // the token came back at once: nobody is seduced
  if (request.token == TokenKind::kSeduction || request.token == TokenKind::kTarget)
    if (OnTheBoardsEdge(before, *token, place_mm))
      call.doubts.push_back("the token lies at the board's edge: on the board or off it?");
  call.too_close_to_call = !call.doubts.empty();
  return call;
}

}  // namespace cf
