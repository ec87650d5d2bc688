#pragma once
// The busy handler of the SQLite driver's connections. SQLite's own (sqlite3_busy_timeout)
// sleeps up to 100 ms at a time, which wastes most of a write lock's free time when two
// threads take turns; this one sleeps 20 us doubling up to 1 ms. Its budget is the wall time
// one statement has spent waiting in total: SQLite restarts its attempt count at each locking
// event (a statement may meet several), and a sleep on a loaded machine lasts longer than
// asked, so neither the count nor the sum of the asked sleeps measures it.
#include <cstdint>
#include <functional>

namespace hostmark::db {

class SqliteBusyWait {
 public:
  using NowNs = std::function<std::uint64_t()>;        // a monotonic clock, ns
  using SleepNs = std::function<void(std::uint64_t)>;  // sleeps about that many ns
  // `limit_ns`: the most one statement waits in total before SQLite gives up (SQLITE_BUSY).
  // `now`/`sleep` default to the steady clock and nanosleep (tests pass fakes).
  explicit SqliteBusyWait(std::uint64_t limit_ns, NowNs now = {}, SleepNs sleep = {});

  // A new statement (or the next step of one): its budget starts again.
  void start_statement() { waited_ns_ = 0; }
  // One call of the busy handler, `attempt` as SQLite counts (0 for the first call of a
  // locking event). Sleeps and returns true (SQLite tries the lock again), or returns false
  // at once when the statement has waited `limit_ns` (SQLite returns SQLITE_BUSY).
  bool wait(int attempt);
  std::uint64_t waited_ns() const { return waited_ns_; }

  // The sqlite3_busy_handler callback; `self` is a SqliteBusyWait.
  static int handler(void* self, int attempt);

 private:
  std::uint64_t limit_ns_;
  NowNs now_;
  SleepNs sleep_;
  std::uint64_t waited_ns_ = 0;
};

}  // namespace hostmark::db
