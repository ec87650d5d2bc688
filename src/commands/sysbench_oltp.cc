#include "commands/sysbench_oltp.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "commands/sysbench_oltp_options.h"
#include "db/db_url.h"
#include "runner/signal_guard.h"
#include "workloads/oltp_sql.h"

namespace hostmark {
namespace {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    const auto b = item.find_first_not_of(" \t");
    const auto e = item.find_last_not_of(" \t");
    if (b != std::string::npos) items.push_back(item.substr(b, e - b + 1));
  }
  return items;
}

// One value of a sysbench LIST option (hostmark connects to one server).
std::string single(const SbArgs& a, SbGroups g, std::string_view name) {
  const auto items = split_list(a.text(g, name));
  if (items.size() > 1)
    throw Failure(usage_error("--" + std::string(name),
                              "lists of several servers are not supported; give one"));
  return items.empty() ? std::string() : items.front();
}

std::uint64_t at_least(const SbArgs& a, SbGroups g, std::string_view name, std::uint64_t min) {
  const std::uint64_t v = a.count(g, name);
  if (v < min)
    throw Failure(usage_error("--" + std::string(name), fmt::format("must be at least {}", min)));
  return v;
}

OltpKind kind_of(const SbArgs& a) { return parse_oltp_kind(a.test()).value(); }

std::uint64_t threads_of(const SbArgs& a, SbGroups g) {
  if (a.has("num-threads") && !a.has("threads")) return a.count(g, "num-threads");
  return a.count(g, "threads");
}

// The workload with the driver it runs on (the driver outlives the workload's workers).
class OltpRun final : public Workload {
 public:
  OltpRun(std::unique_ptr<db::Driver> driver, const OltpSpec& spec, std::uint64_t seed)
      : driver_(std::move(driver)), workload_(make_oltp_workload(spec, *driver_, seed)) {}
  std::unique_ptr<EventWorker> make_worker(int index, int count) override {
    return workload_->make_worker(index, count);
  }
  std::shared_ptr<const OwnCounts> restart_counters() override {
    return workload_->restart_counters();
  }
  OltpWorkload& oltp() const { return *workload_; }

 private:
  std::unique_ptr<db::Driver> driver_;
  std::unique_ptr<OltpWorkload> workload_;
};

std::unique_ptr<db::Driver> driver_from(const SbArgs& a, SbGroups g) {
  auto driver = db::make_driver(connect_options_from(a, g)).value();
  if (a.flag(g, "db-debug")) std::cerr << "db-debug: driver " << driver->target() << '\n';
  return driver;
}

// run and cleanup open an existing SQLite file only: without a prepare they must not leave an
// empty database behind (prepare alone creates it).
std::unique_ptr<db::Driver> existing_db_driver_from(const SbArgs& a, SbGroups g) {
  db::ConnectOptions o = connect_options_from(a, g);
  o.sqlite_create = false;
  auto driver = db::make_driver(o).value();
  if (a.flag(g, "db-debug")) std::cerr << "db-debug: driver " << driver->target() << '\n';
  return driver;
}

bool sqlite_file_missing(const SbArgs& a, SbGroups g) {
  const db::ConnectOptions o = connect_options_from(a, g);
  std::error_code ec;
  return o.kind == db::DriverKind::kSqlite && !std::filesystem::exists(o.sqlite_path, ec);
}

std::unique_ptr<Workload> make_oltp(const SbArgs& a, SbGroups g, std::uint64_t seed) {
  const OltpSpec spec = oltp_spec_from(kind_of(a), a, g);
  // What SQLite says of a missing table, as sysbench passes on the server's ("Table
  // 'sbtest.sbtest1' doesn't exist" from MySQL): the file holds no table when it is not there.
  if (sqlite_file_missing(a, g)) {
    throw Failure(run_error(
        a.text(g, "sqlite-db"),
        fmt::format("no such table: {} (the database file does not exist: run the prepare "
                    "command first)",
                    oltp_sql::table_name(1))));
  }
  return std::make_unique<OltpRun>(existing_db_driver_from(a, g), spec, seed);
}

