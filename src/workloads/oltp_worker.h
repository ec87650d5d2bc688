#pragma once
// One thread's OLTP worker: its connection, its prepared statements (for every table, as
// sysbench prepares them), its random generator and its counters. Internal to
// workloads/oltp_*.cc: oltp_events.cc runs the statements of one event, oltp_workload.cc the
// event with its restart on ignorable errors.
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "db/db_driver.h"
#include "runner/workload.h"
#include "workloads/oltp.h"
#include "workloads/oltp_sql.h"
#include "workloads/sysbench_random.h"

namespace hostmark::oltp_detail {

// One worker's counts; written by its thread only, read by any (relaxed atomics).
struct alignas(64) Counters {
  std::atomic<std::uint64_t> reads{0};
  std::atomic<std::uint64_t> writes{0};
  std::atomic<std::uint64_t> others{0};
  std::atomic<std::uint64_t> transactions{0};
  std::atomic<std::uint64_t> ignored_errors{0};
  std::atomic<std::uint64_t> reconnects{0};
  // The error that stopped this worker (server gone) or bulk_insert's failed last flush (in
  // ~Worker); written by its thread, read after the run.
  std::string end_error;
};

inline void bump(std::atomic<std::uint64_t>& c, std::uint64_t by = 1) {
  c.store(c.load(std::memory_order_relaxed) + by, std::memory_order_relaxed);
}

// Statement kinds of oltp_common.lua, prepared per table.
enum Stmt {
  kPoint,
  kSimple,
  kSum,
  kOrder,
  kDistinct,
  kIndexUpdate,
  kNonIndexUpdate,
  kDelete,
  kInsert,
  kStmtCount
};

class Worker final : public EventWorker {
 public:
  Worker(const OltpSpec& spec, const db::Driver& driver, int thread_index, int thread_count,
         std::uint64_t seed, Counters& counters, std::atomic<std::uint64_t>& unique_ids);
  ~Worker() override;
  bool execute() override;

 private:
  void prepare_statements();
  void run_event();  // the statements of one event (oltp_events.cc); throws db::DbError
  void recover(const db::DbError& e);  // in a catch block: rollback/reconnect, or rethrow
  void reconnect_with_retries();
  db::QueryResult count(const db::QueryResult& r);
  db::QueryResult run(db::Statement& s, std::span<const db::Param> params) {
    return count(s.execute(params));
  }
  bool needs_trx() const;
  bool writes() const;
  int table() {
    return static_cast<int>(rng_.uniform(1, static_cast<std::uint64_t>(spec_.tables)));
  }
  std::int64_t id() { return static_cast<std::int64_t>(rng_.next(1, spec_.table_size)); }
  void point_selects();
  void ranges(Stmt kind, std::uint64_t repeat);
  void index_updates();
  void non_index_updates();
  void delete_inserts();
  void insert();
  void bulk_insert_row();
  void bulk_insert_flush();
  void select_random_points();
  void select_random_ranges();

  OltpSpec spec_;  // a copy: oltp_point_select runs 1 point select per event
  const db::Driver& driver_;
  int thread_index_;
  int thread_count_;
  SysbenchRandom rng_;
  Counters& counters_;
  std::atomic<std::uint64_t>& unique_ids_;
  std::unique_ptr<db::Connection> conn_;
  std::unique_ptr<db::Statement> begin_;
  std::unique_ptr<db::Statement> commit_;
  std::vector<std::array<std::unique_ptr<db::Statement>, kStmtCount>> stmts_;  // [table - 1]
  std::unique_ptr<db::Statement> select_;  // select_random_points / select_random_ranges
  bool in_trx_ = false;
  std::vector<db::Param> params_;
  std::vector<std::int64_t> ints_;
  std::array<char, oltp_sql::kCLength> c_{};
  std::array<char, oltp_sql::kPadLength> pad_{};
  std::string text_;             // oltp_insert's and bulk_insert's statement text
  std::uint64_t bulk_rows_ = 0;  // bulk_insert: rows so far (the next row is bulk_rows_ + 1)
  std::size_t bulk_prefix_ = 0;  // bulk_insert: length of "INSERT INTO sbtestN VALUES"
};

}  // namespace hostmark::oltp_detail
