#include "vision/scene.h"

#include <cmath>

namespace cf {

TokenShape TokenShapeOf(TokenKind kind) {
  switch (kind) {
    case TokenKind::kKnockout:
      return {24.9, 20.0};
    case TokenKind::kSeduction:
      return {22.1, 21.9};
    case TokenKind::kTarget:
      return {24.1, 24.1};
    case TokenKind::kCatch:
      return {19.1, 19.1};
  }
  return {20, 20};
}

namespace {

json::Value Mm(const double v[2]) {
  auto r = [](double x) { return std::round(x * 100) / 100; };
  return json::Array{r(v[0]), r(v[1])};
}
json::Value CellJson(Cell c) { return json::Array{c.x, c.y}; }

bool ReadMm(const json::Value* v, double out[2]) {
  if (!v || !v->is_array() || v->as_array().size() != 2 || !v->as_array()[0].is_number() ||
      !v->as_array()[1].is_number())
    return false;
  out[0] = v->as_array()[0].as_number();
  out[1] = v->as_array()[1].as_number();
  return true;
}

bool ReadCell(const json::Value* v, Cell& c) {
  if (!v || !v->is_array() || v->as_array().size() != 2 || !v->as_array()[0].is_integer() ||
      !v->as_array()[1].is_integer())
    return false;
  c = {static_cast<int>(v->as_array()[0].as_int()), static_cast<int>(v->as_array()[1].as_int())};
  return true;
}

std::string Str(const json::Value& o, const char* key) {
  const json::Value* v = o.find(key);
  return v && v->is_string() ? v->as_string() : "";
}

}  // namespace

json::Value Scene::ToJson() const {
  json::Value v;
  v["format"] = kSceneFormat;
  v["image"] = image;
  v["tile_pitch_mm"] = kTilePitchMm;
  json::Array tiles_json, followers_json, tokens_json;
  for (const auto& t : tiles) {
    json::Value j;
    j["id"] = t.id;
    j["at"] = CellJson(t.at);
    j["rotation"] = t.rotation;
    j["center_mm"] = Mm(t.center_mm);
    j["angle_deg"] = std::round(t.angle_deg * 100) / 100;
    j["confidence"] = std::round(t.confidence * 1000) / 1000;
    if (t.alternative) {
      json::Value alt;
      alt["id"] = t.alternative->id;
      alt["rotation"] = t.alternative->rotation;
      j["alternative"] = alt;
    }
    if (t.occluded) j["occluded"] = true;
    tiles_json.push_back(j);
  }
  for (const auto& f : followers) {
    json::Value j;
    j["color"] = f.color;
    j["pose"] = f.pose;
    j["center_mm"] = Mm(f.center_mm);
    j["at"] = CellJson(f.at);
    j["on"] = f.on;
    j["confidence"] = std::round(f.confidence * 1000) / 1000;
    if (f.occluded) j["occluded"] = true;
    followers_json.push_back(j);
  }
  for (const auto& t : tokens) {
    json::Value j;
    j["kind"] = t.kind;
    j["center_mm"] = Mm(t.center_mm);
    j["on_board"] = t.on_board;
    j["confidence"] = std::round(t.confidence * 1000) / 1000;
    if (t.occluded) j["occluded"] = true;
    tokens_json.push_back(j);
  }
  v["tiles"] = tiles_json;
  v["followers"] = followers_json;
  v["tokens"] = tokens_json;
  if (camera) v["camera"] = camera->ToJson();
  if (!grid.is_null()) v["grid"] = grid;
  if (!timing_ms.is_null()) v["timing_ms"] = timing_ms;
  return v;
}

Result<Scene> Scene::FromJson(const json::Value& v) {
  const json::Value* format = v.find("format");
  if (!format || !format->is_string() || format->as_string() != kSceneFormat)
    return Fail(std::string("scene: \"format\" must be \"") + kSceneFormat + "\"");
  Scene s;
  s.image = Str(v, "image");
  auto list = [&](const char* key) -> const json::Array* {
    const json::Value* l = v.find(key);
    return l && l->is_array() ? &l->as_array() : nullptr;
  };
  const json::Array* tiles = list("tiles");
  const json::Array* followers = list("followers");
  const json::Array* tokens = list("tokens");
  if (!tiles || !followers || !tokens)
    return Fail("scene: needs tiles, followers and tokens lists");
  for (const auto& t : *tiles) {
    SceneTile st;
    st.id = Str(t, "id");
    const json::Value* rot = t.find("rotation");
    if (st.id.empty() || !ReadCell(t.find("at"), st.at) ||
        !ReadMm(t.find("center_mm"), st.center_mm) || !rot || !rot->is_integer())
      return Fail("scene: a tile needs id, at, rotation and center_mm");
    st.rotation = static_cast<int>(rot->as_int());
    if (const json::Value* a = t.find("angle_deg"); a && a->is_number())
      st.angle_deg = a->as_number();
    else
      st.angle_deg = st.rotation;
    if (const json::Value* c = t.find("confidence"); c && c->is_number())
      st.confidence = c->as_number();
    if (const json::Value* a = t.find("alternative")) {
      const json::Value* alt_rot = a->is_object() ? a->find("rotation") : nullptr;
      if (!alt_rot || !alt_rot->is_integer() || Str(*a, "id").empty())
        return Fail("scene: a tile's alternative needs id and rotation");
      st.alternative = SceneTile::Face{Str(*a, "id"), static_cast<int>(alt_rot->as_int())};
    }
    if (const json::Value* o = t.find("occluded"); o && o->is_bool()) st.occluded = o->as_bool();
    s.tiles.push_back(st);
  }
  for (const auto& f : *followers) {
    SceneFollower sf;
    sf.color = Str(f, "color");
    sf.pose = Str(f, "pose");
    sf.on = Str(f, "on");
    if (sf.color.empty() || !ReadMm(f.find("center_mm"), sf.center_mm))
      return Fail("scene: a follower needs color and center_mm");
    ReadCell(f.find("at"), sf.at);
    if (const json::Value* o = f.find("occluded"); o && o->is_bool()) sf.occluded = o->as_bool();
    s.followers.push_back(sf);
  }
  for (const auto& t : *tokens) {
    SceneToken st;
    st.kind = Str(t, "kind");
    if (st.kind.empty() || !ReadMm(t.find("center_mm"), st.center_mm))
      return Fail("scene: a token needs kind and center_mm");
    if (const json::Value* o = t.find("on_board"); o && o->is_bool()) st.on_board = o->as_bool();
    if (const json::Value* o = t.find("occluded"); o && o->is_bool()) st.occluded = o->as_bool();
    s.tokens.push_back(st);
  }
  if (const json::Value* c = v.find("camera")) {
    auto cam = Camera::FromJson(*c);
    if (!cam) return cam.error();
    s.camera = *cam;
  }
  return s;
}

}  // namespace cf