std::vector<std::string> oltp_lines(const SbArgs&, SbGroups) { return {}; }

double oltp_per_s(std::uint64_t n, const RunOutcome& o) {
  return o.wall_ns ? static_cast<double>(n) * 1e9 / static_cast<double>(o.wall_ns) : 0;
}

void oltp_metrics(const SbArgs&, SbGroups, const Workload& w, const RunOutcome& o,
                  std::vector<Metric>& m) {
  const auto& run = dynamic_cast<const OltpRun&>(w);
  // The part of the run the outcome covers (after warm-up, since the last checkpoint).
  const auto* part = dynamic_cast<const OltpPart*>(o.own_counts.get());
  const OltpCounts c = part != nullptr ? part->counts : run.oltp().counts();
  const std::uint64_t total = c.reads + c.writes + c.others;
  const std::uint64_t transactions = o.latency.count();
  m.push_back({"queries_read", static_cast<double>(c.reads), "queries"});
  m.push_back({"queries_write", static_cast<double>(c.writes), "queries"});
  m.push_back({"queries_other", static_cast<double>(c.others), "queries"});
  m.push_back({"queries_total", static_cast<double>(total), "queries"});
  m.push_back({"transactions", static_cast<double>(transactions), "transactions"});
  m.push_back({"transactions_per_s", oltp_per_s(transactions, o), "transactions/s"});
  m.push_back({"queries_per_s", oltp_per_s(total, o), "queries/s"});
  m.push_back({"ignored_errors", static_cast<double>(c.ignored_errors), "errors"});
  m.push_back({"ignored_errors_per_s", oltp_per_s(c.ignored_errors, o), "errors/s"});
  m.push_back({"reconnects", static_cast<double>(c.reconnects), "reconnects"});
  m.push_back({"reconnects_per_s", oltp_per_s(c.reconnects, o), "reconnects/s"});
}

int oltp_prepare_command(const SbArgs& a, SbGroups g, std::ostream& out) {
  const OltpKind kind = kind_of(a);
  const OltpSpec spec = oltp_spec_from(kind, a, g);
  const auto driver = driver_from(a, g);
  const int threads = static_cast<int>(threads_of(a, g));
  // sysbench runs prepare as a parallel command when --threads > 1, and says so.
  if (kind != OltpKind::kBulkInsert && threads > 1) out << "Initializing worker threads...\n\n";
  SignalGuard guard;  // Ctrl-C: drop the tables being loaded, keep the complete ones
  oltp_prepare(spec, *driver, threads, out, [&guard] { return guard.stop_requested(); });
  return 0;
}

int oltp_prewarm_command(const SbArgs& a, SbGroups g, std::ostream& out) {
  const OltpSpec spec = oltp_spec_from(kind_of(a), a, g);
  const auto driver = driver_from(a, g);
  const int threads = static_cast<int>(threads_of(a, g));
  if (threads > 1) out << "Initializing worker threads...\n\n";  // a parallel command
  oltp_prewarm(spec, *driver, threads, out);
  return 0;
}

int oltp_cleanup_command(const SbArgs& a, SbGroups g, std::ostream& out) {
  OltpSpec spec = oltp_spec_from(kind_of(a), a, g);
  if (spec.kind == OltpKind::kBulkInsert) spec.tables = static_cast<int>(threads_of(a, g));
  if (sqlite_file_missing(a, g)) {  // nothing to drop, as DROP TABLE IF EXISTS finds nothing
    for (int n = 1; n <= spec.tables; ++n)
      out << fmt::format("Dropping table '{}'...", oltp_sql::table_name(n)) << std::endl;
    return 0;
  }
  oltp_cleanup(spec, *existing_db_driver_from(a, g), out);
  return 0;
}

