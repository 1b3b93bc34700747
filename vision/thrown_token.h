#pragma once
// Where a thrown token landed, from what changed between two pictures of one calibrated camera.

#include <opencv2/core.hpp>
#include <optional>

#include "calibration/camera.h"
#include "engine/moves.h"
#include "vision/scene.h"

namespace cf {

// A token that shows as a patch of the table that changed, of its size and mostly of one
// colour, though the reader did not read it (a token against a meeple of its colour reads as one
// blob with it).
struct ChangedPatch {
  SceneToken token;
  double changed_share = 0;        // of the token's disc, that changed
  double face_share = 0;           // of what changed in the disc, the share of the token's colour
  bool by_moved_follower = false;  // a follower read after the throw only lies on it
  int other_places = 0;            // other patches, on no such follower, that pass for the token
};

// The likeliest patch for a token of `kind` thrown between `before` and `after` (BGR pictures of
// one size, from `camera`), near the board `before_reading` holds; none when no patch passes. A
// follower the throw moved changes the picture as a token does: a patch where `after_reading`
// shows a follower that was not there before is taken only when no other passes.
std::optional<ChangedPatch> FindThrownToken(const cv::Mat& before, const cv::Mat& after,
                                            const Camera& camera, const Scene& before_reading,
                                            const Scene& after_reading, TokenKind kind);

}  // namespace cf
