#pragma once
// Turns SIGINT and SIGTERM into something the runner waits for instead of a sudden death:
// while a SignalGuard lives, both are blocked in the creating thread and in every thread it
// starts afterwards, and wait() collects them. The old mask is restored on destruction, after
// any signal still pending has been collected (so it cannot kill the process then).
#include <signal.h>

#include <cstdint>

namespace hostmark {

class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

  // Waits up to timeout_ns for SIGINT/SIGTERM; returns the signal number, or 0 on timeout.
  int wait(std::uint64_t timeout_ns);
  int signals_seen() const { return seen_; }
  // Without waiting: true once SIGINT or SIGTERM has arrived while this guard lives (a signal
  // collected here or by wait() counts). For measurements that poll at safe points.
  bool stop_requested() { return seen_ > 0 || wait(0) != 0; }

 private:
  sigset_t set_{};
  sigset_t old_{};
  int seen_ = 0;
};

}  // namespace hostmark