std::string oltp_interval_line(const Workload& w, const IntervalSample& s, double percentile,
                               std::vector<double>& state) {
  const OltpCounts c = dynamic_cast<const OltpRun&>(w).oltp().counts();
  const std::vector<double> now = {s.time_s,
                                   static_cast<double>(c.reads),
                                   static_cast<double>(c.writes),
                                   static_cast<double>(c.others),
                                   static_cast<double>(c.ignored_errors),
                                   static_cast<double>(c.reconnects)};
  if (state.size() != now.size()) state.assign(now.size(), 0.0);
  const double seconds = now[0] - state[0];
  const auto rate = [&](std::size_t i) { return seconds > 0 ? (now[i] - state[i]) / seconds : 0; };
  std::string line = fmt::format(
      "[ {}s ] thds: {} tps: {:.2f} qps: {:.2f} (r/w/o: {:.2f}/{:.2f}/{:.2f}) lat (ms,{}%): "
      "{:.2f} err/s: {:.2f} reconn/s: {:.2f}",
      std::llround(s.time_s), s.threads, s.events_per_s, rate(1) + rate(2) + rate(3), rate(1),
      rate(2), rate(3), percentile, static_cast<double>(s.latency_pct_ns) / 1e6, rate(4), rate(5));
  state = now;
  return line;
}

void oltp_warmup_done(Workload& w) { dynamic_cast<OltpRun&>(w).oltp().reset_counts(); }

std::string oltp_end_error(const Workload& w) {
  return dynamic_cast<const OltpRun&>(w).oltp().end_error();
}

#define HOSTMARK_OLTP_TEST(name, kind, description)                                                \
  SysbenchTest {                                                                                   \
    name, description, oltp_options(kind), make_oltp, oltp_lines, oltp_metrics,                    \
        oltp_prepare_command, oltp_cleanup_command, oltp_interval_line, nullptr, oltp_warmup_done, \
        oltp_end_error, EventAccounting::kLean, false, nullptr, false, oltp_prewarm_command        \
  }

}  // namespace

OltpSpec oltp_spec_from(OltpKind kind, const SbArgs& a, SbGroups g) {
  OltpSpec s;
  s.kind = kind;
  if (kind == OltpKind::kBulkInsert) {
    s.tables = static_cast<int>(std::max<std::uint64_t>(1, threads_of(a, g)));
  } else {
    const std::uint64_t tables = at_least(a, g, "tables", 1);
    if (tables > 100000) throw Failure(usage_error("--tables", "must be at most 100000"));
    s.tables = static_cast<int>(tables);
    if ((kind == OltpKind::kSelectRandomPoints || kind == OltpKind::kSelectRandomRanges) &&
        s.tables != 1) {
      throw Failure(usage_error(
          "--tables", fmt::format("{} supports only 1 table (as in sysbench)", a.test())));
    }
    s.table_size = a.count(g, "table-size");
    if (s.table_size > 2147483647)
      throw Failure(usage_error("--table-size", "must fit an SQL INTEGER (at most 2147483647)"));
    s.range_size = at_least(a, g, "range-size", 1);
    s.point_selects = a.count(g, "point-selects");
    s.simple_ranges = a.count(g, "simple-ranges");
    s.sum_ranges = a.count(g, "sum-ranges");
    s.order_ranges = a.count(g, "order-ranges");
    s.distinct_ranges = a.count(g, "distinct-ranges");
    s.index_updates = a.count(g, "index-updates");
    s.non_index_updates = a.count(g, "non-index-updates");
    s.delete_inserts = a.count(g, "delete-inserts");
    s.range_selects = a.flag(g, "range-selects");
    s.skip_trx = a.flag(g, "skip-trx");
    s.auto_inc = a.flag(g, "auto-inc");
    s.secondary = a.flag(g, "secondary");
    s.create_secondary = a.flag(g, "create-secondary");
    s.mysql_storage_engine = a.text(g, "mysql-storage-engine");
    if (s.mysql_storage_engine.find_first_of("*/;'\" ") != std::string::npos)
      throw Failure(usage_error("--mysql-storage-engine",
                                fmt::format("'{}' is not an engine name", s.mysql_storage_engine)));
    if (kind == OltpKind::kSelectRandomPoints) s.random_points = at_least(a, g, "random-points", 1);
    if (kind == OltpKind::kSelectRandomRanges) {
      s.number_of_ranges = at_least(a, g, "number-of-ranges", 1);
      s.delta = a.count(g, "delta");
    }
  }
  s.rand.type = parse_rand_type(a.text(g, "rand-type")).value();
  s.rand.spec_iter = static_cast<int>(a.count(g, "rand-spec-iter"));
  s.rand.spec_pct = a.number(g, "rand-spec-pct");
  s.rand.spec_res = a.number(g, "rand-spec-res");
  s.rand.pareto_h = a.number(g, "rand-pareto-h");
  s.rand.zipfian_exp = a.number(g, "rand-zipfian-exp");
  if (!(s.rand.zipfian_exp > 0))
    throw Failure(usage_error("--rand-zipfian-exp", "must be greater than 0"));
  return s;
}

