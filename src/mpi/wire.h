#pragma once
// A byte string of fixed-width little-endian numbers and length-prefixed strings: how ranks
// send each other plain values (all ranks run the same binary, so no versioning). Reader throws
// Failure (a run error naming `what`) on a message that ends early.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"

namespace hostmark::mpi {

class WireWriter {
 public:
  void u64(std::uint64_t v) { raw(&v, sizeof v); }
  void i64(std::int64_t v) { raw(&v, sizeof v); }
  void f64(double v) { raw(&v, sizeof v); }
  void boolean(bool v) { u64(v ? 1 : 0); }
  void str(std::string_view s) {
    u64(s.size());
    out_.append(s);
  }
  void strs(const std::vector<std::string>& v) {
    u64(v.size());
    for (const auto& s : v) str(s);
  }
  const std::string& bytes() const { return out_; }

 private:
  void raw(const void* p, std::size_t n) { out_.append(static_cast<const char*>(p), n); }
  std::string out_;
};

class WireReader {
 public:
  WireReader(std::string_view bytes, std::string what) : in_(bytes), what_(std::move(what)) {}
  std::uint64_t u64() { return fixed<std::uint64_t>(); }
  std::int64_t i64() { return fixed<std::int64_t>(); }
  double f64() { return fixed<double>(); }
  bool boolean() { return u64() != 0; }
  int i32() { return static_cast<int>(i64()); }
  std::string str() {
    const std::uint64_t n = u64();
    need(n);
    std::string s(in_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::vector<std::string> strs() {
    std::vector<std::string> v(u64_bounded());
    for (auto& s : v) s = str();
    return v;
  }
  // A count that cannot exceed the bytes left (each element takes at least 8 bytes).
  std::size_t u64_bounded() {
    const std::uint64_t n = u64();
    need(n * 8 > n ? n * 8 : n);
    return static_cast<std::size_t>(n);
  }
  bool done() const { return pos_ == in_.size(); }

 private:
  template <class T>
  T fixed() {
    need(sizeof(T));
    T v{};
    std::memcpy(&v, in_.data() + pos_, sizeof v);
    pos_ += sizeof v;
    return v;
  }
  void need(std::uint64_t n) const {
    if (n > in_.size() - pos_)
      throw Failure(run_error(what_, "message from another rank ends early"));
  }
  std::string_view in_;
  std::size_t pos_ = 0;
  std::string what_;
};

}  // namespace hostmark::mpi
