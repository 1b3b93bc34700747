#pragma once
// Refereeing one catapult throw from readings of the table before and after it (interface.md 5).

#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calibration/camera.h"
#include "engine/moves.h"
#include "engine/result.h"
#include "vision/scene.h"

namespace cf {

// Two readings of one board agree on this many tiles at least (MatchFrames) unless a caller that
// checks them against a game's board asks fewer.
inline constexpr int kLeastAgreeingTiles = 3;

// What the referee is asked: the token kind thrown and, where the pictures cannot tell, the fair
// tile and the thrower.
struct RefereeRequest {
  TokenKind token = TokenKind::kTarget;
  int least_agreeing_tiles = kLeastAgreeingTiles;  // of the before and after readings
  std::optional<Cell> fair_at;  // the fair tile's cell in the before reading's grid
  std::string fair_id;          // or its id (FAIR-01 .. FAIR-12); neither: the one fair tile read
  std::string thrower;          // the thrower's colour; empty when not known
};

// A follower as the referee names it: where it stood before the throw and how far the token is.
struct RefereeFollower {
  std::string color;
  Cell at;
  std::string on;
  double center_mm[2]{};  // its footprint's centre before the throw
  // The gap between the token's outline and its footprint, averaged over the turns they may lie
  // at (the readings do not give them).
  double distance_mm = 0;
  std::string why;  // for a hit: moved, fell, vanished or touches
};

// The referee's call on one throw, in the before reading's frame.
struct RefereeCall {
  SceneToken token;
  bool token_from_change = false;  // found by what changed between the pictures, not read
  std::vector<RefereeFollower> followers_by_distance;
  std::optional<double> fair_distance_mm;
  std::vector<RefereeFollower> hit;
  double uncertainty_mm = 0;
  bool too_close_to_call = false;
  std::vector<std::string> doubts;  // what the table should look at, one line each

  json::Value ToJson() const;
};

// How far a distance between a token and a footprint, each located in a picture, may be off.
inline constexpr double kRefereePlaceUncertaintyMm = 1.5;
// ... when the token was found by what changed (a meeple of its colour against it blurs its edge).
inline constexpr double kChangedTokenUncertaintyMm = 3.0;
// A follower whose footprint moved less than this between the pictures stayed where it was.
inline constexpr double kFollowerStayedMm = 2.5;
// ... and one that moved more than this was moved.
inline constexpr double kFollowerMovedMm = 6;

// How a reading's frame maps onto another's: turned `quarter_turns` clockwise, then shifted.
struct FrameMatch {
  int quarter_turns = 0;
  Cell cell_offset;
  double mm_offset[2]{};
  int tiles_matched = 0;
};
// Matches `other`'s tiles to `base`'s (same tile, same turn): refuses two different boards, and
// pictures that match two ways. At least `least_agreeing` tiles must agree (or all of the fewer
// tiles either shows), and half of those.
Result<FrameMatch> MatchFrames(const Scene& base, const Scene& other,
                               int least_agreeing = kLeastAgreeingTiles);
// `scene` moved into the frame `match` maps it to.
Scene MoveToFrame(const Scene& scene, const FrameMatch& match);
// A call moved into the frame `match` maps its before reading to: the token, and each follower's
// place, cell and point.
RefereeCall MoveToFrame(const RefereeCall& call, const FrameMatch& match);

// The pictures two readings were made from, both by one calibrated camera (the readings then in
// its table frame): what changed between them shows a token the after reading missed.
struct RefereePictures {
  cv::Mat before, after;
  Camera camera;
};

// Refuses (as an Error) pictures of different boards, a throw whose token is not seen, and a
// target round with no fair tile known.
Result<RefereeCall> RefereeThrow(const Scene& before, const Scene& after,
                                 const RefereeRequest& request,
                                 const RefereePictures* pictures = nullptr);

}  // namespace cf