// The password rule of `hostmark db` (db/db_url.h) for the sysbench face: --mysql-password /
// --pgsql-password, else MYSQL_PWD / PGPASSWORD, else --db-password-file's first line.
std::string password_from(const SbArgs& a, SbGroups g, const char* option, db::DriverKind kind) {
  const std::string given = a.text(g, option);
  if (!given.empty()) return given;
  const char* env = std::getenv(std::string(db::password_env_name(kind)).c_str());
  if (env != nullptr && *env != '\0') return env;
  const std::string file = a.text(g, "db-password-file");
  if (file.empty()) return "";
  auto password = db::read_password_file(file);
  if (!password) throw Failure(usage_error("--db-password-file", password.error().why));
  return std::move(password).value();
}

// --db-driver, or without it the driver whose options were given, else sysbench's default,
// MySQL (the drop-in's numbers mean what sysbench's mean; --db-driver=sqlite needs no server).
std::string driver_of(const SbArgs& a, SbGroups g) {
  if (a.has("db-driver")) return a.text(g, "db-driver");
  for (const auto& [name, value] : a.given()) {
    if (name.starts_with("mysql-") && name != "mysql-storage-engine") return "mysql";
    if (name.starts_with("pgsql-") && name != "pgsql-variant") return "pgsql";
  }
  return a.text(g, "db-driver");
}

std::unique_ptr<db::Driver> sysbench_db_driver(const SbArgs& a, SbGroups g) {
  return driver_from(a, g);
}

