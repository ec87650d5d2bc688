// make_oltp_workload: one Worker per thread (its own connection and prepared statements), each
// event restarted whole on an ignorable error (after a ROLLBACK when a transaction was open,
// which sysbench forgets for PostgreSQL) and, when the connection is lost and that is allowed,
// after reconnecting and preparing the statements again.
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <deque>
#include <mutex>
#include <thread>

#include "runner/clock.h"
#include "workloads/oltp_worker.h"

namespace hostmark {
namespace oltp_detail {
namespace {

struct StmtSql {
  Stmt stmt;
  std::string_view sql;
  std::size_t params;
};
constexpr std::array kStmtSql = {
    StmtSql{kPoint, "SELECT c FROM sbtest{} WHERE id=?", 1},
    StmtSql{kSimple, "SELECT c FROM sbtest{} WHERE id BETWEEN ? AND ?", 2},
    StmtSql{kSum, "SELECT SUM(k) FROM sbtest{} WHERE id BETWEEN ? AND ?", 2},
    StmtSql{kOrder, "SELECT c FROM sbtest{} WHERE id BETWEEN ? AND ? ORDER BY c", 2},
    StmtSql{kDistinct, "SELECT DISTINCT c FROM sbtest{} WHERE id BETWEEN ? AND ? ORDER BY c", 2},
    StmtSql{kIndexUpdate, "UPDATE sbtest{} SET k=k+1 WHERE id=?", 1},
    StmtSql{kNonIndexUpdate, "UPDATE sbtest{} SET c=? WHERE id=?", 2},
    StmtSql{kDelete, "DELETE FROM sbtest{} WHERE id=?", 1},
    StmtSql{kInsert, "INSERT INTO sbtest{} (id, k, c, pad) VALUES (?, ?, ?, ?)", 4},
};

// The statements each workload prepares (for every table).
std::vector<Stmt> statements_of(const OltpSpec& s) {
  const std::vector<Stmt> reads = {kPoint, kSimple, kSum, kOrder, kDistinct};
  const std::vector<Stmt> writes = {kIndexUpdate, kNonIndexUpdate, kDelete, kInsert};
  std::vector<Stmt> out;
  const bool rw = s.kind == OltpKind::kReadWrite;
  if (rw || s.kind == OltpKind::kReadOnly) {
    out.push_back(kPoint);
    if (s.range_selects) out.insert(out.end(), reads.begin() + 1, reads.end());
  }
  if (rw || s.kind == OltpKind::kWriteOnly) out.insert(out.end(), writes.begin(), writes.end());
  if (s.kind == OltpKind::kPointSelect) out.push_back(kPoint);
  if (s.kind == OltpKind::kUpdateIndex) out.push_back(kIndexUpdate);
  if (s.kind == OltpKind::kUpdateNonIndex) out.push_back(kNonIndexUpdate);
  if (s.kind == OltpKind::kDelete) out.push_back(kDelete);
  return out;
}

std::string join_repeated(std::string_view item, std::string_view sep, std::uint64_t n) {
  std::string s;
  for (std::uint64_t i = 0; i < n; ++i) s += std::string(i ? sep : "") + std::string(item);
  return s;
}

}  // namespace

Worker::Worker(const OltpSpec& spec, const db::Driver& driver, int thread_index, int thread_count,
               std::uint64_t seed, Counters& counters, std::atomic<std::uint64_t>& unique_ids)
    : spec_(spec),
      driver_(driver),
      thread_index_(thread_index),
      thread_count_(thread_count),
      rng_(spec.rand, seed),
      counters_(counters),
      unique_ids_(unique_ids) {
  if (spec_.kind == OltpKind::kPointSelect) spec_.point_selects = 1;
  conn_ = driver_.connect();
  prepare_statements();
}

Worker::~Worker() {
  if (spec_.kind != OltpKind::kBulkInsert) return;
  try {
    bulk_insert_flush();
  } catch (const std::exception& e) {
    counters_.end_error = e.what();
  }
}

bool Worker::needs_trx() const {
  return !spec_.skip_trx &&
         (spec_.kind == OltpKind::kReadWrite || spec_.kind == OltpKind::kReadOnly ||
          spec_.kind == OltpKind::kWriteOnly);
}

bool Worker::writes() const { return spec_.kind != OltpKind::kReadOnly; }

void Worker::prepare_statements() {
  begin_.reset();
  commit_.reset();
  stmts_.clear();
  select_.reset();
  if (needs_trx()) {
    begin_ = conn_->prepare(oltp_sql::begin(driver_.kind(), writes()), 0);
    commit_ = conn_->prepare("COMMIT", 0);
  }
  const std::vector<Stmt> wanted = statements_of(spec_);
  if (!wanted.empty()) stmts_.resize(static_cast<std::size_t>(spec_.tables));
  for (int t = 1; t <= static_cast<int>(stmts_.size()); ++t) {
    for (const Stmt w : wanted) {
      const StmtSql& def = kStmtSql[w];
      stmts_[t - 1][w] = conn_->prepare(fmt::format(fmt::runtime(def.sql), t), def.params);
    }
  }
  if (spec_.kind == OltpKind::kSelectRandomPoints) {
    select_ = conn_->prepare("SELECT id, k, c, pad FROM sbtest1 WHERE k IN (" +
                                 join_repeated("?", ", ", spec_.random_points) + ")",
                             spec_.random_points);
  } else if (spec_.kind == OltpKind::kSelectRandomRanges) {
    select_ = conn_->prepare("SELECT count(k) FROM sbtest1 WHERE " +
                                 join_repeated("k BETWEEN ? AND ?", " OR ", spec_.number_of_ranges),
                             spec_.number_of_ranges * 2);
  }
}

db::QueryResult Worker::count(const db::QueryResult& r) {
  switch (r.kind) {
    case db::QueryKind::kRead: bump(counters_.reads); break;
    case db::QueryKind::kWrite: bump(counters_.writes); break;
    case db::QueryKind::kOther: bump(counters_.others); break;
  }
  return r;
}

bool Worker::execute() {
  if (!counters_.end_error.empty()) return false;
  for (;;) {
    try {
      try {
        run_event();
        bump(counters_.transactions);
        return true;
      } catch (const db::DbError& e) {
        recover(e);
      }
    } catch (const db::DbError& e) {
      // The server went away (and was not to be, or could not be, reconnected): this thread
      // stops; the run ends with what completed and this error (OltpWorkload::end_error).
      if (!e.connection_lost()) throw;
      counters_.end_error = e.what();
      return false;
    }
  }
}

void Worker::recover(const db::DbError& e) {
  const bool reconnect = e.connection_lost() && (e.ignorable() || spec_.reconnect_on_lost);
  if (!reconnect && !e.ignorable()) throw;  // the run fails with this error
  bump(counters_.ignored_errors);
  const bool was_in_trx = in_trx_;
  in_trx_ = false;
  if (reconnect) {
    begin_.reset();
    commit_.reset();
    stmts_.clear();
    select_.reset();
    reconnect_with_retries();
    bump(counters_.reconnects);
    prepare_statements();
    return;
  }
  if (!was_in_trx) return;
  try {
    count(conn_->query("ROLLBACK"));
  } catch (const db::DbError& r) {
    if (!r.connection_lost()) throw;
    recover(r);
  }
}

// As sysbench does, a reconnect is tried again (every 100 ms here) while the server restarts;
// after kReconnectTryNs the server counts as gone.
void Worker::reconnect_with_retries() {
  constexpr std::uint64_t kReconnectTryNs = 10'000'000'000;
  const std::uint64_t start = monotonic_ns();
  for (;;) {
    try {
      conn_->reconnect();
      return;
    } catch (const db::DbError& r) {
      if (monotonic_ns() - start >= kReconnectTryNs)
        throw db::DbError(r.error(), r.code(), false, true);  // as lost as before
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

namespace {

class Workload final : public OltpWorkload {
 public:
  Workload(const OltpSpec& spec, const db::Driver& driver, std::uint64_t seed)
      : spec_(spec), driver_(driver), seed_(seed), unique_ids_(seed & 0xffffffffu) {}

  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override {
    Counters* counters = nullptr;
    {
      const std::lock_guard lock(mutex_);
      counters = &slots_.emplace_back();
    }
    const std::uint64_t seed = seed_ + 0x9e3779b97f4a7c15ull * (thread_index + 1);
    return std::make_unique<Worker>(spec_, driver_, thread_index, thread_count, seed, *counters,
                                    unique_ids_);
  }

  OltpCounts counts() const override {
    const std::lock_guard lock(mutex_);
    return since(baseline_, raw());
  }

  // Each worker's counters only grow, and each is read once per call: the parts add up.
  std::shared_ptr<const OwnCounts> restart_counters() override {
    const std::lock_guard lock(mutex_);
    auto part = std::make_shared<OltpPart>();
    const OltpCounts now = raw();
    part->counts = since(part_origin_, now);
    part_origin_ = now;
    return part;
  }

  void reset_counts() override {
    const std::lock_guard lock(mutex_);
    baseline_ = raw();
  }

  std::string end_error() const override {
    const std::lock_guard lock(mutex_);
    for (const auto& s : slots_)
      if (!s.end_error.empty()) return s.end_error;
    return "";
  }

 private:
  static OltpCounts since(const OltpCounts& a, const OltpCounts& b) {
    return {b.reads - a.reads,
            b.writes - a.writes,
            b.others - a.others,
            b.transactions - a.transactions,
            b.ignored_errors - a.ignored_errors,
            b.reconnects - a.reconnects};
  }

  OltpCounts raw() const {
    OltpCounts c;
    for (const auto& s : slots_) {
      c.reads += s.reads.load(std::memory_order_relaxed);
      c.writes += s.writes.load(std::memory_order_relaxed);
      c.others += s.others.load(std::memory_order_relaxed);
      c.transactions += s.transactions.load(std::memory_order_relaxed);
      c.ignored_errors += s.ignored_errors.load(std::memory_order_relaxed);
      c.reconnects += s.reconnects.load(std::memory_order_relaxed);
    }
    return c;
  }

  OltpSpec spec_;
  const db::Driver& driver_;
  std::uint64_t seed_;
  mutable std::mutex mutex_;
  std::deque<Counters> slots_;             // stable addresses: workers keep a reference to theirs
  OltpCounts baseline_;                    // origin of counts()
  OltpCounts part_origin_;                 // origin of the next restart_counters() part
  std::atomic<std::uint64_t> unique_ids_;  // oltp_insert without auto_inc: next id's index
};

}  // namespace
}  // namespace oltp_detail

std::unique_ptr<OltpWorkload> make_oltp_workload(const OltpSpec& spec, const db::Driver& driver,
                                                 std::uint64_t seed) {
  return std::make_unique<oltp_detail::Workload>(spec, driver, seed);
}

}  // namespace hostmark
