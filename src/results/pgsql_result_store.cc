// The PostgreSQL results store (`--results-db postgresql://...`): table hostmark_results
// (BIGSERIAL ids, the JSON kept as TEXT so it stays byte for byte what was saved), schema
// version in table hostmark_schema. Migrations run in one transaction under an advisory lock,
// so two machines opening a new database at once take turns. The connection is the pgsql
// driver's (db/pgsql_connection.h: libpq loaded at run time, one-line errors, no password in
// any message).
#include <fmt/format.h>

#include <array>
#include <optional>

#include "db/db_url.h"
#include "db/pgsql_connection.h"
#include "results/result_row.h"
#include "results/result_store_backends.h"

namespace hostmark {
namespace {

// pg_advisory_xact_lock key of the migrations: "hostmark" in ASCII.
constexpr std::int64_t kMigrationLockKey = 0x686f73746d61726b;

// Owns a PGresult; `text(row, col)` reads a value.
class Rows {
 public:
  Rows(const db::PgsqlApi& api, PGresult* res) : api_(api), res_(res) {}
  ~Rows() {
    if (res_ != nullptr) api_.PQclear(res_);
  }
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;
  int count() const { return api_.PQntuples(res_); }
  std::string text(int row, int column) const { return api_.PQgetvalue(res_, row, column); }
  std::int64_t integer(int row, int column) const { return std::stoll(text(row, column)); }
  std::int64_t changed() const {
    const std::string n = api_.PQcmdTuples(res_);
    return n.empty() ? 0 : std::stoll(n);
  }

 private:
  const db::PgsqlApi& api_;
  PGresult* res_;
};

using Param = std::optional<std::string>;  // nullopt = SQL NULL

class PgsqlResultStore final : public ResultStore {
 public:
  PgsqlResultStore(std::shared_ptr<const db::PgsqlApi> api, const db::ConnectOptions& options)
      : target_(db::display_db_url(options)), conn_(std::move(api), options, target_) {}

  // Runs `sql` with `params` ($1..$n, as text); throws DbError (a Failure) when it fails.
  std::unique_ptr<Rows> run(const char* sql, const std::vector<Param>& params = {}) {
    const db::PgsqlApi& a = conn_.api();
    PGconn* c = conn_.handle();
    PGresult* res = nullptr;
    if (params.empty()) {
      res = a.PQexec(c, sql);
    } else {
      std::vector<const char*> values;
      for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
      res = a.PQprepare(c, "", sql, static_cast<int>(params.size()), nullptr);
      if (res != nullptr && a.PQresultStatus(res) == PGRES_COMMAND_OK) {
        a.PQclear(res);
        res = a.PQexecPrepared(c, "", static_cast<int>(params.size()), values.data(), nullptr,
                               nullptr, 0);
      }
    }
    const ExecStatusType status = res != nullptr ? a.PQresultStatus(res) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      conn_.consume(res);  // throws its DbError
      throw Failure(run_error(describe(), "unexpected reply"));
    }
    return std::make_unique<Rows>(a, res);
  }

  // The schema's version, read without a lock or DDL (0 when there is no schema yet), so a
  // role that may only read and write the tables of an up-to-date store can use it.
  int current_version() {
    if (run("SELECT to_regclass('hostmark_schema') IS NOT NULL")->text(0, 0) != "t") return 0;
    const auto rows = run("SELECT version FROM hostmark_schema");
    return rows->count() == 0 ? 0 : static_cast<int>(rows->integer(0, 0));
  }

  // Creates or upgrades the schema to `target`, serialized by the advisory lock; nothing to do
  // (and no CREATE privilege needed) when it is there already.
  void migrate(int target) {
    const int now = current_version();
    if (now > kResultStoreSchemaVersion) throw Failure(newer_schema_error(describe(), now));
    if (now >= target) return;
    run("BEGIN");
    try {
      run(fmt::format("SELECT pg_advisory_xact_lock({})", kMigrationLockKey).c_str());
      run("CREATE TABLE IF NOT EXISTS hostmark_schema (version INTEGER NOT NULL)");
      int found = 0;
      {
        const auto rows = run("SELECT version FROM hostmark_schema");
        if (rows->count() == 0) {
          run("INSERT INTO hostmark_schema (version) VALUES (0)");
        } else {
          found = static_cast<int>(rows->integer(0, 0));
        }
      }
      if (found > kResultStoreSchemaVersion) throw Failure(newer_schema_error(describe(), found));
      if (found < 1 && target >= 1) migrate_to_v1();
      if (found < 2 && target >= 2) migrate_to_v2();
      if (found < target) {
        run("UPDATE hostmark_schema SET version = $1", {std::to_string(target)});
      }
      run("COMMIT");
    } catch (const Failure&) {
      try {
        run("ROLLBACK");
      } catch (const Failure&) {  // the connection is gone: the server rolls back itself
      }
      throw;
    }
  }

  Expected<std::int64_t> save(const Result& result) override { return insert(result_row(result)); }

  Expected<std::int64_t> save_json(const nlohmann::json& doc) override {
    Expected<ResultRow> row = result_row(doc);
    if (!row) return row.error();
    return insert(*row);
  }

