#pragma once
// What is on the table, in table-plane millimetres: the scene format of interface.md 4.

#include <optional>
#include <string>
#include <vector>

#include "calibration/camera.h"
#include "engine/board.h"
#include "engine/json.h"
#include "engine/moves.h"

namespace cf {

inline constexpr const char* kSceneFormat = "catapult-fair/scene@1";
inline constexpr double kTilePitchMm = 45.0;

struct SceneTile {
  std::string id;
  Cell at;
  int rotation = 0;       // degrees clockwise: 0, 90, 180, 270
  double center_mm[2]{};  // where its centre lies
  double angle_deg = 0;   // true turn including the hand's misalignment (rendered truth only)
  double confidence = 1;
  // Read from a photo: another tile, or turn, that the picture shows about as well.
  struct Face {
    std::string id;
    int rotation = 0;
  };
  std::optional<Face> alternative;
  bool occluded = false;  // a hand covers its centre (rendered truth only)
};

struct SceneFollower {
  std::string color;
  std::string pose;       // standing or lying
  double center_mm[2]{};  // centre of the footprint on the table
  Cell at;
  std::string on;      // the point naming its feature
  double yaw_deg = 0;  // which way it faces (rendered truth only)
  double confidence = 1;
  bool occluded = false;  // a hand covers it (rendered truth only)
};

struct SceneToken {
  std::string kind;  // knockout seduction target catch
  double center_mm[2]{};
  bool on_board = false;
  double angle_deg = 0;
  double confidence = 1;
  bool occluded = false;
};

// One reading (or the ground truth) of a table.
struct Scene {
  std::string image;
  std::vector<SceneTile> tiles;
  std::vector<SceneFollower> followers;
  std::vector<SceneToken> tokens;
  std::optional<Camera> camera;  // ground truth and calibrated readings
  json::Value timing_ms;         // readings only
  json::Value grid;              // readings only: how the tile grid was found

  json::Value ToJson() const;
  static Result<Scene> FromJson(const json::Value& v);
};

// Physical sizes of the catapult tokens (mm): full axes of the oval or round top face.
struct TokenShape {
  double length, width;
};
TokenShape TokenShapeOf(TokenKind kind);

}  // namespace cf
