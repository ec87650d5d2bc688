#pragma once
// Delay accounting through the kernel's taskstats generic-netlink family (TASKSTATS_CMD_GET
// per process or thread), and what decides whether it can be used: the kernel must account
// delays (/proc/sys/kernel/task_delayacct = 1, or booted with `delayacct`) and the caller
// needs CAP_NET_ADMIN (root has it) to ask.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/error.h"
#include "monitor/process_io.h"

namespace hostmark::monitor {

enum class DelayAccounting { kOn, kOff, kUnknown };  // kUnknown: no such sysctl file

// Reads root/proc/sys/kernel/task_delayacct.
DelayAccounting read_delay_accounting(const std::string& root);

// True when the calling process has CAP_NET_ADMIN in its effective set (root normally has),
// from the CapEff line of root/proc/self/status.
bool has_net_admin(const std::string& root);

class TaskstatsClient {
 public:
  // Opens a NETLINK_GENERIC socket and looks up the TASKSTATS family. On failure: a run
  // error saying why (a kernel without CONFIG_TASKSTATS has no such family).
  static Expected<std::shared_ptr<TaskstatsClient>> open();
  ~TaskstatsClient();
  TaskstatsClient(const TaskstatsClient&) = delete;
  TaskstatsClient& operator=(const TaskstatsClient&) = delete;

  // The cumulative delays of thread group `pid` (all its threads, including ended ones) or,
  // with `thread`, of thread `pid` alone. nullopt on failure, with last_errno() saying why
  // (ESRCH: the task ended; EPERM: CAP_NET_ADMIN is missing).
  std::optional<DelayCounters> query(int pid, bool thread);
  int last_errno() const { return last_errno_; }

 private:
  TaskstatsClient(int fd, std::uint16_t family) : fd_(fd), family_(family) {}
  int fd_ = -1;
  std::uint16_t family_ = 0;
  std::uint32_t seq_ = 1;  // 1 was the family lookup
  int last_errno_ = 0;
};

// Fills `delays` of every task of `snap` that taskstats answers for. Returns how many
// queries were refused for lack of privilege (EPERM): all of them without CAP_NET_ADMIN.
std::size_t fill_delays(TaskstatsClient& client, ProcessSnapshot& snap);

}  // namespace hostmark::monitor
