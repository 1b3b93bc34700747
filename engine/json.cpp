#include "engine/json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace cf::json {

bool Value::is_integer() const {
  if (!is_number()) return false;
  double v = as_number();
  return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9.007e15;
}

const Value* Value::find(std::string_view key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

Value& Value::operator[](std::string_view key) {
  if (is_null()) data_ = Object{};
  auto& obj = as_object();
  for (auto& [k, v] : obj)
    if (k == key) return v;
  obj.emplace_back(std::string(key), Value());
  return obj.back().second;
}

void Value::push_back(Value v) {
  if (is_null()) data_ = Array{};
  as_array().push_back(std::move(v));
}

std::string Value::type_name() const {
  switch (data_.index()) {
    case 0:
      return "null";
    case 1:
      return "boolean";
    case 2:
      return "number";
    case 3:
      return "string";
    case 4:
      return "array";
    default:
      return "object";
  }
}

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

static void format_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    auto r = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v));
    out.append(buf, r.ptr);
    return;
  }
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void Value::dump_to(std::string& out, int indent, int depth) const {
  auto newline = [&](int d) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent * d), ' ');
  };
  switch (data_.index()) {
    case 0:
      out += "null";
      break;
    case 1:
      out += as_bool() ? "true" : "false";
      break;
    case 2:
      format_number(out, as_number());
      break;
    case 3:
      out += quote(as_string());
      break;
    case 4: {
      const auto& a = as_array();
      bool flat = std::all_of(a.begin(), a.end(),
                              [](const Value& v) { return !v.is_array() && !v.is_object(); });
      if (flat && indent >= 0) {  // short lists of numbers stay on one line: [0, -1]
        out += '[';
        for (size_t i = 0; i < a.size(); ++i) {
          if (i) out += ", ";
          a[i].dump_to(out, indent, depth + 1);
        }
        out += ']';
        break;
      }
      out += '[';
      for (size_t i = 0; i < a.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        a[i].dump_to(out, indent, depth + 1);
      }
      if (!a.empty()) newline(depth);
      out += ']';
      break;
    }
    default: {
      const auto& o = as_object();
      out += '{';
      for (size_t i = 0; i < o.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        out += quote(o[i].first);
        out += indent < 0 ? ":" : ": ";
        o[i].second.dump_to(out, indent, depth + 1);
      }
      if (!o.empty()) newline(depth);
      out += '}';
    }
  }
}

std::string Value::dump(int indent) const {
  std::string out;
  dump_to(out, indent, 0);
  return out;
}

namespace {

// Recursive-descent reader over one document.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Result<Value> document() {
    skip_space();
    Value v;
    if (!value(v, 0)) return Fail(error_);
    skip_space();
    if (pos_ != text_.size()) return Fail(where() + ": unexpected text after the JSON value");
    return v;
  }

 private:
  std::string where() const {
    int line = 1, col = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
  }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = where() + ": " + what;
    return false;
  }
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }
  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool value(Value& out, int depth) {
    if (depth > 200) return fail("nesting too deep");
    if (pos_ >= text_.size()) return fail("unexpected end of input");
    char c = text_[pos_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') {
      std::string s;
      if (!string(s)) return false;
      out = Value(std::move(s));
      return true;
    }
    if (literal("true")) return out = Value(true), true;
    if (literal("false")) return out = Value(false), true;
    if (literal("null")) return out = Value(), true;
    if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    return fail(std::string("unexpected character '") + c + "'");
  }

  bool number(Value& out) {
    size_t start = pos_;
    if (text_[pos_] == '-') ++pos_;
    if (pos_ + 1 < text_.size() && text_[pos_] == '0' && text_[pos_ + 1] >= '0' &&
        text_[pos_ + 1] <= '9')
      return fail("malformed number: leading zero");
    auto digits = [&] {
      size_t s = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ > s;
    };
    if (!digits()) return fail("malformed number");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (!digits()) return fail("malformed number");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (!digits()) return fail("malformed number");
    }
    double v = 0;
    auto r = std::from_chars(text_.data() + start, text_.data() + pos_, v);
    if (r.ec != std::errc()) return fail("number out of range");
    out = Value(v);
    return true;
  }

  static void append_utf8(std::string& s, uint32_t cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(uint32_t& cp) {
    if (pos_ + 4 > text_.size()) return fail("truncated \\u escape");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char h = text_[pos_++];
      cp <<= 4;
      if (h >= '0' && h <= '9')
        cp |= h - '0';
      else if (h >= 'a' && h <= 'f')
        cp |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F')
        cp |= h - 'A' + 10;
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  bool string(std::string& s) {
    ++pos_;  // opening quote
    while (true) {
      if (pos_ >= text_.size()) return fail("unterminated string");
      char c = text_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
      if (c != '\\') {
        s += c;
        continue;
      }
      if (pos_ >= text_.size()) return fail("unterminated string");
      char e = text_[pos_++];
      switch (e) {
        case '"':
          s += '"';
          break;
        case '\\':
          s += '\\';
          break;
        case '/':
          s += '/';
          break;
        case 'b':
          s += '\b';
          break;
        case 'f':
          s += '\f';
          break;
        case 'n':
          s += '\n';
          break;
        case 'r':
          s += '\r';
          break;
        case 't':
          s += '\t';
          break;
        case 'u': {
          uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00 && literal("\\u")) {
            uint32_t lo = 0;
            if (!hex4(lo)) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          append_utf8(s, cp);
          break;
        }
        default:
          return fail(std::string("bad escape '\\") + e + "'");
      }
    }
  }

  bool array(Value& out, int depth) {
    ++pos_;
    Array a;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      out = Value(std::move(a));
      return true;
    }
    while (true) {
      skip_space();
      Value v;
      if (!value(v, depth + 1)) return false;
      a.push_back(std::move(v));
      skip_space();
      if (pos_ >= text_.size()) return fail("unterminated array");
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] == ']') {
        ++pos_;
        out = Value(std::move(a));
        return true;
      }
      return fail("expected ',' or ']' in array");
    }
  }

  bool object(Value& out, int depth) {
    ++pos_;
    Object o;
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      out = Value(std::move(o));
      return true;
    }
    while (true) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') return fail("expected a member name");
      std::string key;
      if (!string(key)) return false;
      for (const auto& [k, v] : o)
        if (k == key) return fail("duplicate member \"" + key + "\"");
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ':') return fail("expected ':' after member name");
      ++pos_;
      skip_space();
      Value v;
      if (!value(v, depth + 1)) return false;
      o.emplace_back(std::move(key), std::move(v));
      skip_space();
      if (pos_ >= text_.size()) return fail("unterminated object");
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] == '}') {
        ++pos_;
        out = Value(std::move(o));
        return true;
      }
      return fail("expected ',' or '}' in object");
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::string error_;
};

}  // namespace

Result<Value> parse(std::string_view text) { return Parser(text).document(); }

}  // namespace cf::json
