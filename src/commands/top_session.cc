#include "commands/top_session.h"

#include <time.h>
#include <unistd.h>

namespace hostmark::top {
namespace {

// Decides once whether IO%/SWAPIN% can be had, and opens taskstats when they can.
DelayStatus open_delays(const SessionOptions& o,
                        std::shared_ptr<monitor::TaskstatsClient>& client) {
  if (!o.delays) return DelayStatus::kNoTaskstats;
  // Kernels before 5.14 have no sysctl and account delays whenever built with them.
  if (monitor::read_delay_accounting(o.root) == monitor::DelayAccounting::kOff) {
    return DelayStatus::kKernelOff;
  }
  if (!monitor::has_net_admin(o.root)) return DelayStatus::kNoPrivilege;
  auto opened = monitor::TaskstatsClient::open();
  if (!opened) return DelayStatus::kNoTaskstats;
  client = opened.value();
  return DelayStatus::kAvailable;
}

double unix_now_s() {
  timespec ts{};
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

}  // namespace

TopSession::TopSession(const SessionOptions& options) {
  collect_.root = options.root;
  collect_.threads = options.threads;
  delays_ = open_delays(options, taskstats_);
  system_ = make_system_sampler(options.root);
  if (system_) system_->sample();  // the first call only sets its baseline
  first_ = previous_ = take();
}

std::shared_ptr<monitor::ProcessSnapshot> TopSession::take() {
  auto snap = std::make_shared<monitor::ProcessSnapshot>(monitor::collect_processes(
      collect_, previous_ && previous_->threads == collect_.threads ? previous_.get() : nullptr));
  if (taskstats_) {
    const std::size_t refused = monitor::fill_delays(*taskstats_, *snap);
    if (refused > 0 && refused == snap->tasks.size()) {
      delays_ = DelayStatus::kNoPrivilege;  // CapEff said yes, the kernel said no
      taskstats_.reset();
    }
  }
  return snap;
}

void TopSession::restart(bool threads) {
  collect_.threads = threads;
  first_ = previous_ = take();
}

Frame TopSession::next() {
  std::shared_ptr<const monitor::ProcessSnapshot> now = take();
  Frame f;
  f.after = now;
  f.interval = monitor::delta_between(*previous_, *now);
  f.since_start = monitor::delta_between(*first_, *now);
  if (system_) f.system = system_->sample();
  f.delays = delays_;
  f.root = geteuid() == 0;
  f.unix_time_s = unix_now_s();
  previous_ = now;
  return f;
}

}  // namespace hostmark::top
