#include "fsbench/char_tests.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/error.h"
#include "fsbench/fd.h"
#include "fsbench/test_meter.h"
#include "fsbench/work_dir.h"

namespace hostmark::fsbench {
namespace {

// Per-char latency: one clock read per call would cost more than putc() itself (about 25 ns
// against 6), so stdio calls are timed in groups of kStdioGroup (the worst group bounds the
// worst call to within a few hundred ns); a system call per byte is timed one by one.
constexpr std::uint64_t kStdioGroup = 64;
std::uint64_t group(const FsOptions& o) { return o.char_io == CharIo::kStdio ? kStdioGroup : 1; }

class CharTimer {
 public:
  CharTimer(Histogram& h, std::uint64_t group)
      : h_(h), group_(group), left_(group), last_(Clock::now()) {}
  // After each call: records the time of the group the call completes.
  void tick() {
    if (--left_ != 0) return;
    left_ = group_;
    const auto now = Clock::now();
    h_.record(ns_between(last_, now));
    last_ = now;
  }

 private:
  Histogram& h_;
  std::uint64_t group_;
  std::uint64_t left_;
  Clock::time_point last_;
};

// The phase, saying how many calls one latency sample covers.
Phase char_phase(const std::string& name, const FsOptions& o, const TestMeter& m,
                 const Histogram& h) {
  Phase p = byte_phase(name, m, o.char_bytes, h);
  p.metrics.push_back({"calls_per_latency_sample", static_cast<double>(group(o)), "calls"});
  return p;
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// A stdio stream over `fd`, which it now owns.
File stream_of(Fd& fd, const char* mode, const std::string& path) {
  File f(fdopen(fd.get(), mode));
  if (!f) throw_errno(path, "fdopen");
  fd.release();
  return f;
}

}  // namespace

Phase putc_test(const FsOptions& o, const std::string& path) {
  Histogram h;
  TestMeter m;
  if (o.char_io == CharIo::kSyscall) {
    Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL, *o.syscalls);
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      const char c = static_cast<char>(i & 0x7f);
      fd.write_all(&c, 1);
      timer.tick();
    }
    fd.sync();
  } else {
    Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL, *o.syscalls);
    const File f = stream_of(fd, "w", path);
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      if (putc(static_cast<int>(i & 0x7f), f.get()) == EOF) throw_errno(path, "write");
      timer.tick();
    }
    if (std::fflush(f.get()) != 0) throw_errno(path, "write");
    const std::int64_t rc = o.syscalls->fsync(fileno(f.get()));
    if (rc < 0)
      throw Failure(
          run_error(path, fmt::format("fsync: {}", std::strerror(static_cast<int>(-rc)))));
  }
  m.stop();
  return char_phase("putc", o, m, h);
}

Phase getc_test(const FsOptions& o, const std::string& path) {
  Histogram h;
  TestMeter m;
  Fd fd = Fd::open(path, O_RDONLY, *o.syscalls);
  if (o.char_io == CharIo::kSyscall) {
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      char c = 0;
      fd.read_exact(&c, 1);
      timer.tick();
    }
  } else {
    const File f = stream_of(fd, "r", path);
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      if (getc(f.get()) == EOF) {
        if (std::ferror(f.get()) != 0) throw_errno(path, "read");
        throw Failure(run_error(path, "read: the file ended early"));
      }
      timer.tick();
    }
  }
  m.stop();
  return char_phase("getc", o, m, h);
}

}  // namespace hostmark::fsbench
