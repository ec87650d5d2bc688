#include "runner/signal_guard.h"

#include <pthread.h>

#include <cerrno>

namespace hostmark {

SignalGuard::SignalGuard() {
  sigemptyset(&set_);
  sigaddset(&set_, SIGINT);
  sigaddset(&set_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set_, &old_);
}

SignalGuard::~SignalGuard() {
  while (wait(0) != 0) {
  }
  pthread_sigmask(SIG_SETMASK, &old_, nullptr);
}

int SignalGuard::wait(std::uint64_t timeout_ns) {
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(timeout_ns / 1'000'000'000u);
  ts.tv_nsec = static_cast<long>(timeout_ns % 1'000'000'000u);
  for (;;) {
    const int sig = sigtimedwait(&set_, nullptr, &ts);
    if (sig > 0) {
      ++seen_;
      return sig;
    }
    if (errno != EINTR) return 0;  // EAGAIN: timed out
  }
}

}  // namespace hostmark
