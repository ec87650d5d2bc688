#pragma once
// The collecting side of `hostmark top`: one ProcessSnapshot per refresh (plus taskstats
// delays when allowed, plus block-layer rates when available) turned into a Frame of deltas.
// Owns the snapshots a Frame points into; knows nothing of the screen.
#include <memory>
#include <optional>
#include <string>

#include "commands/top_view.h"
#include "monitor/process_io.h"
#include "monitor/taskstats.h"

namespace hostmark::top {

// The block-layer part of the header: rates since the previous call to sample(), or nullopt
// when they are not available (first call, or no device counters). See top_system.cc.
class SystemSampler {
 public:
  virtual ~SystemSampler() = default;
  virtual std::optional<SystemRates> sample() = 0;
};
// A sampler of root/sys/block and root/proc/stat; nullptr when this build has none.
std::unique_ptr<SystemSampler> make_system_sampler(const std::string& root);

struct SessionOptions {
  std::string root = "/";  // where proc/, sys/ and etc/ are
  bool threads = false;
  bool delays = true;  // try taskstats at all
};

class TopSession {
 public:
  // Takes the first snapshot (the baseline of accumulated numbers).
  explicit TopSession(const SessionOptions& options);

  // Takes a snapshot and returns what changed since the previous one and since the baseline.
  Frame next();
  // Switches processes/threads: the next snapshot becomes the new baseline.
  void restart(bool threads);
  bool threads() const { return collect_.threads; }

 private:
  std::shared_ptr<monitor::ProcessSnapshot> take();

  monitor::CollectOptions collect_;
  std::shared_ptr<monitor::TaskstatsClient> taskstats_;  // null when delays are not available
  DelayStatus delays_ = DelayStatus::kNoTaskstats;
  std::unique_ptr<SystemSampler> system_;
  std::shared_ptr<const monitor::ProcessSnapshot> first_, previous_;
};

}  // namespace hostmark::top
