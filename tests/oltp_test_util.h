#pragma once
// Helpers of the OLTP tests: a SQLite database in a scratch directory, running a workload for
// a number of events, reading tables back, and a driver that injects errors.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "db/db_driver.h"
#include "runner/runner.h"
#include "scratch_dir.h"
#include "workloads/oltp.h"

namespace hostmark::oltp_test {

inline db::ConnectOptions sqlite_options(const ScratchDir& dir) {
  db::ConnectOptions o;
  o.kind = db::DriverKind::kSqlite;
  o.sqlite_path = dir.file("sbtest.db");
  o.ignore_errors = {"SQLITE_BUSY"};
  return o;
}

inline std::unique_ptr<db::Driver> driver_for(const db::ConnectOptions& o) {
  return db::make_driver(o).value();
}

// Runs `events` events of `spec` on `threads` threads; returns the counts.
inline OltpCounts run_events(const OltpSpec& spec, const db::Driver& driver, std::uint64_t events,
                             int threads = 1) {
  auto workload = make_oltp_workload(spec, driver, 12345);
  RunSpec run;
  run.threads = threads;
  run.max_events = events;
  run.time_limit_ns = 0;
  const RunOutcome outcome = run_workload(*workload, run, nullptr);
  EXPECT_EQ(outcome.latency.count(), events);
  return workload->counts();
}

// How many rows `sql` returns (the db interface counts rows, it does not return values).
inline std::uint64_t rows(db::Connection& conn, const std::string& sql) {
  return conn.query(sql).rows;
}

inline bool table_exists(db::Connection& conn, db::DriverKind kind, const std::string& name) {
  const std::string sql =
      kind == db::DriverKind::kSqlite
          ? "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '" + name + "'"
          : "SELECT 1 FROM information_schema.tables WHERE table_name = '" + name + "' AND " +
                (kind == db::DriverKind::kMysql ? "table_schema = DATABASE()"
                                                : "table_schema = current_schema()");
  return rows(conn, sql) > 0;
}

// A WHERE condition true when column `col` is NOT 'groups' 11-digit groups joined by '-'.
inline std::string not_digit_groups(db::DriverKind kind, const std::string& col, int groups) {
  const std::string re = "^([0-9]{11}-){" + std::to_string(groups - 1) + "}[0-9]{11}$";
  if (kind == db::DriverKind::kMysql) return col + " NOT REGEXP '" + re + "'";
  if (kind == db::DriverKind::kPgsql) return "rtrim(" + col + ") !~ '" + re + "'";  // CHAR pads
  std::string glob;
  for (int g = 0; g < groups; ++g) {
    if (g > 0) glob += '-';
    for (int d = 0; d < 11; ++d) glob += "[0-9]";
  }
  return "NOT (" + col + " GLOB '" + glob + "')";
}

// A driver around a real one whose statements fail with `code` on the `fail_at`-th execution
// (counted over all its connections), once. Or, given `before`, one that calls it (with the
// statement's number, from 1) before every statement but ROLLBACK: a test can make a real
// fault happen there (tests/db_fault_test.cc kills the session from another connection).
class FaultDriver final : public db::Driver {
 public:
  FaultDriver(const db::Driver& inner, std::uint64_t fail_at, bool ignorable, bool lost)
      : inner_(inner), fail_at_(fail_at), ignorable_(ignorable), lost_(lost) {}
  FaultDriver(const db::Driver& inner, std::function<void(std::uint64_t)> before)
      : inner_(inner), fail_at_(0), ignorable_(false), lost_(false), before_(std::move(before)) {}
  db::DriverKind kind() const override { return inner_.kind(); }
  std::string_view name() const override { return inner_.name(); }
  std::string target() const override { return inner_.target(); }
  std::unique_ptr<db::Connection> connect() const override {
    return std::make_unique<Conn>(*this, inner_.connect());
  }
  mutable std::atomic<std::uint64_t> executed{0};
  mutable std::atomic<std::uint64_t> reconnects{0};
  mutable std::atomic<std::uint64_t> rollbacks{0};

 private:
  void maybe_fail() const {
    const std::uint64_t n = executed.fetch_add(1) + 1;
    if (before_) before_(n);
    if (n == fail_at_) {
      throw db::DbError(run_error(target(), "injected"), "INJECTED", ignorable_, lost_);
    }
  }
  class Stmt final : public db::Statement {
   public:
    Stmt(const FaultDriver& d, std::unique_ptr<db::Statement> s) : d_(d), s_(std::move(s)) {}
    db::QueryResult execute(std::span<const db::Param> p) override {
      d_.maybe_fail();
      return s_->execute(p);
    }

   private:
    const FaultDriver& d_;
    std::unique_ptr<db::Statement> s_;
  };
  class Conn final : public db::Connection {
   public:
    Conn(const FaultDriver& d, std::unique_ptr<db::Connection> c) : d_(d), c_(std::move(c)) {}
    db::QueryResult query(std::string_view sql) override {
      if (sql == "ROLLBACK") d_.rollbacks.fetch_add(1);
      else d_.maybe_fail();
      return c_->query(sql);
    }
    std::unique_ptr<db::Statement> prepare(std::string_view sql, std::size_t n) override {
      return std::make_unique<Stmt>(d_, c_->prepare(sql, n));
    }
    void reconnect() override {
      d_.reconnects.fetch_add(1);
      c_->reconnect();
    }
    std::string server_version() override { return c_->server_version(); }
    std::vector<std::pair<std::string, std::string>> server_settings() override {
      return c_->server_settings();
    }

   private:
    const FaultDriver& d_;
    std::unique_ptr<db::Connection> c_;
  };

  const db::Driver& inner_;
  std::uint64_t fail_at_;
  bool ignorable_;
  bool lost_;
  std::function<void(std::uint64_t)> before_;
};

}  // namespace hostmark::oltp_test
