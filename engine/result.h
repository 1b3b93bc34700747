#pragma once
// Bad input is returned as a value with a message, never thrown; assert is kept for invariants.

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace cf {

// Why an input was refused, in one line a user can act on.
struct Error {
  std::string message;
  // How far the work got before the input was refused (the steps of that work count): of two
  // tries refused, the one that got further says more.
  int progress = 0;
};

// Either a value or an Error.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}
  Result(Error error) : data_(std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(data_); }
  T& value() & { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  const Error& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

// The outcome of an action that has no value of its own.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}
  static Status Ok() { return {}; }
  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }

 private:
  std::optional<Error> error_;
};

inline Error Fail(std::string message) { return Error{std::move(message)}; }

// `message` as one line for a terminal, whatever the libraries put in it: line breaks become
// spaces, trailing spaces go.
inline std::string OneLine(std::string message) {
  for (char& c : message)
    if (c == '\n' || c == '\r') c = ' ';
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message;
}

}  // namespace cf
