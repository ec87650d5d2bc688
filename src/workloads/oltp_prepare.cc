// oltp_prepare and oltp_cleanup: sysbench's prepare (tables loaded in parallel, one connection
// per thread, thread t takes tables t+1, t+1+threads, ...) and cleanup commands.
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "runner/clock.h"
#include "workloads/oltp.h"
#include "workloads/oltp_sql.h"

namespace hostmark {
namespace {

constexpr std::size_t kStatementBytes = 512 * 1024;  // sysbench's bulk insert buffer
constexpr int kStatementsPerTransaction = 8;

struct PrepareShared {
  PrepareShared(const OltpSpec& s, const db::Driver& d, std::ostream& o)
      : spec(s), driver(d), out(o) {}
  const OltpSpec& spec;
  const db::Driver& driver;
  std::ostream& out;
  std::mutex out_mutex;
  std::atomic<bool> cancel{false};

  void say(const std::string& line) {
    const std::lock_guard lock(out_mutex);
    out << line << '\n';
    out.flush();
  }
};

bool exists(db::Connection& conn, db::DriverKind kind, std::string_view name) {
  return conn.query(oltp_sql::table_exists(kind, name)).rows > 0;
}

// Loads spec.table_size rows into `name` in chunks of up to kStatementBytes,
// kStatementsPerTransaction chunks per transaction. A chunk is a multi-row INSERT (sysbench's
// way), or where the server allows it the same rows sent by its bulk-load path (PostgreSQL's
// COPY, MariaDB's LOAD DATA LOCAL), which it parses and inserts faster (docs/PERFORMANCE.md).
// False when cancelled.
bool load_rows(PrepareShared& sh, db::Connection& conn, std::string_view name, std::uint64_t seed) {
  const OltpSpec& spec = sh.spec;
  const db::DriverKind kind = sh.driver.kind();
  const bool ids = oltp_sql::client_ids(spec, kind);
  const bool copy = conn.can_copy_rows();
  const std::string_view columns = ids ? "id, k, c, pad" : "k, c, pad";
  SysbenchRandom rng(spec.rand, seed);
  const std::string prefix = copy ? "" : oltp_sql::bulk_insert_prefix(spec, kind, name);
  std::string sql;
  sql.reserve(kStatementBytes + 512);
  int statements = 0;
  bool in_trx = false;
  char c[oltp_sql::kCLength];
  char pad[oltp_sql::kPadLength];
  const auto flush = [&](bool last) {
    if (sql.size() > prefix.size()) {
      if (!in_trx) conn.query(oltp_sql::begin(kind, true));
      in_trx = true;
      if (copy) conn.copy_rows(name, columns, sql);
      else conn.query(sql);
      ++statements;
    }
    sql = prefix;
    if (in_trx && (last || statements % kStatementsPerTransaction == 0)) {
      conn.query("COMMIT");
      in_trx = false;
    }
  };
  sql = prefix;
  for (std::uint64_t i = 1; i <= spec.table_size; ++i) {
    oltp_sql::fill_digit_groups(rng, c, sizeof c);
    oltp_sql::fill_digit_groups(rng, pad, sizeof pad);
    const std::uint64_t k = rng.next(1, spec.table_size);
    const std::string_view cv(c, sizeof c), padv(pad, sizeof pad);
    auto out = std::back_inserter(sql);
    if (copy) {  // text format: tab-separated, digits and dashes only, one line per row
      if (ids) fmt::format_to(out, "{}\t", i);
      fmt::format_to(out, "{}\t{}\t{}\n", k, cv, padv);
    } else {
      if (sql.size() > prefix.size()) sql += ',';
      sql += '(';
      if (ids) fmt::format_to(out, "{}, ", i);
      fmt::format_to(out, "{}, '{}', '{}')", k, cv, padv);
    }
    if (sql.size() >= kStatementBytes) {
      flush(false);
      if (sh.cancel.load(std::memory_order_relaxed)) {
        if (in_trx) conn.query("ROLLBACK");
        return false;
      }
    }
  }
  flush(true);
  return true;
}

// Makes sbtestN unless it exists; false when cancelled (its partial table dropped).
bool make_table(PrepareShared& sh, db::Connection& conn, int n, std::uint64_t seed) {
  const db::DriverKind kind = sh.driver.kind();
  const std::string name = oltp_sql::table_name(n);
  const std::string partial = oltp_sql::partial_name(n);
  if (exists(conn, kind, name)) {
    sh.say(fmt::format("Table '{}' already exists, skipping it (cleanup drops it)", name));
    return true;
  }
  if (exists(conn, kind, partial)) conn.query("DROP TABLE " + partial);  // an interrupted prepare's
  sh.say(fmt::format("Creating table '{}'...", name));
  conn.query(oltp_sql::create_table(sh.spec, kind, partial));
  if (sh.spec.table_size > 0)
    sh.say(fmt::format("Inserting {} records into '{}'", sh.spec.table_size, name));
  if (!load_rows(sh, conn, partial, seed)) {
    conn.query("DROP TABLE IF EXISTS " + partial);
    return false;
  }
  const auto indexes = oltp_sql::create_indexes(sh.spec, kind, partial, n);
  if (sh.spec.create_secondary) sh.say(fmt::format("Creating a secondary index on '{}'...", name));
  for (const auto& sql : indexes) conn.query(sql);
  for (const auto& sql : oltp_sql::rename_complete(sh.spec, kind, n)) conn.query(sql);
  return true;
}

void prepare_bulk_insert_tables(const db::Driver& driver, int threads, std::ostream& out) {
  auto conn = driver.connect();
  for (int n = 1; n <= threads; ++n) {
    out << fmt::format("Creating table 'sbtest{}'...", n) << std::endl;
    conn->query(fmt::format(
        "CREATE TABLE IF NOT EXISTS sbtest{} (\n  id INTEGER NOT NULL,\n  k INTEGER DEFAULT '0' "
        "NOT NULL,\n  PRIMARY KEY (id))",
        n));
  }
}

}  // namespace

void oltp_prepare(const OltpSpec& spec, const db::Driver& driver, int threads, std::ostream& out,
                  const StopRequested& stop) {
  if (spec.kind == OltpKind::kBulkInsert) {
    prepare_bulk_insert_tables(driver, threads, out);
    return;
  }
  OltpSpec effective = spec;
  // oltp_insert without auto_inc starts from empty tables (ids come from a unique sequence).
  if (spec.kind == OltpKind::kInsert && !spec.auto_inc) effective.table_size = 0;
  PrepareShared sh{effective, driver, out};
  const int workers = std::max(1, std::min(threads, spec.tables));
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(workers));
  std::atomic<int> running{workers};
  const std::uint64_t seed = monotonic_ns();
  std::vector<std::thread> pool;
  for (int t = 0; t < workers; ++t) {
    pool.emplace_back([&, t] {
      try {
        auto conn = driver.connect();
        for (int n = t + 1; n <= spec.tables && !sh.cancel.load(); n += workers) {
          if (!make_table(sh, *conn, n, seed + static_cast<std::uint64_t>(n) * 7919))
            sh.cancel = true;
        }
      } catch (...) {
        errors[static_cast<std::size_t>(t)] = std::current_exception();
        sh.cancel = true;  // the other threads stop at their next statement boundary
      }
      --running;
    });
  }
  bool interrupted = false;
  while (running.load() > 0) {
    if (!interrupted && stop && stop()) {
      interrupted = true;
      sh.cancel = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  for (auto& th : pool) th.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  if (interrupted)
    throw Failure(run_error("prepare",
                            "interrupted; the tables being loaded were dropped "
                            "(complete ones are kept: prepare again to finish)"));
}

void oltp_cleanup(const OltpSpec& spec, const db::Driver& driver, std::ostream& out) {
  auto conn = driver.connect();
  for (int n = 1; n <= spec.tables; ++n) {
    out << fmt::format("Dropping table '{}'...", oltp_sql::table_name(n)) << std::endl;
    conn->query("DROP TABLE IF EXISTS " + oltp_sql::table_name(n));
    const std::string partial = oltp_sql::partial_name(n);
    if (exists(*conn, driver.kind(), partial)) conn->query("DROP TABLE " + partial);
  }
}

}  // namespace hostmark
