#pragma once
// A Syscalls seam (platform/syscalls.h) that does the real call unless a rule of its script
// says otherwise. One rule per line (or separated by ';'):
//
//   <kind> <when> <effect>
//   kind    read | write | sync          (sync: fsync, fdatasync, msync, and their completions)
//           | reap                       (libaio's wait for completions, io_getevents: an
//                                         effect replaces the whole call, nothing is collected)
//   when    #N        the Nth call of that kind (1-based; retries count as calls)
//           every N   every Nth call
//           at X      every call whose byte range covers offset X
//           after B   once B bytes of that kind have moved: the call that crosses B moves only
//                     what fits (a short transfer), every later one fails (a full disk)
//           always    every call
//           unaligned every call whose offset or length is not a multiple of 512 (what the
//                     kernel may refuse with EINVAL on an O_DIRECT file)
//   effect  an errno name (EINTR, EAGAIN, EIO, ENOSPC, ...), or `short` (half the bytes)
//
//   "write #3 EINTR; read every 10 short; write after 1048576 ENOSPC; read at 8192 EIO"
//
// A fault on a synchronous call is injected instead of the call (a short one makes the call
// with half the length). On a completion (libaio event, io_uring CQE, mmap copy) the real I/O
// has happened; its result is replaced. Counts every fault it injects (injected()). Safe to
// share between threads (one lock per call: a test double, not for measuring).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "platform/syscalls.h"

namespace hostmark::testing {

class FaultSyscalls final : public platform::Syscalls {
 public:
  // Throws std::invalid_argument on a rule it cannot read.
  explicit FaultSyscalls(const std::string& script) {
    std::string text = script;
    for (char& c : text)
      if (c == ';') c = '\n';
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      std::istringstream words(line);
      std::string kind, when, effect;
      if (!(words >> kind)) continue;  // blank
      Rule r;
      r.kind = kind_of(kind);
      words >> when;
      if (when == "always") {
        r.when = When::kAlways;
      } else if (when == "unaligned") {
        r.when = When::kUnaligned;
      } else if (when.size() > 1 && when[0] == '#') {
        r.when = When::kNth;
        r.n = std::stoull(when.substr(1));
      } else if (when == "every" || when == "at" || when == "after") {
        r.when = when == "every" ? When::kEvery : when == "at" ? When::kAt : When::kAfter;
        if (!(words >> r.n)) throw std::invalid_argument("fault rule: a number after " + when);
      } else {
        throw std::invalid_argument("fault rule: '" + when + "' is not #N, every, at, after");
      }
      if (!(words >> effect)) throw std::invalid_argument("fault rule: no effect: " + line);
      r.err = effect == "short" ? 0 : errno_of(effect);
      rules_.push_back(r);
    }
  }

  std::uint64_t injected() const {
    const std::lock_guard lock(mutex_);
    return injected_;
  }
  std::uint64_t calls(platform::IoKind kind) const {
    const std::lock_guard lock(mutex_);
    return calls_[index(kind)];
  }

  std::int64_t pread(int fd, void* buf, std::size_t bytes, std::uint64_t offset) override {
    const Decision d = decide(platform::IoKind::kRead, offset, bytes);
    if (d.err) return -d.err;
    return moved(platform::IoKind::kRead, real().pread(fd, buf, d.bytes, offset));
  }
  std::int64_t pwrite(int fd, const void* buf, std::size_t bytes, std::uint64_t offset) override {
    const Decision d = decide(platform::IoKind::kWrite, offset, bytes);
    if (d.err) return -d.err;
    return moved(platform::IoKind::kWrite, real().pwrite(fd, buf, d.bytes, offset));
  }
  std::int64_t read(int fd, void* buf, std::size_t bytes) override {
    const Decision d = decide(platform::IoKind::kRead, position(fd), bytes);
    if (d.err) return -d.err;
    return moved(platform::IoKind::kRead, real().read(fd, buf, d.bytes));
  }
  std::int64_t write(int fd, const void* buf, std::size_t bytes) override {
    const Decision d = decide(platform::IoKind::kWrite, position(fd), bytes);
    if (d.err) return -d.err;
    return moved(platform::IoKind::kWrite, real().write(fd, buf, d.bytes));
  }
  std::int64_t seek(int fd, std::uint64_t offset) override { return real().seek(fd, offset); }
  std::int64_t preadv2(int fd, const iovec* iov, int count, std::uint64_t offset,
                       int flags) override {
    return vectored(platform::IoKind::kRead, fd, iov, count, offset, flags);
  }
  std::int64_t pwritev2(int fd, const iovec* iov, int count, std::uint64_t offset,
                        int flags) override {
    return vectored(platform::IoKind::kWrite, fd, iov, count, offset, flags);
  }
  std::int64_t fsync(int fd) override {
    const Decision d = decide(platform::IoKind::kSync, 0, 0);
    return d.err ? -d.err : real().fsync(fd);
  }
  std::int64_t fdatasync(int fd) override {
    const Decision d = decide(platform::IoKind::kSync, 0, 0);
    return d.err ? -d.err : real().fdatasync(fd);
  }
  std::int64_t msync(void* addr, std::size_t bytes) override {
    const Decision d = decide(platform::IoKind::kSync, 0, 0);
    return d.err ? -d.err : real().msync(addr, bytes);
  }
  std::int64_t fallocate(int fd, int mode, std::uint64_t offset, std::uint64_t bytes) override {
    return real().fallocate(fd, mode, offset, bytes);
  }
  std::int64_t ftruncate(int fd, std::uint64_t bytes) override {
    return real().ftruncate(fd, bytes);
  }
  std::int64_t getevents(::io_context* ctx, long min_nr, long nr, ::io_event* events,
                         timespec* timeout) override {
    const Decision d = decide(kReap, 0, 0);
    return d.err ? -d.err : real().getevents(ctx, min_nr, nr, events, timeout);
  }
  std::int64_t completed(const platform::Completion& io, std::int64_t result) override {
    const Decision d = decide(io.kind, io.offset, io.length);
    if (d.err) return -d.err;
    if (result <= 0) return result;
    return moved(io.kind, std::min<std::int64_t>(result, static_cast<std::int64_t>(d.bytes)));
  }

