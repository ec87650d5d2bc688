#include "fsbench/char_tests.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

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

}  // namespace

Phase putc_test(const FsOptions& o, const std::string& path) {
  Histogram h;
  TestMeter m;
  if (o.char_io == CharIo::kSyscall) {
    Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL);
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      const char c = static_cast<char>(i & 0x7f);
      fd.write_all(&c, 1);
      timer.tick();
    }
    fd.sync();
  } else {
    Fd fd = Fd::open(path, O_RDWR | O_CREAT | O_EXCL);
    std::FILE* f = fdopen(fd.get(), "w");
    if (f == nullptr) throw_errno(path, "fdopen");
    fd.release();
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      if (i % kPollEvery == 0 && interrupt_pending()) {
        std::fclose(f);
        throw Interrupted{};
      }
      if (putc(static_cast<int>(i & 0x7f), f) == EOF) {
        std::fclose(f);
        throw_errno(path, "write");
      }
      timer.tick();
    }
    const bool ok = std::fflush(f) == 0 && fsync(fileno(f)) == 0;
    const int e = errno;
    std::fclose(f);
    errno = e;
    if (!ok) throw_errno(path, "write");
  }
  m.stop();
  return char_phase("putc", o, m, h);
}

Phase getc_test(const FsOptions& o, const std::string& path) {
  Histogram h;
  TestMeter m;
  Fd fd = Fd::open(path, O_RDONLY);
  if (o.char_io == CharIo::kSyscall) {
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      poll_interrupt(i);
      char c = 0;
      fd.read_exact(&c, 1);
      timer.tick();
    }
  } else {
    std::FILE* f = fdopen(fd.get(), "r");
    if (f == nullptr) throw_errno(path, "fdopen");
    fd.release();
    CharTimer timer(h, group(o));
    for (std::uint64_t i = 0; i < o.char_bytes; ++i) {
      if (i % kPollEvery == 0 && interrupt_pending()) {
        std::fclose(f);
        throw Interrupted{};
      }
      if (getc(f) == EOF) {
        const bool failed = std::ferror(f) != 0;
        std::fclose(f);
        if (failed) throw_errno(path, "read");
        throw Failure(run_error(path, "read: the file ended early"));
      }
      timer.tick();
    }
    std::fclose(f);
  }
  m.stop();
  return char_phase("getc", o, m, h);
}

}  // namespace hostmark::fsbench
