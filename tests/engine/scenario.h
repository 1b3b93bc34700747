#pragma once
// Builds game positions move by move for tests, failing the test on any refused move.

#include <gtest/gtest.h>

#include <string>

#include "engine/game_state.h"

namespace cf::testing {

const TileCatalog& Catalog();

// A game under construction with readable helpers: Place("E", 0, -1, 180, "S2").
class Scenario {
 public:
  explicit Scenario(int players = 2, std::vector<std::string> expansions = {}, Rules rules = {},
                    const std::string& start = "D", int start_rotation = 0);
  Scenario(const std::vector<std::string>& colors, std::vector<std::string> expansions,
           Rules rules = {});

  GameState& game() { return *game_; }
  int type(const std::string& id) const;
  Move PlaceMove(const std::string& id, int x, int y, int degrees,
                 const std::string& on = "") const;
  // Applies a placement by the current player; the test fails if it is refused.
  void Place(const std::string& id, int x, int y, int degrees, const std::string& on = "");
  // Applies and returns the refusal message ("" if it was accepted).
  std::string TryPlace(const std::string& id, int x, int y, int degrees,
                       const std::string& on = "");
  void Finish();
  // A catapult round of `token` thrown first by the current player; throws in clockwise order.
  std::string Round(TokenKind token, std::vector<CatapultThrow> throws);
  FollowerRef Ref(const std::string& color, int x, int y, const std::string& on) const;
  int score(const std::string& color) const;
  int supply(const std::string& color) const;
  PlayerId player(const std::string& color) const;

 private:
  std::optional<GameState> game_;
};

}  // namespace cf::testing
