#pragma once
// A small JSON value, reader and writer, so that the engine needs nothing beyond the standard
// library.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/result.h"

namespace cf::json {

class Value;
using Array = std::vector<Value>;
// Members keep the order in which they were written or read.
using Object = std::vector<std::pair<std::string, Value>>;

// One JSON value: null, boolean, number, string, array or object.
class Value {
 public:
  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : data_(b) {}
  Value(int v) : data_(static_cast<double>(v)) {}
  Value(int64_t v) : data_(static_cast<double>(v)) {}
  Value(double v) : data_(v) {}
  Value(const char* s) : data_(std::string(s)) {}
  Value(std::string s) : data_(std::move(s)) {}
  Value(Array a) : data_(std::move(a)) {}
  Value(Object o) : data_(std::move(o)) {}

  bool is_null() const { return std::holds_alternative<std::monostate>(data_); }
  bool is_bool() const { return std::holds_alternative<bool>(data_); }
  bool is_number() const { return std::holds_alternative<double>(data_); }
  bool is_integer() const;
  bool is_string() const { return std::holds_alternative<std::string>(data_); }
  bool is_array() const { return std::holds_alternative<Array>(data_); }
  bool is_object() const { return std::holds_alternative<Object>(data_); }

  bool as_bool() const { return std::get<bool>(data_); }
  double as_number() const { return std::get<double>(data_); }
  int64_t as_int() const { return static_cast<int64_t>(std::get<double>(data_)); }
  const std::string& as_string() const { return std::get<std::string>(data_); }
  const Array& as_array() const { return std::get<Array>(data_); }
  Array& as_array() { return std::get<Array>(data_); }
  const Object& as_object() const { return std::get<Object>(data_); }
  Object& as_object() { return std::get<Object>(data_); }

  // Member lookup on an object; nullptr when absent or when this is not an object.
  const Value* find(std::string_view key) const;
  // Sets or appends a member; turns a null value into an object first.
  Value& operator[](std::string_view key);
  void push_back(Value v);

  std::string type_name() const;
  // Compact when indent < 0, else pretty-printed with that many spaces per level.
  std::string dump(int indent = -1) const;

  friend bool operator==(const Value& a, const Value& b) { return a.data_ == b.data_; }

 private:
  void dump_to(std::string& out, int indent, int depth) const;
  std::variant<std::monostate, bool, double, std::string, Array, Object> data_;
};

// Parses a whole document; the error names line and column.
Result<Value> parse(std::string_view text);

std::string quote(std::string_view s);

}  // namespace cf::json
