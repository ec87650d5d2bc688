#include "commands/doctor/db_check.h"

#include <fmt/format.h>

#include <optional>

#include "commands/db_run.h"
#include "commands/db_sqlite_file.h"
#include "commands/doctor/host_checks.h"
#include "db/db_url.h"

namespace hostmark::doctor {
namespace {

const Phase* find_phase(const std::vector<Phase>& phases, const std::string& name) {
  for (const auto& p : phases)
    if (p.name == name) return &p;
  return nullptr;
}

std::optional<double> p95_us(const Phase& p) {
  if (!p.latency) return std::nullopt;
  for (const auto& [pct, ns] : p.latency->percentiles_ns)
    if (pct == 95) return static_cast<double>(ns) / 1e3;
  return std::nullopt;
}

class DbCheck final : public Check {
 public:
  DbCheck(db::ConnectOptions connect, std::uint64_t phase_ns)
      : connect_(std::move(connect)), phase_ns_(phase_ns) {}
  std::string name() const override { return "database"; }
  double expected_s() const override { return 3.0 * static_cast<double>(phase_ns_) / 1e9; }

  CheckReport run(CheckEnv& env) override {
    CheckReport r;
    DbRunOptions o;
    o.connect = connect_;
    o.connect.ignore_errors = db_retried_errors(o.connect.kind);
    o.tables = 1;
    o.table_size = 1000;
    o.threads = 1;
    o.time_per_phase_ns = phase_ns_;
    o.warmup_ns = 0;
    std::unique_ptr<SqliteRunFile> file;
    const std::string target = db::display_db_url(connect_);
    env.progress.clear();
    try {
      if (o.connect.kind == db::DriverKind::kSqlite) {
        file = std::make_unique<SqliteRunFile>(o.connect.sqlite_path, sqlite_temp_parent());
        o.connect.sqlite_path = file->path();
        o.before_abandon = [f = file.get()] { f->remove(); };
      }
      DbRun run = measure_db(o, env.io);
      r.interrupted = run.interrupted;
      r.finding = assess_db(run.phases, target);
      for (auto& p : run.phases) {
        p.name = "doctor.database." + p.name;
        r.phases.push_back(std::move(p));
      }
      if (run.failure) r.failure = run.failure;
      if (run.cleanup_failure) r.warnings.push_back(run.cleanup_failure->message());
    } catch (const Failure& e) {
      r.failure = e.error();
    }
    if (r.failure) {
      r.finding.area = "database";
      r.finding.measured = r.finding.measured && !r.finding.numbers.empty();
      r.finding.severity = Severity::kWarning;
      r.finding.summary = "the OLTP probe failed: " + r.failure->message();
    }
    Phase summary = finding_phase(r.finding, 0);
    r.phases.insert(r.phases.begin(), std::move(summary));
    return r;
  }

 private:
  db::ConnectOptions connect_;
  std::uint64_t phase_ns_;
};

}  // namespace

Finding assess_db(const std::vector<Phase>& phases, const std::string& target) {
  Finding f;
  f.area = "database";
  f.evidence.push_back(fmt::format("{}: 1 table of 1000 rows, 1 client thread", target));
  const Phase* rw = find_phase(phases, "read-write");
  const Phase* ps = find_phase(phases, "point-select");
  if (rw == nullptr) {
    f.measured = false;
    f.summary = "the OLTP probe measured nothing";
    return f;
  }
  const double rw_tps = rw->metric("tps") != nullptr ? rw->metric("tps")->value : 0;
  f.numbers.push_back({"read_write_tps", rw_tps, "transactions/s"});
  f.summary = fmt::format("OLTP read-write {:.0f} transactions/s", rw_tps);
  f.evidence.push_back(fmt::format(
      "read-write: {:.1f} transactions/s{}", rw_tps,
      p95_us(*rw) ? fmt::format(", p95 {:.2f} ms", *p95_us(*rw) / 1e3) : std::string()));
  if (rw_tps > 0 && rw_tps < kDbReadWriteWarnTps) {
    f.severity = Severity::kWarning;
    f.score = kDbReadWriteWarnTps / rw_tps;
    f.summary = fmt::format("OLTP read-write only {:.1f} transactions/s", rw_tps);
    f.hint = "slow commits (fsync on slow storage?) or a busy server";
  }
  if (ps != nullptr) {
    const double ps_tps = ps->metric("tps") != nullptr ? ps->metric("tps")->value : 0;
    f.numbers.push_back({"point_select_tps", ps_tps, "transactions/s"});
    const auto p95 = p95_us(*ps);
    if (p95) f.numbers.push_back({"point_select_p95_us", *p95, "us"});
    f.evidence.push_back(
        fmt::format("point-select: {:.0f} queries/s{}", ps_tps,
                    p95 ? fmt::format(", p95 {:.3f} ms", *p95 / 1e3) : std::string()));
    if (p95 && *p95 > kDbPointSelectWarnP95Us && *p95 / kDbPointSelectWarnP95Us > f.score) {
      f.severity = Severity::kWarning;
      f.score = *p95 / kDbPointSelectWarnP95Us;
      f.summary = fmt::format("OLTP point select p95 = {:.1f} ms", *p95 / 1e3);
      f.hint = "the server answers slowly even from memory (network, CPU or locks)";
    }
  }
  return f;
}

std::unique_ptr<Check> make_db_check(db::ConnectOptions connect, std::uint64_t phase_ns) {
  return std::make_unique<DbCheck>(std::move(connect), phase_ns);
}

}  // namespace hostmark::doctor
