#pragma once
// Per-process (or per-thread) I/O counters from /proc/[pid]/io, with what identifies the task
// (/proc/[pid]/stat: comm, state, start time; /proc/[pid]/status: uid; cmdline). Collecting
// reads files under a root directory ("/" normally, a fixture tree in tests); rates come from
// two snapshots (monitor/process_io_delta.h), never from here.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::monitor {

// /proc/[pid]/io, cumulative since the task started (bytes and read/write system calls).
// read_bytes/write_bytes are what the task made the block layer fetch or write back (page
// cache misses, dirtied pages); rchar/wchar are what it asked read()/write() for.
struct IoCounters {
  std::uint64_t rchar = 0, wchar = 0, syscr = 0, syscw = 0;
  std::uint64_t read_bytes = 0, write_bytes = 0, cancelled_write_bytes = 0;
};

// Delay accounting (taskstats), cumulative nanoseconds the task waited for block I/O and for
// swapping pages in.
struct DelayCounters {
  std::uint64_t blkio_delay_ns = 0, swapin_delay_ns = 0;
};

// The fields of /proc/[pid]/stat a monitor needs.
struct StatFields {
  std::string comm;                    // without the parentheses, may contain spaces and ')'
  char state = '?';                    // R S D Z T t X I ...
  bool kernel_thread = false;          // PF_KTHREAD set in field 9 (flags)
  std::uint64_t start_time_ticks = 0;  // field 22: clock ticks after boot (tells pid reuse)
};

// One process (tid == pid) or one thread.
struct TaskSample {
  int pid = 0;  // thread group id
  int tid = 0;  // == pid for a process sample
  std::uint64_t start_time_ticks = 0;
  char state = '?';
  bool kernel_thread = false;           // no uid change, no cmdline
  bool settled = false;                 // uid and cmdline kept from the previous snapshot
  unsigned uid = 0;                     // real uid from status
  std::string comm;                     // "kworker/0:1"
  std::string cmdline;                  // arguments joined by spaces; "" for kernel threads
  std::optional<IoCounters> io;         // empty: /proc/[pid]/io could not be read (permission)
  std::optional<DelayCounters> delays;  // empty: no delay accounting for this task
};

struct ProcessSnapshot {
  std::uint64_t monotonic_ns = 0;  // CLOCK_MONOTONIC when collected
  std::uint64_t uptime_ticks = 0;  // root/proc/uptime in clock ticks (0: not readable)
  bool threads = false;            // tasks are threads, not processes
  std::vector<TaskSample> tasks;   // sorted by tid
};

// Parsers of one file's text; nullopt for text that is not that file's format.
std::optional<IoCounters> parse_proc_pid_io(std::string_view text);
std::optional<StatFields> parse_proc_pid_stat(std::string_view text);
std::optional<unsigned> parse_status_uid(std::string_view text);  // the real uid of "Uid:"
std::string parse_cmdline(std::string_view text);                 // NULs become spaces

struct CollectOptions {
  std::string root = "/";  // where proc/ is
  bool threads = false;    // one sample per thread (proc/PID/task/TID) instead of per process
  bool cmdlines = true;    // read proc/PID/cmdline
};

// Reads every numeric entry of root/proc. A task whose stat or status cannot be read (it
// ended meanwhile) is left out; a task whose io file cannot be read (another user's process
// without privileges, or missing) is kept with `io` empty. `delays` are left empty (see
// monitor/taskstats.h).
// With `previous` (the last snapshot of the same kind), a task already in it (same tid and
// start time) keeps its uid without reading status when that uid was not 0 (only a
// privileged task can change its real uid), and keeps uid and cmdline when it is `settled`:
// a kernel thread, or a task that was already 10 s old then (daemons drop privileges and set
// their titles as they start). Kernel threads have no cmdline, so none is read for them.
// That halves the files read per refresh: stat and io for most tasks.
ProcessSnapshot collect_processes(const CollectOptions& options,
                                  const ProcessSnapshot* previous = nullptr);

}  // namespace hostmark::monitor
