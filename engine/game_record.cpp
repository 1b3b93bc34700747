#include "engine/game_record.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/whole_file.h"

namespace cf {

namespace {

using json::Value;

// Reads the members of one JSON object, refusing members it does not know.
class Fields {
 public:
  Fields(const Value& v, std::string where) : v_(v), where_(std::move(where)) {}
  bool is_object() const { return v_.is_object(); }
  const Value* get(const std::string& key) {
    known_.push_back(key);
    return v_.find(key);
  }
  Status check_unknown() const {
    for (const auto& [k, val] : v_.as_object())
      if (k != "comment" && std::find(known_.begin(), known_.end(), k) == known_.end())
        return Fail(where_ + "unknown field \"" + k + "\"");
    return Status::Ok();
  }

 private:
  const Value& v_;
  std::string where_;
  std::vector<std::string> known_;
};

Result<Cell> ParseCell(const Value* v, const std::string& what) {
  if (!v || !v->is_array() || v->as_array().size() != 2 || !v->as_array()[0].is_integer() ||
      !v->as_array()[1].is_integer())
    return Fail(what + " must be [x, y] with whole numbers");
  auto x = v->as_array()[0].as_int(), y = v->as_array()[1].as_int();
  if (x < -1000 || x > 1000 || y < -1000 || y > 1000) return Fail(what + " is far off the board");
  return Cell{static_cast<int>(x), static_cast<int>(y)};
}

Result<int> ParseRotation(const Value* v) {
  if (!v) return 0;
  if (!v->is_integer()) return Fail("\"rotation\" must be 0, 90, 180 or 270");
  auto r = v->as_int();
  if (r != 0 && r != 90 && r != 180 && r != 270)
    return Fail("\"rotation\" must be 0, 90, 180 or 270");
  return static_cast<int>(r / 90);
}

Result<PlayerId> ParsePlayer(const Value* v, const GameSetup& setup, const std::string& what) {
  if (!v || !v->is_string()) return Fail("\"" + what + "\" must name a colour");
  for (size_t i = 0; i < setup.players.size(); ++i)
    if (setup.players[i].color == v->as_string()) return static_cast<PlayerId>(i);
  return Fail("\"" + what + "\": no player is " + v->as_string());
}

Result<int> ParseTile(const Value* v, const TileCatalog& catalog) {
  if (!v || !v->is_string()) return Fail("\"tile\" must be a tile id");
  int t = catalog.find(v->as_string());
  if (t < 0) return Fail("unknown tile \"" + v->as_string() + "\"");
  return t;
}

Result<int> ParsePointName(const Value* v) {
  if (!v || !v->is_string()) return Fail("\"on\" must name a point (N1..W3 or C)");
  auto p = ParsePoint(v->as_string());
  if (!p) return Fail("\"on\": no point is called " + v->as_string());
  return *p;
}

Result<FollowerRef> ParseFollowerRef(const Value& v, const GameSetup& setup,
                                     const std::string& what) {
  if (!v.is_object()) return Fail(what + " must be {\"color\", \"at\", \"on\"}");
  Fields f(v, what + ": ");
  FollowerRef r;
  auto p = ParsePlayer(f.get("color"), setup, "color");
  if (!p) return Fail(what + ": " + p.error().message);
  auto at = ParseCell(f.get("at"), "\"at\"");
  if (!at) return Fail(what + ": " + at.error().message);
  auto on = ParsePointName(f.get("on"));
  if (!on) return Fail(what + ": " + on.error().message);
  if (auto s = f.check_unknown(); !s) return s.error();
  r.player = *p;
  r.at = *at;
  r.point = *on;
  return r;
}

#define CF_TRY(var, expr)                         \
  auto var##_result = (expr);                     \
  if (!var##_result) return var##_result.error(); \
  auto var = std::move(var##_result).value()

Result<CatapultThrow> ParseThrow(const Value& v, TokenKind token, const GameSetup& setup) {
  if (!v.is_object()) return Fail("each throw must be an object");
  Fields f(v, "");
  CatapultThrow t;
  CF_TRY(player, ParsePlayer(f.get("player"), setup, "player"));
  t.player = player;
  switch (token) {
    case TokenKind::kTarget: {
      const Value* d = f.get("distance_mm");
      if (!d) return Fail("a target throw needs \"distance_mm\" (null when off the playing area)");
      if (!d->is_null() && !d->is_number()) return Fail("\"distance_mm\" must be a number or null");
      if (d->is_number()) t.distance_mm = d->as_number();
      break;
    }
    case TokenKind::kKnockout: {
      const Value* hit = f.get("hit");
      if (hit && !hit->is_array()) return Fail("\"hit\" must be a list of followers");
      if (hit)
        for (const auto& h : hit->as_array()) {
          CF_TRY(ref, ParseFollowerRef(h, setup, "hit follower"));
          t.hit.push_back(ref);
        }
      break;
    }
    case TokenKind::kSeduction: {
      const Value* ob = f.get("on_board");
      if (!ob || !ob->is_bool()) return Fail("a seduction throw needs \"on_board\": true or false");
      t.on_board = ob->as_bool();
      const Value* s = f.get("seduced");
      if (s && !s->is_null()) {
        CF_TRY(ref, ParseFollowerRef(*s, setup, "\"seduced\""));
        t.seduced = ref;
      }
      const Value* r = f.get("replacement");
      if (r && !(r->is_string() && r->as_string() == "supply")) {
        CF_TRY(ref, ParseFollowerRef(*r, setup, "\"replacement\""));
        t.replacement = ref;
      }
      break;
    }
    case TokenKind::kCatch: {
      CF_TRY(catcher, ParsePlayer(f.get("catcher"), setup, "catcher"));
      t.catcher = catcher;
      const Value* c = f.get("case");
      if (!c || !c->is_string() || c->as_string().size() != 1 || c->as_string()[0] < 'A' ||
          c->as_string()[0] > 'D')
        return Fail("\"case\" must be \"A\", \"B\", \"C\" or \"D\"");
      t.catch_case = c->as_string()[0];
      break;
    }
  }
  if (auto s = f.check_unknown(); !s) return s.error();
  return t;
}

Result<Move> ParseMove(const Value& v, const GameSetup& setup, const TileCatalog& catalog) {
  if (!v.is_object()) return Fail("a move must be an object");
  Fields f(v, "");
  Move m;
  const Value* type = f.get("type");
  if (!type || !type->is_string()) return Fail("\"type\" must be place, discard or catapult");
  const std::string& ty = type->as_string();
  if (ty == "place" || ty == "discard") {
    m.type = ty == "place" ? MoveType::kPlace : MoveType::kDiscard;
    CF_TRY(player, ParsePlayer(f.get("player"), setup, "player"));
    CF_TRY(tile, ParseTile(f.get("tile"), catalog));
    m.player = player;
    m.tile = tile;
    if (const Value* d = f.get("drawn")) {
      if (!d->is_array()) return Fail("\"drawn\" must be a list of tile ids");
      for (const auto& id : d->as_array()) {
        CF_TRY(t, ParseTile(&id, catalog));
        m.drawn.push_back(t);
      }
    }
    if (m.type == MoveType::kPlace) {
      CF_TRY(at, ParseCell(f.get("at"), "\"at\""));
      CF_TRY(rot, ParseRotation(f.get("rotation")));
      m.placement = {at, rot};
      if (const Value* fo = f.get("follower"); fo && !fo->is_null()) {
        if (!fo->is_object()) return Fail("\"follower\" must be {\"on\": POINT}");
        Fields ff(*fo, "follower: ");
        CF_TRY(on, ParsePointName(ff.get("on")));
        if (const Value* k = ff.get("kind"); k && !(k->is_string() && k->as_string() == "meeple"))
          return Fail("follower kind must be \"meeple\"");
        if (auto s = ff.check_unknown(); !s) return s.error();
        m.follower_point = on;
      }
      if (const Value* b = f.get("beggar"); b && !b->is_null()) {
        if (!b->is_object()) return Fail("\"beggar\" must be {\"action\", \"at\"}");
        Fields bf(*b, "beggar: ");
        const Value* a = bf.get("action");
        BeggarAction action;
        if (a && a->is_string() && a->as_string() == "replace")
          action.kind = BeggarActionKind::kReplace;
        else if (a && a->is_string() && a->as_string() == "evict")
          action.kind = BeggarActionKind::kEvict;
        else if (a && a->is_string() && a->as_string() == "take_back")
          action.kind = BeggarActionKind::kTakeBack;
        else
          return Fail("beggar \"action\" must be replace, evict or take_back");
        CF_TRY(hut, ParseCell(bf.get("at"), "beggar \"at\""));
        action.hut = hut;
        if (auto s = bf.check_unknown(); !s) return s.error();
        m.beggar = action;
      }
    }
  } else if (ty == "catapult") {
    m.type = MoveType::kCatapult;
    const Value* tok = f.get("token");
    auto kind = tok && tok->is_string() ? ParseTokenKind(tok->as_string()) : std::nullopt;
    if (!kind) return Fail("\"token\" must be knockout, seduction, target or catch");
    m.catapult.token = *kind;
    CF_TRY(thrower, ParsePlayer(f.get("thrower"), setup, "thrower"));
    m.catapult.thrower = thrower;
    m.player = thrower;
    const Value* throws = f.get("throws");
    if (!throws || !throws->is_array()) return Fail("\"throws\" must be a list");
    for (const auto& t : throws->as_array()) {
      CF_TRY(th, ParseThrow(t, *kind, setup));
      m.catapult.throws.push_back(th);
    }
  } else {
    return Fail("unknown move type \"" + ty + "\"");
  }
  if (auto s = f.check_unknown(); !s) return s.error();
  return m;
}

}  // namespace

Result<GameRecord> ParseGameRecord(std::string_view text, const TileCatalog& catalog) {
  auto doc = json::parse(text);
  if (!doc) return Fail("not valid JSON: " + doc.error().message);
  return GameRecordFromJson(*doc, catalog);
}

Result<GameRecord> GameRecordFromJson(const json::Value& doc, const TileCatalog& catalog) {
  if (!doc.is_object()) return Fail("the record must be a JSON object");
  Fields f(doc, "record: ");
  GameRecord rec;
  const Value* format = f.get("format");
  if (!format || !format->is_string() || format->as_string() != kGameFormat)
    return Fail(std::string("record: \"format\" must be \"") + kGameFormat + "\"");
  const Value* players = f.get("players");
  if (!players || !players->is_array()) return Fail("record: \"players\" must be a list");
  for (const auto& p : players->as_array()) {
    const Value* c = p.is_object() ? p.find("color") : nullptr;
    if (!c || !c->is_string()) return Fail("record: every player needs a \"color\"");
    const Value* n = p.find("name");
    if (n && !n->is_string()) return Fail("record: a player's \"name\" must be a string");
    rec.setup.players.push_back({c->as_string(), n ? n->as_string() : ""});
  }
  if (const Value* e = f.get("expansions")) {
    if (!e->is_array()) return Fail("record: \"expansions\" must be a list");
    for (const auto& x : e->as_array()) {
      if (!x.is_string()) return Fail("record: expansions are names");
      rec.setup.expansions.push_back(x.as_string());
    }
  }
  if (const Value* r = f.get("rules")) {
    auto rules = ParseRules(*r);
    if (!rules) return Fail("record: " + rules.error().message);
    rec.setup.rules = *rules;
  }
  if (const Value* s = f.get("start"); s && !s->is_null()) {
    if (!s->is_object()) return Fail("record: \"start\" must be an object");
    Fields sf(*s, "record: start: ");
    auto t = ParseTile(sf.get("tile"), catalog);
    if (!t) return Fail("record: start: " + t.error().message);
    rec.setup.start_tile = *t;
    if (const Value* at = sf.get("at")) {
      auto c = ParseCell(at, "\"at\"");
      if (!c) return Fail("record: start: " + c.error().message);
      rec.setup.start_at = *c;
    }
    auto rot = ParseRotation(sf.get("rotation"));
    if (!rot) return Fail("record: start: " + rot.error().message);
    rec.setup.start_rotation = *rot;
    if (auto st = sf.check_unknown(); !st) return st.error();
  }
  if (const Value* fin = f.get("final")) {
    if (!fin->is_bool()) return Fail("record: \"final\" must be true or false");
    rec.final = fin->as_bool();
  }
  const Value* moves = f.get("moves");
  if (!moves || !moves->is_array()) return Fail("record: \"moves\" must be a list");
  if (auto s = f.check_unknown(); !s) return s.error();
  // Validate the setup before the moves, so colours resolve.
  if (auto probe = GameState::Create(catalog, rec.setup); !probe)
    return Fail("record: " + probe.error().message);
  int i = 0;
  for (const auto& mv : moves->as_array()) {
    ++i;
    auto m = ParseMove(mv, rec.setup, catalog);
    if (!m) return Fail("move " + std::to_string(i) + ": " + m.error().message);
    rec.moves.push_back(*m);
  }
  return rec;
}

Result<GameRecord> LoadGameRecord(const std::string& path, const TileCatalog& catalog) {
  auto text = ReadWholeFile(path);
  if (!text) return text.error();
  auto record = ParseGameRecord(*text, catalog);
  if (!record) return Fail(path + ": " + record.error().message);
  return record;
}

Status SaveGameRecord(const GameState& game, const std::string& path) {
  std::ofstream out(path);
  if (out) out << GameRecordToJson(game).dump(2) << "\n";
  if (!out) return Fail("cannot write " + path);
  return Status::Ok();
}

Result<GameState> Replay(const GameRecord& record, const TileCatalog& catalog) {
  auto game = GameState::Create(catalog, record.setup);
  if (!game) return Fail("record: " + game.error().message);
  for (size_t i = 0; i < record.moves.size(); ++i)
    if (auto s = game->Apply(record.moves[i]); !s)
      return Fail("move " + std::to_string(i + 1) + ": " + s.error().message);
  if (record.final) {
    Move finish;
    finish.type = MoveType::kFinish;
    finish.player = game->current_player();
    if (auto s = game->Apply(finish); !s) return Fail("final scoring: " + s.error().message);
  }
  return game;
}

json::Value FollowerRefToJson(const GameSetup& setup, const FollowerRef& f) {
  Value v;
  v["color"] = setup.players[f.player].color;
  v["at"] = json::Array{f.at.x, f.at.y};
  v["on"] = std::string(PointName(f.point));
  return v;
}

json::Value MoveToJson(const GameState& game, const Move& m) {
  const auto& setup = game.setup();
  const auto& cat = game.catalog();
  Value v;
  auto color = [&](PlayerId p) { return setup.players[p].color; };
  if (m.type == MoveType::kPlace || m.type == MoveType::kDiscard) {
    v["type"] = m.type == MoveType::kPlace ? "place" : "discard";
    v["player"] = color(m.player);
    v["tile"] = cat.type(m.tile).id;
    if (m.type == MoveType::kPlace) {
      v["at"] = json::Array{m.placement.at.x, m.placement.at.y};
      v["rotation"] = m.placement.rotation * 90;
      if (m.follower_point) v["follower"]["on"] = std::string(PointName(*m.follower_point));
      if (m.beggar) {
        const char* names[] = {"replace", "evict", "take_back"};
        v["beggar"]["action"] = names[static_cast<int>(m.beggar->kind)];
        v["beggar"]["at"] = json::Array{m.beggar->hut.x, m.beggar->hut.y};
      }
    }
    if (!m.drawn.empty()) {
      json::Array d;
      for (int t : m.drawn) d.push_back(cat.type(t).id);
      v["drawn"] = d;
    }
    return v;
  }
  v["type"] = "catapult";
  v["token"] = TokenKindName(m.catapult.token);
  v["thrower"] = color(m.catapult.thrower);
  json::Array throws;
  for (const auto& t : m.catapult.throws) {
    Value tv;
    tv["player"] = color(t.player);
    switch (m.catapult.token) {
      case TokenKind::kTarget:
        tv["distance_mm"] = t.distance_mm ? Value(*t.distance_mm) : Value();
        break;
      case TokenKind::kKnockout: {
        json::Array hit;
        for (const auto& h : t.hit) hit.push_back(FollowerRefToJson(setup, h));
        tv["hit"] = hit;
        break;
      }
      case TokenKind::kSeduction:
        tv["on_board"] = t.on_board;
        tv["seduced"] = t.seduced ? FollowerRefToJson(setup, *t.seduced) : Value();
        if (t.seduced)
          tv["replacement"] =
              t.replacement ? FollowerRefToJson(setup, *t.replacement) : Value("supply");
        break;
      case TokenKind::kCatch:
        tv["catcher"] = color(t.catcher);
        tv["case"] = std::string(1, t.catch_case);
        break;
    }
    throws.push_back(tv);
  }
  v["throws"] = throws;
  return v;
}

json::Value GameRecordToJson(const GameState& game) {
  const auto& setup = game.setup();
  Value v;
  v["format"] = kGameFormat;
  json::Array players;
  for (const auto& p : setup.players) {
    Value pv;
    pv["color"] = p.color;
    if (!p.name.empty()) pv["name"] = p.name;
    players.push_back(pv);
  }
  v["players"] = players;
  json::Array ex;
  for (const auto& e : setup.expansions) ex.push_back(e);
  v["expansions"] = ex;
  v["rules"] = RulesToJson(setup.rules);
  const PlacedTile& start = game.board().tile(0);
  v["start"]["tile"] = game.catalog().type(start.type).id;
  v["start"]["at"] = json::Array{start.at.x, start.at.y};
  v["start"]["rotation"] = start.rotation * 90;
  json::Array moves;
  bool final = false;
  for (const auto& m : game.moves()) {
    if (m.type == MoveType::kFinish) {
      final = true;
      continue;
    }
    moves.push_back(MoveToJson(game, m));
  }
  v["moves"] = moves;
  v["final"] = final;
  return v;
}

json::Value ScoreReport(const GameState& game) {
  const auto& setup = game.setup();
  Value v;
  v["format"] = kScoreFormat;
  Value scores{json::Object{}};
  for (int p = 0; p < game.player_count(); ++p) scores[setup.players[p].color] = game.scores()[p];
  v["scores"] = scores;
  json::Array events;
  for (const auto& e : game.events()) {
    Value ev;
    ev["move"] = e.move;
    ev["player"] = setup.players[e.player].color;
    ev["points"] = e.points;
    ev["reason"] = e.reason;
    ev["feature"] = e.feature;
    events.push_back(ev);
  }
  v["events"] = events;
  v["final"] = game.phase() == Phase::kGameOver;
  return v;
}

std::string ScoreTable(const GameState& game) {
  const auto& setup = game.setup();
  std::string out;
  char line[256];
  std::snprintf(line, sizeof line, "%zu moves, %d tiles on the board%s\n\n", game.moves().size(),
                game.board().tile_count(),
                game.phase() == Phase::kGameOver ? ", final scoring applied" : "");
  out += line;
  std::vector<int> order(game.player_count());
  for (int p = 0; p < game.player_count(); ++p) order[p] = p;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return game.scores()[a] > game.scores()[b]; });
  out += "  player            points\n";
  for (int p : order) {
    std::string who = setup.players[p].color +
                      (setup.players[p].name.empty() ? "" : " (" + setup.players[p].name + ")");
    std::snprintf(line, sizeof line, "  %-16s %7d\n", who.c_str(), game.scores()[p]);
    out += line;
  }
  out += "\n  move  player    points  reason          feature\n";
  for (const auto& e : game.events()) {
    std::string move = e.move ? std::to_string(e.move) : "end";
    std::snprintf(line, sizeof line, "  %4s  %-8s %+7d  %-15s %s\n", move.c_str(),
                  setup.players[e.player].color.c_str(), e.points, e.reason.c_str(),
                  e.feature.c_str());
    out += line;
  }
  return out;
}

}  // namespace cf
