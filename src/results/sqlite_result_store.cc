// The SQLite results store: one file (WAL journal, so readers never block the writer), table
// `results`, schema version in PRAGMA user_version, migrations applied in one BEGIN IMMEDIATE
// transaction on open. Several processes may save at once: each statement waits for the write
// lock with the driver's busy handler (db/sqlite_busy.h) for up to kBusyLimitNs.
#include <fmt/format.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "db/sqlite_busy.h"
#include "results/result_row.h"
#include "results/result_store_backends.h"

namespace hostmark {
namespace {

constexpr std::uint64_t kBusyLimitNs = 60'000'000'000;

// A failed SQLite call, thrown inside this file and returned as the Error it carries.
struct SqliteFailure {
  Error error;
  int rc;
};

class SqliteResultStore;

// One prepared statement; finalized on destruction.
class Query {
 public:
  Query(SqliteResultStore& store, const char* sql);
  ~Query() { sqlite3_finalize(stmt_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;

  Query& bind(int index, std::int64_t value);
  Query& bind(int index, const std::string& value);
  bool row();  // steps: true with a row to read, false when done; throws SqliteFailure
  void run() {
    while (row()) {
    }
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
  std::string text(int column) const {
    const unsigned char* t = sqlite3_column_text(stmt_, column);
    return t != nullptr ? std::string(reinterpret_cast<const char*>(t),
                                      static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                        : std::string();
  }

 private:
  SqliteResultStore& store_;
  sqlite3_stmt* stmt_ = nullptr;
};

struct Migration {
  int version;
  void (*apply)(SqliteResultStore& store);
};

void migrate_to_v1(SqliteResultStore& store);
void migrate_to_v2(SqliteResultStore& store);

constexpr Migration kMigrations[] = {{1, migrate_to_v1}, {2, migrate_to_v2}};
static_assert(static_cast<int>(std::size(kMigrations)) == kResultStoreSchemaVersion);

class SqliteResultStore final : public ResultStore {
 public:
  explicit SqliteResultStore(std::string path) : path_(std::move(path)), busy_(kBusyLimitNs) {}
  ~SqliteResultStore() override { sqlite3_close_v2(db_); }
  SqliteResultStore(const SqliteResultStore&) = delete;  // the busy handler points at busy_
  SqliteResultStore& operator=(const SqliteResultStore&) = delete;

  // Opens, switches to WAL and migrates to `schema_version`; throws SqliteFailure.
  void open(int schema_version) {
    std::error_code ec;
    const std::filesystem::path p(path_);
    if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
    if (ec) throw SqliteFailure{run_error(describe(), ec.message()), SQLITE_CANTOPEN};
    const int rc =
        sqlite3_open_v2(path_.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) fail(rc);
    sqlite3_busy_handler(db_, db::SqliteBusyWait::handler, &busy_);
    enter_wal_mode();
    migrate(schema_version);
  }

  [[noreturn]] void fail(int rc) const {
    const char* why = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    throw SqliteFailure{run_error(describe(), why), rc};
  }
  sqlite3* db() const { return db_; }
  void start_statement() { busy_.start_statement(); }
  void exec(const char* sql) {
    start_statement();
    const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) fail(rc);
  }

  Expected<std::int64_t> save(const Result& result) override { return insert(result_row(result)); }

  Expected<std::int64_t> save_json(const nlohmann::json& doc) override {
    Expected<ResultRow> row = result_row(doc);
    if (!row) return row.error();
    return insert(*row);
  }

  Status update(std::int64_t id, const Result& result) override {
    return guarded<Ok>([&]() -> Expected<Ok> {
      const ResultRow r = result_row(result);
      Query q(*this,
              "UPDATE results SET command = ?1, hostname = ?2, start_time_utc = ?3, "
              "start_time_unix_ns = ?4, interrupted = ?5, hostmark_version = ?6, summary = ?7, "
              "json = ?8 WHERE id = ?9");
      bind_row(q, r).bind(9, id).run();
      if (sqlite3_changes64(db_) == 0) {
        Error e = no_such_result(describe(), id);
        e.kind = ErrorKind::kRun;  // the caller's id, not the user's
        return e;
      }
      return Ok{};
    });
  }

  Expected<std::vector<StoredResultInfo>> list(const ResultFilter& f) override {
    return guarded<std::vector<StoredResultInfo>>([&]() -> Expected<std::vector<StoredResultInfo>> {
      Query q(*this,
              "SELECT id, command, hostname, start_time_utc, interrupted, summary FROM results "
              "WHERE (?1 = '' OR command = ?1) AND (?2 = '' OR hostname = ?2) "
              "ORDER BY id DESC LIMIT ?3");
      q.bind(1, f.command).bind(2, f.hostname);
      q.bind(3, f.limit == 0 ? std::int64_t{-1} : static_cast<std::int64_t>(f.limit));
      std::vector<StoredResultInfo> out;
      while (q.row()) {
        out.push_back(
            {q.integer(0), q.text(1), q.text(2), q.text(3), q.integer(4) != 0, q.text(5)});
      }
      return out;
    });
  }

  Expected<std::string> get_json(std::int64_t id) override {
    return guarded<std::string>([&]() -> Expected<std::string> {
      Query q(*this, "SELECT json FROM results WHERE id = ?1");
      q.bind(1, id);
      if (!q.row()) return no_such_result(describe(), id);
      std::string json = q.text(0);
      q.run();
      return json;
    });
  }

  Status remove(std::int64_t id) override {
    return guarded<Ok>([&]() -> Expected<Ok> {
      Query(*this, "DELETE FROM results WHERE id = ?1").bind(1, id).run();
      if (sqlite3_changes64(db_) == 0) return no_such_result(describe(), id);
      return Ok{};
    });
  }

  std::string describe() const override { return "sqlite " + path_; }

 private:
  // Runs `body`, turning a SqliteFailure into its Error.
  template <class T, class F>
  Expected<T> guarded(F&& body) {
    try {
      return body();
    } catch (const SqliteFailure& f) {
      return f.error;
    }
  }

  static Query& bind_row(Query& q, const ResultRow& r) {
    return q.bind(1, r.command)
        .bind(2, r.hostname)
        .bind(3, r.start_time_utc)
        .bind(4, r.start_time_unix_ns)
        .bind(5, std::int64_t{r.interrupted ? 1 : 0})
        .bind(6, r.hostmark_version)
        .bind(7, r.summary)
        .bind(8, r.json);
  }

  Expected<std::int64_t> insert(const ResultRow& r) {
    return guarded<std::int64_t>([&]() -> Expected<std::int64_t> {
      Query q(*this,
              "INSERT INTO results (command, hostname, start_time_utc, start_time_unix_ns, "
              "interrupted, hostmark_version, summary, json) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id");
      bind_row(q, r);
      if (!q.row()) fail(SQLITE_ERROR);
      const std::int64_t id = q.integer(0);
      q.run();
      return id;
    });
  }

  // Two connections switching a new file to WAL at once deadlock on its rollback-journal locks
  // and SQLite answers SQLITE_BUSY without calling the busy handler (db/sqlite_driver.cc): the
  // switch is retried for up to 10 s.
  void enter_wal_mode() {
    for (int attempt = 0;; ++attempt) {
      start_statement();
      const int rc = sqlite3_exec(db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
      if (rc == SQLITE_OK) return;
      if (rc != SQLITE_BUSY || attempt >= 1000) fail(rc);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  int user_version() {
    Query q(*this, "PRAGMA user_version");
    const int v = q.row() ? static_cast<int>(q.integer(0)) : 0;
    q.run();
    return v;
  }

  // Applies the migrations past the file's version in one transaction (BEGIN IMMEDIATE: the
  // write lock first, so two processes opening a new file take turns).
  void migrate(int target) {
    const int found = user_version();
    if (found > kResultStoreSchemaVersion) {
      const Error e = newer_schema_error(describe(), found);
      throw SqliteFailure{e, SQLITE_ERROR};
    }
    if (found >= target) return;
    exec("BEGIN IMMEDIATE");
    try {
      const int now = user_version();  // another process may have migrated meanwhile
      for (const Migration& m : kMigrations) {
        if (m.version > now && m.version <= target) m.apply(*this);
      }
      if (now < target) exec(fmt::format("PRAGMA user_version = {}", target).c_str());
      exec("COMMIT");
    } catch (const SqliteFailure&) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }

  std::string path_;
  db::SqliteBusyWait busy_;  // the busy handler's state: outlives db_
  sqlite3* db_ = nullptr;
};

Query::Query(SqliteResultStore& store, const char* sql) : store_(store) {
  const int rc = sqlite3_prepare_v2(store.db(), sql, -1, &stmt_, nullptr);
  if (rc != SQLITE_OK) store.fail(rc);
}

Query& Query::bind(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) store_.fail(rc);
  return *this;
}

Query& Query::bind(int index, const std::string& value) {
  const int rc = sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()),
                                   SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) store_.fail(rc);
  return *this;
}

bool Query::row() {
  store_.start_statement();
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  store_.fail(rc);
}

void migrate_to_v1(SqliteResultStore& store) {
  store.exec(
      "CREATE TABLE results ("
      " id INTEGER PRIMARY KEY AUTOINCREMENT,"
      " command TEXT NOT NULL,"
      " hostname TEXT NOT NULL,"
      " start_time_utc TEXT NOT NULL,"
      " start_time_unix_ns INTEGER NOT NULL,"
      " interrupted INTEGER NOT NULL,"
      " hostmark_version TEXT NOT NULL,"
      " json TEXT NOT NULL)");
}

// Version 2: the headline figures as a column (filled in for the rows already there) and an
// index for `results list --host/--command`.
void migrate_to_v2(SqliteResultStore& store) {
  store.exec("ALTER TABLE results ADD COLUMN summary TEXT NOT NULL DEFAULT ''");
  store.exec("CREATE INDEX results_by_host_command ON results (hostname, command)");
  std::vector<std::pair<std::int64_t, std::string>> summaries;
  {
    Query q(store, "SELECT id, json FROM results");
    while (q.row()) summaries.emplace_back(q.integer(0), summary_of_json_text(q.text(1)));
  }
  for (const auto& [id, summary] : summaries)
    Query(store, "UPDATE results SET summary = ?1 WHERE id = ?2")
        .bind(1, summary)
        .bind(2, id)
        .run();
}

}  // namespace

Expected<std::unique_ptr<ResultStore>> open_sqlite_result_store(const std::string& path,
                                                                int schema_version) {
  auto store = std::make_unique<SqliteResultStore>(path);
  try {
    store->open(schema_version);
  } catch (const SqliteFailure& f) {
    return f.error;
  }
  return std::unique_ptr<ResultStore>(std::move(store));
}

}  // namespace hostmark
