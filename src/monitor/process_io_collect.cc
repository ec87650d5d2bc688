// Walks root/proc (and root/proc/PID/task with threads) into a ProcessSnapshot.
#include <dirent.h>
#include <time.h>

#include <algorithm>
#include <charconv>
#include <memory>

#include "monitor/proc_file.h"
#include "monitor/process_io.h"

namespace hostmark::monitor {
namespace {

struct DirCloser {
  void operator()(DIR* d) const { closedir(d); }
};
using DirHandle = std::unique_ptr<DIR, DirCloser>;

// The numeric entries of `dir` (pids or tids); empty when it cannot be opened.
std::vector<int> numeric_entries(const std::string& dir) {
  std::vector<int> ids;
  DirHandle d(opendir(dir.c_str()));
  if (!d) return ids;
  while (const dirent* e = readdir(d.get())) {
    const char* name = e->d_name;
    const char* end = name;
    while (*end != '\0') ++end;
    int id = 0;
    const auto [p, ec] = std::from_chars(name, end, id);
    if (ec == std::errc{} && p == end && id > 0) ids.push_back(id);
  }
  return ids;
}

std::uint64_t monotonic_now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

// Reads one task directory (proc/PID or proc/PID/task/TID) into `out`; false when the task
// is gone (stat or status unreadable or malformed).
bool read_task(const std::string& dir, std::string& buf, TaskSample& out) {
  if (read_proc_text(dir + "/stat", buf) != 0) return false;
  auto stat = parse_proc_pid_stat(buf);
  if (!stat) return false;
  if (read_proc_text(dir + "/status", buf) != 0) return false;
  const auto uid = parse_status_uid(buf);
  if (!uid) return false;
  out.comm = std::move(stat->comm);
  out.state = stat->state;
  out.start_time_ticks = stat->start_time_ticks;
  out.uid = *uid;
  out.io.reset();
  if (read_proc_text(dir + "/io", buf) == 0) out.io = parse_proc_pid_io(buf);
  return true;
}

}  // namespace

ProcessSnapshot collect_processes(const CollectOptions& options) {
  ProcessSnapshot snap;
  snap.threads = options.threads;
  snap.monotonic_ns = monotonic_now_ns();
  const std::string proc = options.root + (options.root.ends_with('/') ? "proc/" : "/proc/");
  std::string buf;
  std::vector<int> pids = numeric_entries(proc);
  std::sort(pids.begin(), pids.end());
  for (const int pid : pids) {
    const std::string pid_dir = proc + std::to_string(pid);
    std::string cmdline;
    if (options.cmdlines && read_proc_text(pid_dir + "/cmdline", buf) == 0) {
      cmdline = parse_cmdline(buf);
    }
    std::vector<int> tids{pid};
    if (options.threads) {
      tids = numeric_entries(pid_dir + "/task");
      std::sort(tids.begin(), tids.end());
    }
    for (const int tid : tids) {
      TaskSample t;
      t.pid = pid;
      t.tid = tid;
      const std::string dir = options.threads ? pid_dir + "/task/" + std::to_string(tid) : pid_dir;
      if (!read_task(dir, buf, t)) continue;
      t.cmdline = cmdline;
      snap.tasks.push_back(std::move(t));
    }
  }
  // Threads of different processes interleave in tid order only after sorting.
  std::sort(snap.tasks.begin(), snap.tasks.end(),
            [](const TaskSample& a, const TaskSample& b) { return a.tid < b.tid; });
  return snap;
}

}  // namespace hostmark::monitor
