#pragma once
// Errors as values. An Error says what (an option, a file, a test) and why, and whether it is the
// user's mistake (exit 2) or a failed run (exit 1). The top of the program turns it into exactly
// one line: "hostmark: <what>: <why>".
#include <exception>
#include <string>
#include <utility>
#include <variant>

namespace hostmark {

enum class ErrorKind { kUsage, kRun };

struct Error {
  Error() = default;
  Error(ErrorKind k, std::string culprit, std::string reason)
      : kind(k), what(std::move(culprit)), why(std::move(reason)) {}

  ErrorKind kind = ErrorKind::kUsage;
  std::string what;  // the culprit: "--memory-block-size", "cpu", "/tmp/x.fio:3"
  std::string why;   // "'12q' is not a size"
  // Drop-in faces only: the peer tool's own words for this error, verbatim and without the final
  // newline ("FATAL: Invalid value for memory-block-size: 3"). `hostmark sysbench` prints it in
  // place of the hostmark line, where sysbench prints it, and exits 1 as sysbench does; every
  // other command prints the hostmark line.
  std::string peer_text;

  std::string message() const { return what.empty() ? why : what + ": " + why; }
  int exit_code() const { return kind == ErrorKind::kUsage ? 2 : 1; }
};

inline Error usage_error(std::string what, std::string why) {
  return Error{ErrorKind::kUsage, std::move(what), std::move(why)};
}
inline Error run_error(std::string what, std::string why) {
  return Error{ErrorKind::kRun, std::move(what), std::move(why)};
}
// `e` with the peer tool's words for it (Error::peer_text).
inline Error with_peer_text(Error e, std::string peer_text) {
  e.peer_text = std::move(peer_text);
  return e;
}

// Thrown only to carry an Error up to main(); never for invariant breaks (those abort).
class Failure : public std::exception {
 public:
  explicit Failure(Error e) : error_(std::move(e)), text_(error_.message()) {}
  const Error& error() const { return error_; }
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  Error error_;
  std::string text_;
};

// A value or an Error. value() throws Failure when there is none, so command code can write
// `auto n = parse_size(...).value();` and let main() print the line.
template <class T>
class Expected {
 public:
  Expected(T v) : v_(std::move(v)) {}      // NOLINT(google-explicit-constructor)
  Expected(Error e) : v_(std::move(e)) {}  // NOLINT(google-explicit-constructor)
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& {
    if (!ok()) throw Failure(std::get<1>(v_));
    return std::get<0>(v_);
  }
  T&& value() && {
    if (!ok()) throw Failure(std::get<1>(v_));
    return std::get<0>(std::move(v_));
  }
  const Error& error() const { return std::get<1>(v_); }
  // Like value(): throws Failure when there is no value.
  const T* operator->() const { return &value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> v_;
};

// Success or an Error, for operations that produce nothing: `return Ok{};` or `return
// run_error(...)`.
struct Ok {};
using Status = Expected<Ok>;

}  // namespace hostmark
