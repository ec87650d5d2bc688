#pragma once
// The one directory `hostmark fs` writes in: DIR/hostmark-fs.XXXXXX, made on construction and
// removed with everything in it on destruction (also while an error or an interrupt unwinds).
// DIR itself is never removed. Also the errno-to-Failure seam and the interrupt poll of the
// fs tests.
#include <cstdint>
#include <string>

namespace hostmark::fsbench {

class WorkDir {
 public:
  // Fails (usage error naming DIR) when DIR is not a writable directory.
  explicit WorkDir(const std::string& dir);
  ~WorkDir();
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;

  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Throws Failure(run_error(path, "<operation>: <strerror(errno)>")), e.g.
//   "/var/tmp/t/hostmark-fs.x1/data: write: No space left on device".
[[noreturn]] void throw_errno(const std::string& path, const std::string& operation);

// Thrown by a test when SIGINT/SIGTERM is pending; the command ends the run, cleaned up.
struct Interrupted {};

// True when SIGINT or SIGTERM is pending (blocked by the command's SignalGuard). One syscall:
// poll it every few thousand operations, not on every one.
bool interrupt_pending();

// Throws Interrupted when operation number i is a multiple of kPollEvery and a signal is pending.
inline constexpr std::uint64_t kPollEvery = 4096;
inline void poll_interrupt(std::uint64_t i) {
  if (i % kPollEvery == 0 && interrupt_pending()) throw Interrupted{};
}

}  // namespace hostmark::fsbench