db::ConnectOptions connect_options_from(const SbArgs& a, SbGroups g) {
  db::ConnectOptions o;
  const std::string driver = driver_of(a, g);
  const std::string ps = a.text(g, "db-ps-mode");
  if (ps != "auto" && ps != "disable")
    throw Failure(usage_error("--db-ps-mode", fmt::format("'{}' is not auto or disable", ps)));
  o.server_prepared = ps == "auto";
  if (a.has("pgsql-variant")) {  // oltp_common.lua's option, for Amazon Redshift
    throw Failure(usage_error(
        "--pgsql-variant",
        "not supported by hostmark (Redshift's variant of the tables and transactions)"));
  }
  if (driver == "mysql") {
    o.kind = db::DriverKind::kMysql;
    o.dry_run = a.flag(g, "mysql-dry-run");
    o.host = single(a, g, "mysql-host");
    const std::string port = single(a, g, "mysql-port");
    const auto p = port.empty() ? 3306ul : std::strtoul(port.c_str(), nullptr, 10);
    if (port.find_first_not_of("0123456789") != std::string::npos || p == 0 || p > 65535)
      throw Failure(usage_error("--mysql-port", fmt::format("'{}' is not a port", port)));
    o.port = static_cast<unsigned>(p);
    o.socket = single(a, g, "mysql-socket");
    o.user = a.text(g, "mysql-user");
    o.password = password_from(a, g, "mysql-password", o.kind);
    o.database = a.text(g, "mysql-db");
    o.ssl = a.text(g, "mysql-ssl-mode");
    if (o.ssl.empty()) o.ssl = a.flag(g, "mysql-ssl") ? "on" : "off";
    o.ssl_cipher = a.text(g, "mysql-ssl-cipher");
    o.compression = a.flag(g, "mysql-compression");
    if (a.flag(g, "mysql-debug")) {
      throw Failure(usage_error("--mysql-debug",
                                "not supported by hostmark (the client library's call trace "
                                "needs a debug build of libmariadb)"));
    }
    o.ignore_errors = split_list(a.text(g, "mysql-ignore-errors"));
  } else if (driver == "pgsql") {
    o.kind = db::DriverKind::kPgsql;
    o.host = a.text(g, "pgsql-host");
    const std::uint64_t port = a.count(g, "pgsql-port");
    if (port == 0 || port > 65535)
      throw Failure(usage_error("--pgsql-port", fmt::format("'{}' is not a port", port)));
    o.port = static_cast<unsigned>(port);
    o.user = a.text(g, "pgsql-user");
    o.password = password_from(a, g, "pgsql-password", o.kind);
    o.database = a.text(g, "pgsql-db");
    o.ssl = a.text(g, "pgsql-sslmode");
    static constexpr std::array kSslModes = {"disable", "allow",     "prefer",
                                             "require", "verify-ca", "verify-full"};
    if (std::find(kSslModes.begin(), kSslModes.end(), o.ssl) == kSslModes.end())
      throw Failure(
          usage_error("--pgsql-sslmode", fmt::format("'{}' is not disable, allow, prefer, require, "
                                                     "verify-ca or verify-full",
                                                     o.ssl)));
    o.ignore_errors = split_list(a.text(g, "pgsql-ignore-errors"));
  } else if (driver == "sqlite") {
    o.kind = db::DriverKind::kSqlite;
    o.sqlite_path = a.text(g, "sqlite-db");
    if (o.sqlite_path.empty()) throw Failure(usage_error("--sqlite-db", "must not be empty"));
    o.ignore_errors = split_list(a.text(g, "sqlite-ignore-errors"));
  } else {
    // sysbench fails in the script's function of the command (thread_init() for run).
    const std::string function = a.command() == "run" ? "thread_init" : a.command();
    throw Failure(with_peer_text(
        usage_error("--db-driver", fmt::format("'{}' is not sqlite, mysql or pgsql", driver)),
        fmt::format("FATAL: invalid database driver name: '{}'\nFATAL: `{}' function failed: "
                    "hostmark sysbench: failed to initialize the DB driver",
                    driver, function)));
  }
  return o;
}

std::span<const SysbenchTest> sysbench_oltp_tests() {
  static const std::array kOltpTests = {
      HOSTMARK_OLTP_TEST("oltp_read_write", OltpKind::kReadWrite, "Read/Write OLTP benchmark"),
      HOSTMARK_OLTP_TEST("oltp_read_only", OltpKind::kReadOnly, "Read-Only OLTP benchmark"),
      HOSTMARK_OLTP_TEST("oltp_write_only", OltpKind::kWriteOnly, "Write-Only OLTP benchmark"),
      HOSTMARK_OLTP_TEST("oltp_point_select", OltpKind::kPointSelect,
                         "OLTP Point Select benchmark"),
      HOSTMARK_OLTP_TEST("oltp_update_index", OltpKind::kUpdateIndex,
                         "Update-Index OLTP benchmark"),
      HOSTMARK_OLTP_TEST("oltp_update_non_index", OltpKind::kUpdateNonIndex,
                         "Update-Non-Index OLTP benchmark"),
      HOSTMARK_OLTP_TEST("oltp_insert", OltpKind::kInsert, "Insert-Only OLTP benchmark"),
      HOSTMARK_OLTP_TEST("oltp_delete", OltpKind::kDelete, "Delete-Only OLTP benchmark"),
      HOSTMARK_OLTP_TEST("select_random_points", OltpKind::kSelectRandomPoints,
                         "SELECT ... WHERE k IN (random points) benchmark (key cache)"),
      HOSTMARK_OLTP_TEST("select_random_ranges", OltpKind::kSelectRandomRanges,
                         "SELECT count(k) ... WHERE k BETWEEN (random ranges) benchmark"),
      HOSTMARK_OLTP_TEST("bulk_insert", OltpKind::kBulkInsert,
                         "Bulk insert benchmark: multi-row INSERTs, one table per thread"),
  };
  return kOltpTests;
}

}  // namespace hostmark
