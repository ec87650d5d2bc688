// Walks root/proc (and root/proc/PID/task with threads) into a ProcessSnapshot.
#include <dirent.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <memory>

#include "monitor/proc_file.h"
#include "monitor/process_io.h"

namespace hostmark::monitor {
namespace {

// A task this old (in clock ticks: 10 s at USER_HZ 100) has dropped its privileges and set
// its title long ago, if it ever will.
constexpr std::uint64_t kSettledAgeTicks = 1000;

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

// The task with `tid` and `start_time_ticks` in `snap`, or nullptr.
const TaskSample* find_task(const ProcessSnapshot* snap, int tid, std::uint64_t start) {
  if (snap == nullptr) return nullptr;
  const auto it = std::lower_bound(snap->tasks.begin(), snap->tasks.end(), tid,
                                   [](const TaskSample& s, int id) { return s.tid < id; });
  if (it == snap->tasks.end() || it->tid != tid || it->start_time_ticks != start) return nullptr;
  return &*it;
}

// Reads one task directory (proc/PID or proc/PID/task/TID) into `out`; false when the task
// is gone (stat or status unreadable or malformed).
// `known` is set to the same task in `previous`, if there.
bool read_task(const std::string& dir, const ProcessSnapshot* previous, std::string& buf,
               TaskSample& out, const TaskSample*& known) {
  const int dirfd = ::open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dirfd < 0) return false;
  bool ok = false;
  if (read_proc_text_at(dirfd, "stat", buf) == 0) {
    if (auto stat = parse_proc_pid_stat(buf)) {
      known = find_task(previous, out.tid, stat->start_time_ticks);
      out.settled =
          known != nullptr && (known->settled || known->kernel_thread ||
                               previous->uptime_ticks >= stat->start_time_ticks + kSettledAgeTicks);
      std::optional<unsigned> uid;
      if (known != nullptr && (known->uid != 0 || out.settled)) {
        uid = known->uid;
      } else if (read_proc_text_at(dirfd, "status", buf) == 0) {
        uid = parse_status_uid(buf);
      }
      if (uid) {
        ok = true;
        out.comm = std::move(stat->comm);
        out.state = stat->state;
        out.kernel_thread = stat->kernel_thread;
        out.start_time_ticks = stat->start_time_ticks;
        out.uid = *uid;
        out.io.reset();
        if (read_proc_text_at(dirfd, "io", buf) == 0) out.io = parse_proc_pid_io(buf);
      }
    }
  }
  ::close(dirfd);
  return ok;
}

}  // namespace

ProcessSnapshot collect_processes(const CollectOptions& options, const ProcessSnapshot* previous) {
  ProcessSnapshot snap;
  snap.threads = options.threads;
  snap.monotonic_ns = monotonic_now_ns();
  const std::string proc = options.root + (options.root.ends_with('/') ? "proc/" : "/proc/");
  std::string buf;
  if (read_proc_text(proc + "uptime", buf) == 0) {
    snap.uptime_ticks = static_cast<std::uint64_t>(std::strtod(buf.c_str(), nullptr) *
                                                   static_cast<double>(sysconf(_SC_CLK_TCK)));
  }
  std::vector<int> pids = numeric_entries(proc);
  std::sort(pids.begin(), pids.end());
  for (const int pid : pids) {
    const std::string pid_dir = proc + std::to_string(pid);
    std::string cmdline;
    bool cmdline_read = !options.cmdlines;
    std::vector<int> tids{pid};
    if (options.threads) {
      tids = numeric_entries(pid_dir + "/task");
      std::sort(tids.begin(), tids.end());
    }
    for (const int tid : tids) {
      TaskSample t;
      t.pid = pid;
      t.tid = tid;
      const TaskSample* known = nullptr;
      const std::string dir = options.threads ? pid_dir + "/task/" + std::to_string(tid) : pid_dir;
      if (!read_task(dir, previous, buf, t, known)) continue;
      if (!cmdline_read && t.settled) {
        cmdline = known->cmdline;
        cmdline_read = true;
      }
      if (!cmdline_read && !t.kernel_thread) {
        if (read_proc_text(pid_dir + "/cmdline", buf) == 0) cmdline = parse_cmdline(buf);
        cmdline_read = true;
      }
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