  Status update(std::int64_t id, const Result& result) override {
    return guarded<Ok>([&]() -> Expected<Ok> {
      std::vector<Param> params = row_params(result_row(result));
      params.emplace_back(std::to_string(id));
      const auto rows =
          run("UPDATE hostmark_results SET command = $1, hostname = $2, start_time_utc = $3, "
              "start_time_unix_ns = $4, interrupted = $5, hostmark_version = $6, summary = $7, "
              "json = $8 WHERE id = $9",
              params);
      if (rows->changed() == 0) {
        Error e = no_such_result(describe(), id);
        e.kind = ErrorKind::kRun;
        return e;
      }
      return Ok{};
    });
  }

  Expected<std::vector<StoredResultInfo>> list(const ResultFilter& f) override {
    return guarded<std::vector<StoredResultInfo>>([&]() -> Expected<std::vector<StoredResultInfo>> {
      const Param limit = f.limit == 0 ? Param() : Param(std::to_string(f.limit));
      const auto rows =
          run("SELECT id, command, hostname, start_time_utc, interrupted, summary "
              "FROM hostmark_results WHERE ($1::text = '' OR command = $1) AND ($2::text = '' OR "
              "hostname = $2) "
              "ORDER BY id DESC LIMIT $3::bigint",
              {f.command, f.hostname, limit});
      std::vector<StoredResultInfo> out;
      for (int i = 0; i < rows->count(); ++i) {
        out.push_back({rows->integer(i, 0), rows->text(i, 1), rows->text(i, 2), rows->text(i, 3),
                       rows->text(i, 4) == "t", rows->text(i, 5)});
      }
      return out;
    });
  }

  Expected<std::string> get_json(std::int64_t id) override {
    return guarded<std::string>([&]() -> Expected<std::string> {
      const auto rows =
          run("SELECT json FROM hostmark_results WHERE id = $1", {std::to_string(id)});
      if (rows->count() == 0) return no_such_result(describe(), id);
      return rows->text(0, 0);
    });
  }

  Status remove(std::int64_t id) override {
    return guarded<Ok>([&]() -> Expected<Ok> {
      const auto rows = run("DELETE FROM hostmark_results WHERE id = $1", {std::to_string(id)});
      if (rows->changed() == 0) return no_such_result(describe(), id);
      return Ok{};
    });
  }

  std::string describe() const override { return target_; }

 private:
  template <class T, class F>
  Expected<T> guarded(F&& body) {
    try {
      return body();
    } catch (const Failure& f) {
      return f.error();
    }
  }

  static std::vector<Param> row_params(const ResultRow& r) {
    return {r.command,
            r.hostname,
            r.start_time_utc,
            std::to_string(r.start_time_unix_ns),
            std::string(r.interrupted ? "true" : "false"),
            r.hostmark_version,
            r.summary,
            r.json};
  }

  Expected<std::int64_t> insert(const ResultRow& r) {
    return guarded<std::int64_t>([&]() -> Expected<std::int64_t> {
      const auto rows = run(
          "INSERT INTO hostmark_results (command, hostname, start_time_utc, start_time_unix_ns, "
          "interrupted, hostmark_version, summary, json) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
          row_params(r));
      return rows->integer(0, 0);
    });
  }

  void migrate_to_v1() {
    run("CREATE TABLE hostmark_results ("
        " id BIGSERIAL PRIMARY KEY,"
        " command TEXT NOT NULL,"
        " hostname TEXT NOT NULL,"
        " start_time_utc TEXT NOT NULL,"
        " start_time_unix_ns BIGINT NOT NULL,"
        " interrupted BOOLEAN NOT NULL,"
        " hostmark_version TEXT NOT NULL,"
        " json TEXT NOT NULL)");
  }

  // Version 2: the summary column (filled in for the rows already there) and an index for
  // `results list --host/--command`.
  void migrate_to_v2() {
    run("ALTER TABLE hostmark_results ADD COLUMN summary TEXT NOT NULL DEFAULT ''");
    run("CREATE INDEX hostmark_results_by_host_command ON hostmark_results (hostname, command)");
    const auto rows = run("SELECT id, json FROM hostmark_results");
    for (int i = 0; i < rows->count(); ++i) {
      run("UPDATE hostmark_results SET summary = $1 WHERE id = $2",
          {summary_of_json_text(rows->text(i, 1)), rows->text(i, 0)});
    }
  }

  std::string target_;  // the URL without its password
  db::PgsqlConnection conn_;
};

}  // namespace

Expected<std::unique_ptr<ResultStore>> open_pgsql_result_store(const db::ConnectOptions& options,
                                                               int schema_version) {
  Expected<std::shared_ptr<const db::PgsqlApi>> api = db::load_pgsql_api();
  if (!api) return api.error();
  try {
    auto store = std::make_unique<PgsqlResultStore>(*api, options);
    store->migrate(schema_version);
    return std::unique_ptr<ResultStore>(std::move(store));
  } catch (const Failure& f) {
    return f.error();
  }
}

}  // namespace hostmark
