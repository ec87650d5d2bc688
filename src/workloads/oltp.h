#pragma once
// sysbench 1.0.20's OLTP workloads (its oltp_*.lua, select_random_*.lua and bulk_insert.lua
// scripts) on any db::Driver: the same schema (sbtestN: id, k, c CHAR(120), pad CHAR(60),
// index k_N), the same generated data, the same statements per event, the same read/write/
// other classification, the same restart of the whole event on an ignorable error.
// Used by `hostmark sysbench oltp_*` (commands/sysbench_oltp.cc) and `hostmark db`
// (commands/db.cc). Implementation: workloads/oltp_*.cc.
#include <atomic>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/stop_requested.h"
#include "db/db_driver.h"
#include "runner/workload.h"
#include "workloads/sysbench_random.h"

namespace hostmark {

enum class OltpKind {
  kReadWrite,
  kReadOnly,
  kWriteOnly,
  kPointSelect,
  kUpdateIndex,
  kUpdateNonIndex,
  kInsert,
  kDelete,
  kSelectRandomPoints,
  kSelectRandomRanges,
  kBulkInsert,
};

// "oltp_read_write" -> kReadWrite...; an error naming the workload otherwise.
Expected<OltpKind> parse_oltp_kind(std::string_view name);
std::string_view oltp_kind_name(OltpKind kind);

// sysbench's option values (its defaults).
struct OltpSpec {
  OltpKind kind = OltpKind::kReadWrite;
  int tables = 1;
  std::uint64_t table_size = 10000;
  std::uint64_t range_size = 100;
  std::uint64_t point_selects = 10;
  std::uint64_t simple_ranges = 1;
  std::uint64_t sum_ranges = 1;
  std::uint64_t order_ranges = 1;
  std::uint64_t distinct_ranges = 1;
  std::uint64_t index_updates = 1;
  std::uint64_t non_index_updates = 1;
  std::uint64_t delete_inserts = 1;
  bool range_selects = true;
  bool skip_trx = false;
  bool auto_inc = true;
  bool secondary = false;
  bool create_secondary = true;
  std::string mysql_storage_engine = "innodb";
  std::uint64_t random_points = 10;     // select_random_points
  std::uint64_t number_of_ranges = 10;  // select_random_ranges
  std::uint64_t delta = 5;              // select_random_ranges
  bool reconnect_on_lost = false;       // reconnect (and restart the event) when the server
                                        // connection is lost, instead of failing the run
  RandSpec rand;
};

// What the events did, summed over threads (safe to read while the run goes on).
struct OltpCounts {
  std::uint64_t reads = 0;
  std::uint64_t writes = 0;
  std::uint64_t others = 0;
  std::uint64_t transactions = 0;  // completed events
  std::uint64_t ignored_errors = 0;
  std::uint64_t reconnects = 0;
};

// What the events did over one part of a run (OltpWorkload::restart_counters).
struct OltpPart final : OwnCounts {
  OltpCounts counts;
};

// Creates the tables and loads them (multi-row inserts), `threads` tables in parallel, printing
// sysbench's lines ("Creating table 'sbtest1'...", "Inserting 10000 records into 'sbtest1'",
// "Creating a secondary index on 'sbtest1'..."). A table is loaded under a temporary name
// (sbtestN_hostmark_partial) and renamed sbtestN once complete: a table left half-made by an
// interrupted prepare is dropped and made again; a complete sbtestN is kept ("already exists,
// skipping it"), so an interrupted prepare resumes. `stop` is polled on the calling thread
// (about every 50 ms): when it says stop, the tables being loaded are dropped and a run error
// "interrupted" is thrown. bulk_insert makes `threads` tables (id, k), as sysbench does.
// Throws Failure/DbError.
void oltp_prepare(const OltpSpec& spec, const db::Driver& driver, int threads, std::ostream& out,
                  const StopRequested& stop = {});

// sysbench's `prewarm` (MySQL/MariaDB only; another driver is a run error in sysbench's words):
// `threads` connections (thread t takes tables t+1, t+1+threads, ...) each print "Prewarming
// table sbtestN", run ANALYZE TABLE and read every row through the primary key and through the
// secondary index column, so the buffer pool holds the tables before a run. Throws
// Failure/DbError.
void oltp_prewarm(const OltpSpec& spec, const db::Driver& driver, int threads, std::ostream& out);

// Drops sbtest1..sbtestN (only those, and their sbtestN_hostmark_partial leftovers), printing
// "Dropping table 'sbtestN'...".
void oltp_cleanup(const OltpSpec& spec, const db::Driver& driver, std::ostream& out);

class OltpWorkload : public Workload {
 public:
  // Each worker connects in make_worker() (on its own thread) and prepares its statements.
  virtual OltpCounts counts() const = 0;
  // From now on counts() counts from zero (call when a warm-up ends). restart_counters() (an
  // OltpPart) keeps its own origin: neither moves the other's.
  virtual void reset_counts() {}
  // After the run: the error that ended it early (the server connection was lost and not
  // restored: each worker stops at its next statement, the counts cover what completed), or
  // that came after the last event (bulk_insert's final INSERT); "" when none.
  virtual std::string end_error() const { return ""; }
};

std::unique_ptr<OltpWorkload> make_oltp_workload(const OltpSpec& spec, const db::Driver& driver,
                                                 std::uint64_t seed);

}  // namespace hostmark