 private:
  enum class When { kNth, kEvery, kAt, kAfter, kAlways, kUnaligned };
  struct Rule {
    platform::IoKind kind = platform::IoKind::kRead;
    When when = When::kAlways;
    std::uint64_t n = 0;
    int err = 0;  // 0: short
  };
  struct Decision {
    int err = 0;            // inject -err
    std::size_t bytes = 0;  // else move at most this many
  };

  // The reap rules' kind: one past the seam's IoKinds (this double counts calls per kind).
  static constexpr auto kReap = static_cast<platform::IoKind>(3);

  static platform::Syscalls& real() { return platform::real_syscalls(); }
  static std::size_t index(platform::IoKind k) { return static_cast<std::size_t>(k); }

  static platform::IoKind kind_of(const std::string& w) {
    if (w == "read") return platform::IoKind::kRead;
    if (w == "write") return platform::IoKind::kWrite;
    if (w == "sync") return platform::IoKind::kSync;
    if (w == "reap") return kReap;
    throw std::invalid_argument("fault rule: '" + w + "' is not read, write, sync or reap");
  }
  static int errno_of(const std::string& w) {
    static const std::map<std::string, int> kNames = {
        {"EINTR", EINTR},   {"EAGAIN", EAGAIN}, {"EIO", EIO},
        {"ENOSPC", ENOSPC}, {"EBADF", EBADF},   {"EINVAL", EINVAL},
        {"EROFS", EROFS},   {"EDQUOT", EDQUOT}, {"ENOMEM", ENOMEM},
    };
    const auto it = kNames.find(w);
    if (it == kNames.end()) throw std::invalid_argument("fault rule: unknown effect '" + w + "'");
    return it->second;
  }

  // Counts the call and applies the first rule that fires.
  Decision decide(platform::IoKind kind, std::uint64_t offset, std::uint64_t length) {
    const std::lock_guard lock(mutex_);
    const std::uint64_t call = ++calls_[index(kind)];
    Decision d{0, static_cast<std::size_t>(length)};
    for (const Rule& r : rules_) {
      if (r.kind != kind) continue;
      bool fires = false;
      switch (r.when) {
        case When::kNth: fires = call == r.n; break;
        case When::kEvery: fires = r.n != 0 && call % r.n == 0; break;
        case When::kAt:
          fires = offset <= r.n && r.n < offset + std::max<std::uint64_t>(length, 1);
          break;
        case When::kAlways: fires = true; break;
        case When::kUnaligned: fires = offset % 512 != 0 || length % 512 != 0; break;
        case When::kAfter: {
          const std::uint64_t done = moved_[index(kind)];
          if (done + length <= r.n) break;
          fires = true;
          if (done < r.n) {  // room left: a short transfer up to the limit, no error yet
            d.bytes = static_cast<std::size_t>(r.n - done);
            ++injected_;
            return d;
          }
          break;
        }
      }
      if (!fires) continue;
      ++injected_;
      if (r.err != 0) return Decision{r.err, 0};
      d.bytes = static_cast<std::size_t>(length / 2);
      if (d.bytes == 0) return Decision{EIO, 0};  // nothing to halve: a failed call
      return d;
    }
    return d;
  }

  std::int64_t moved(platform::IoKind kind, std::int64_t result) {
    if (result > 0) {
      const std::lock_guard lock(mutex_);
      moved_[index(kind)] += static_cast<std::uint64_t>(result);
    }
    return result;
  }

  // The file position of `fd` (where read()/write() would start), from the kernel.
  static std::uint64_t position(int fd) {
    const off_t at = ::lseek(fd, 0, SEEK_CUR);
    return at < 0 ? 0 : static_cast<std::uint64_t>(at);
  }

  std::int64_t vectored(platform::IoKind kind, int fd, const iovec* iov, int count,
                        std::uint64_t offset, int flags) {
    std::uint64_t length = 0;
    for (int i = 0; i < count; ++i) length += iov[i].iov_len;
    const Decision d = decide(kind, offset, length);
    if (d.err) return -d.err;
    // Clip the vector to d.bytes (engines pass one iovec; any count works).
    std::vector<iovec> clipped(iov, iov + count);
    std::size_t left = d.bytes;
    for (iovec& v : clipped) {
      v.iov_len = std::min(v.iov_len, left);
      left -= v.iov_len;
    }
    const int n = static_cast<int>(clipped.size());
    return moved(kind, kind == platform::IoKind::kRead
                           ? real().preadv2(fd, clipped.data(), n, offset, flags)
                           : real().pwritev2(fd, clipped.data(), n, offset, flags));
  }

  std::vector<Rule> rules_;
  mutable std::mutex mutex_;
  std::uint64_t calls_[4] = {0, 0, 0, 0};
  std::uint64_t moved_[4] = {0, 0, 0, 0};
  std::uint64_t injected_ = 0;
};

}  // namespace hostmark::testing
