#pragma once
// A stream that accepts every write and keeps nothing (sysbench's --verbosity below the notice
// level). Unlike std::ostream(nullptr), which starts failed, it stays good, so an output sink
// written through it closes without a "write failed" error.
#include <ostream>
#include <streambuf>

namespace hostmark {

class NullStream : public std::ostream {
 public:
  NullStream() : std::ostream(&discard_) {}

 private:
  struct Discard : std::streambuf {
    int_type overflow(int_type c) override { return traits_type::not_eof(c); }
    std::streamsize xsputn(const char* /*text*/, std::streamsize n) override { return n; }
  };
  Discard discard_;
};

}  // namespace hostmark
