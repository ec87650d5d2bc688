#include "monitor/record_store.h"

#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <utility>

#include "core/error.h"

namespace hostmark::monitor {
namespace {

constexpr int kRecordSchemaVersion = 2;  // 2: the processes table

template <class T>
struct Column {
  const char* name;
  std::uint64_t T::*member;
};

constexpr std::array<Column<DiskSample>, 17> kDiskColumns{{
    {"rd_ios", &DiskSample::rd_ios},
    {"rd_merges", &DiskSample::rd_merges},
    {"rd_sectors", &DiskSample::rd_sectors},
    {"rd_ticks_ms", &DiskSample::rd_ticks_ms},
    {"wr_ios", &DiskSample::wr_ios},
    {"wr_merges", &DiskSample::wr_merges},
    {"wr_sectors", &DiskSample::wr_sectors},
    {"wr_ticks_ms", &DiskSample::wr_ticks_ms},
    {"ios_in_progress", &DiskSample::ios_in_progress},
    {"io_ticks_ms", &DiskSample::io_ticks_ms},
    {"time_in_queue_ms", &DiskSample::time_in_queue_ms},
    {"dc_ios", &DiskSample::dc_ios},
    {"dc_merges", &DiskSample::dc_merges},
    {"dc_sectors", &DiskSample::dc_sectors},
    {"dc_ticks_ms", &DiskSample::dc_ticks_ms},
    {"fl_ios", &DiskSample::fl_ios},
    {"fl_ticks_ms", &DiskSample::fl_ticks_ms},
}};

constexpr std::array<Column<CpuTimes>, 10> kCpuColumns{{
    {"cpu_user", &CpuTimes::user},
    {"cpu_nice", &CpuTimes::nice},
    {"cpu_system", &CpuTimes::system},
    {"cpu_idle", &CpuTimes::idle},
    {"cpu_iowait", &CpuTimes::iowait},
    {"cpu_irq", &CpuTimes::irq},
    {"cpu_softirq", &CpuTimes::softirq},
    {"cpu_steal", &CpuTimes::steal},
    {"cpu_guest", &CpuTimes::guest},
    {"cpu_guest_nice", &CpuTimes::guest_nice},
}};

constexpr std::array<Column<MemoryUsage>, 9> kMemColumns{{
    {"mem_total_bytes", &MemoryUsage::total_bytes},
    {"mem_used_bytes", &MemoryUsage::used_bytes},
    {"mem_free_bytes", &MemoryUsage::free_bytes},
    {"mem_shared_bytes", &MemoryUsage::shared_bytes},
    {"mem_buff_cache_bytes", &MemoryUsage::buff_cache_bytes},
    {"mem_available_bytes", &MemoryUsage::available_bytes},
    {"swap_total_bytes", &MemoryUsage::swap_total_bytes},
    {"swap_used_bytes", &MemoryUsage::swap_used_bytes},
    {"swap_free_bytes", &MemoryUsage::swap_free_bytes},
}};

template <std::size_t N, class T>
std::string names(const std::array<Column<T>, N>& columns, const char* suffix) {
  std::string out;
  for (const auto& c : columns) out += fmt::format(", {}{}", c.name, suffix);
  return out;
}

std::string placeholders(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += i == 0 ? "?" : ", ?";
  return out;
}

struct Finalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalizer>;

std::string failure_text(sqlite3* db) { return sqlite3_errmsg(db); }

Statement prepare(sqlite3* db, const std::string& path, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &s, nullptr) != SQLITE_OK) {
    throw Failure(run_error(path, failure_text(db)));
  }
  return Statement(s);
}

void step_done(sqlite3* db, const std::string& path, sqlite3_stmt* s) {
  if (sqlite3_step(s) != SQLITE_DONE) throw Failure(run_error(path, failure_text(db)));
}

void bind_u64(sqlite3_stmt* s, int index, std::uint64_t v) {
  sqlite3_bind_int64(s, index, static_cast<sqlite3_int64>(v));
}

std::uint64_t column_u64(sqlite3_stmt* s, int index) {
  return static_cast<std::uint64_t>(sqlite3_column_int64(s, index));
}

}  // namespace

RecordStore::~RecordStore() = default;

int RecordStore::check_schema() const {
  sqlite3_stmt* raw = nullptr;
  const char* sql = "SELECT value FROM meta WHERE key = 'schema_version'";
  const bool ok = sqlite3_prepare_v2(db_.get(), sql, -1, &raw, nullptr) == SQLITE_OK;
  const Statement check(raw);
  const int version =
      ok && sqlite3_step(check.get()) == SQLITE_ROW ? sqlite3_column_int(check.get(), 0) : 0;
  if (version < 1 || version > kRecordSchemaVersion) {
    throw Failure(
        run_error(path_, fmt::format("not a hostmark record database of schema version 1 to {}",
                                     kRecordSchemaVersion)));
  }
  return version;
}

void RecordStore::exec(const char* sql) const {
  char* message = nullptr;
  if (sqlite3_exec(db_.get(), sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string why = message != nullptr ? message : failure_text(db_.get());
    sqlite3_free(message);
    throw Failure(run_error(path_, why));
  }
}

RecordStore RecordStore::open(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);  // open() says why not
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  std::unique_ptr<sqlite3, Closer> db(raw);  // owned even when the open failed
  if (rc != SQLITE_OK) {
    throw Failure(run_error(path, raw != nullptr ? failure_text(raw) : "cannot be opened"));
  }
  RecordStore store(std::move(db), path);
  sqlite3_busy_timeout(store.db_.get(), 5000);
  try {
    store.exec("PRAGMA journal_mode=WAL");
    store.exec("PRAGMA synchronous=NORMAL");
    store.exec("BEGIN IMMEDIATE");
    store.exec("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    store.exec(fmt::format("INSERT OR IGNORE INTO meta VALUES ('schema', 'hostmark.record'), "
                           "('schema_version', '{}')",
                           kRecordSchemaVersion)
                   .c_str());
    store.exec(fmt::format("CREATE TABLE IF NOT EXISTS samples(id INTEGER PRIMARY KEY, "
                           "time_ns INTEGER NOT NULL, boot_id TEXT NOT NULL, "
                           "uptime_ms INTEGER NOT NULL{}{}, load1 REAL, load5 REAL, load15 REAL)",
                           names(kCpuColumns, " INTEGER"), names(kMemColumns, " INTEGER"))
                   .c_str());
    store.exec("CREATE INDEX IF NOT EXISTS samples_time ON samples(time_ns)");
    store.exec(fmt::format("CREATE TABLE IF NOT EXISTS disks(sample_id INTEGER NOT NULL, "
                           "name TEXT NOT NULL, major INTEGER, minor INTEGER, fields INTEGER, "
                           "virtual INTEGER NOT NULL{}, "
                           "PRIMARY KEY (sample_id, name)) WITHOUT ROWID",
                           names(kDiskColumns, " INTEGER"))
                   .c_str());
    store.exec(
        "CREATE TABLE IF NOT EXISTS processes(sample_id INTEGER NOT NULL, rank INTEGER NOT NULL, "
        "pid INTEGER NOT NULL, comm TEXT NOT NULL, user TEXT NOT NULL, read_bytes_per_s REAL, "
        "write_bytes_per_s REAL, read_ops_per_s REAL, write_ops_per_s REAL, "
        "PRIMARY KEY (sample_id, rank)) WITHOUT ROWID");
    // Version 1 files (no processes table until now) become version 2; their samples keep no
    // processes. A newer version is left alone for check_schema() to refuse.
    store.exec(fmt::format("UPDATE meta SET value = '{}' WHERE key = 'schema_version' AND "
                           "CAST(value AS INTEGER) < {}",
                           kRecordSchemaVersion, kRecordSchemaVersion)
                   .c_str());
    store.exec("COMMIT");
  } catch (const Failure&) {
    sqlite3_exec(store.db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  store.schema_version_ = store.check_schema();
  return store;
}

RecordStore RecordStore::open_read_only(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    if (ec) throw Failure(run_error(path, ec.message()));
    throw Failure(usage_error(path, "no such record database (start one with `hostmark record`)"));
  }
  // Read-only: a database of another user, a 0444 copy or a file that is not ours is read
  // (or refused) without a write, a pragma or a table created in it.
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  std::unique_ptr<sqlite3, Closer> db(raw);
  if (rc != SQLITE_OK) {
    throw Failure(run_error(path, raw != nullptr ? failure_text(raw) : "cannot be opened"));
  }
  sqlite3_busy_timeout(db.get(), 5000);
  RecordStore store(std::move(db), path);
  store.schema_version_ = store.check_schema();
  return store;
}

void RecordStore::append(const HostSample& sample) {
  sqlite3* db = db_.get();
  exec("BEGIN IMMEDIATE");
  try {
    Statement s = prepare(
        db, path_,
        fmt::format("INSERT INTO samples(time_ns, boot_id, uptime_ms{}{}, load1, load5, load15) "
                    "VALUES ({})",
                    names(kCpuColumns, ""), names(kMemColumns, ""),
                    placeholders(3 + kCpuColumns.size() + kMemColumns.size() + 3)));
    int i = 1;
    sqlite3_bind_int64(s.get(), i++, sample.time_ns);
    sqlite3_bind_text(s.get(), i++, sample.boot_id.c_str(), -1, SQLITE_TRANSIENT);
    bind_u64(s.get(), i++, sample.disks.uptime_ms);
    for (const auto& c : kCpuColumns) bind_u64(s.get(), i++, sample.cpu.*c.member);
    for (const auto& c : kMemColumns) bind_u64(s.get(), i++, sample.mem.memory.*c.member);
    for (const double v : {sample.mem.load.load1, sample.mem.load.load5, sample.mem.load.load15})
      sqlite3_bind_double(s.get(), i++, v);
    step_done(db, path_, s.get());
    const sqlite3_int64 id = sqlite3_last_insert_rowid(db);

    Statement d =
        prepare(db, path_,
                fmt::format("INSERT INTO disks(sample_id, name, major, minor, fields, virtual{}) "
                            "VALUES ({})",
                            names(kDiskColumns, ""), placeholders(6 + kDiskColumns.size())));
    for (const DiskSample& disk : sample.disks.disks) {
      sqlite3_reset(d.get());
      int j = 1;
      sqlite3_bind_int64(d.get(), j++, id);
      sqlite3_bind_text(d.get(), j++, disk.name.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(d.get(), j++, disk.major);
      sqlite3_bind_int64(d.get(), j++, disk.minor);
      sqlite3_bind_int64(d.get(), j++, disk.fields);
      sqlite3_bind_int(d.get(), j++, sample.is_virtual(disk.name) ? 1 : 0);
      for (const auto& c : kDiskColumns) bind_u64(d.get(), j++, disk.*c.member);
      step_done(db, path_, d.get());
    }
    Statement p = prepare(db, path_,
                          "INSERT INTO processes(sample_id, rank, pid, comm, user, "
                          "read_bytes_per_s, write_bytes_per_s, read_ops_per_s, write_ops_per_s) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    int rank = 0;
    for (const ProcessIoRate& proc : sample.top_processes) {
      sqlite3_reset(p.get());
      int j = 1;
      sqlite3_bind_int64(p.get(), j++, id);
      sqlite3_bind_int(p.get(), j++, rank++);
      sqlite3_bind_int(p.get(), j++, proc.pid);
      sqlite3_bind_text(p.get(), j++, proc.comm.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(p.get(), j++, proc.user.c_str(), -1, SQLITE_TRANSIENT);
      for (const double v : {proc.read_bytes_per_s, proc.write_bytes_per_s, proc.read_ops_per_s,
                             proc.write_ops_per_s})
        sqlite3_bind_double(p.get(), j++, v);
      step_done(db, path_, p.get());
    }
    exec("COMMIT");
  } catch (const Failure&) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::uint64_t RecordStore::prune_before(std::int64_t time_ns) {
  sqlite3* db = db_.get();
  exec("BEGIN IMMEDIATE");
  try {
    Statement d = prepare(db, path_,
                          "DELETE FROM disks WHERE sample_id IN "
                          "(SELECT id FROM samples WHERE time_ns < ?)");
    sqlite3_bind_int64(d.get(), 1, time_ns);
    step_done(db, path_, d.get());
    Statement p = prepare(db, path_,
                          "DELETE FROM processes WHERE sample_id IN "
                          "(SELECT id FROM samples WHERE time_ns < ?)");
    sqlite3_bind_int64(p.get(), 1, time_ns);
    step_done(db, path_, p.get());
    Statement s = prepare(db, path_, "DELETE FROM samples WHERE time_ns < ?");
    sqlite3_bind_int64(s.get(), 1, time_ns);
    step_done(db, path_, s.get());
    const auto removed = static_cast<std::uint64_t>(sqlite3_changes(db));
    exec("COMMIT");
    return removed;
  } catch (const Failure&) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void RecordStore::for_each(std::int64_t from_ns, std::int64_t to_ns,
                           const std::function<void(const HostSample&)>& f) const {
  sqlite3* db = db_.get();
  Statement s = prepare(db, path_,
                        fmt::format("SELECT id, time_ns, boot_id, uptime_ms{}{}, load1, load5, "
                                    "load15 FROM samples WHERE time_ns BETWEEN ? AND ? "
                                    "ORDER BY id",
                                    names(kCpuColumns, ""), names(kMemColumns, "")));
  sqlite3_bind_int64(s.get(), 1, from_ns);
  sqlite3_bind_int64(s.get(), 2, to_ns);
  Statement d = prepare(db, path_,
                        fmt::format("SELECT name, major, minor, fields, virtual{} FROM disks "
                                    "WHERE sample_id = ? ORDER BY name",
                                    names(kDiskColumns, "")));
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    HostSample sample;
    int i = 0;
    const sqlite3_int64 id = sqlite3_column_int64(s.get(), i++);
    sample.time_ns = sqlite3_column_int64(s.get(), i++);
    sample.boot_id = reinterpret_cast<const char*>(sqlite3_column_text(s.get(), i++));
    sample.disks.uptime_ms = column_u64(s.get(), i++);
    for (const auto& c : kCpuColumns) sample.cpu.*c.member = column_u64(s.get(), i++);
    for (const auto& c : kMemColumns) sample.mem.memory.*c.member = column_u64(s.get(), i++);
    for (double* v : {&sample.mem.load.load1, &sample.mem.load.load5, &sample.mem.load.load15})
      *v = sqlite3_column_double(s.get(), i++);
    sqlite3_reset(d.get());
    sqlite3_bind_int64(d.get(), 1, id);
    int drc = SQLITE_ROW;
    while ((drc = sqlite3_step(d.get())) == SQLITE_ROW) {
      DiskSample disk;
      int j = 0;
      disk.name = reinterpret_cast<const char*>(sqlite3_column_text(d.get(), j++));
      disk.major = static_cast<unsigned>(sqlite3_column_int64(d.get(), j++));
      disk.minor = static_cast<unsigned>(sqlite3_column_int64(d.get(), j++));
      disk.fields = sqlite3_column_int(d.get(), j++);
      if (sqlite3_column_int(d.get(), j++) != 0) sample.virtual_disks.push_back(disk.name);
      for (const auto& c : kDiskColumns) disk.*c.member = column_u64(d.get(), j++);
      sample.disks.disks.push_back(std::move(disk));
    }
    if (drc != SQLITE_DONE) throw Failure(run_error(path_, failure_text(db)));
    if (schema_version_ >= 2) read_processes(id, sample);
    f(sample);
  }
  if (rc != SQLITE_DONE) throw Failure(run_error(path_, failure_text(db)));
}

void RecordStore::read_processes(std::int64_t sample_id, HostSample& sample) const {
  sqlite3* db = db_.get();
  Statement p = prepare(db, path_,
                        "SELECT pid, comm, user, read_bytes_per_s, write_bytes_per_s, "
                        "read_ops_per_s, write_ops_per_s FROM processes WHERE sample_id = ? "
                        "ORDER BY rank");
  sqlite3_bind_int64(p.get(), 1, sample_id);
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(p.get())) == SQLITE_ROW) {
    ProcessIoRate proc;
    proc.pid = sqlite3_column_int(p.get(), 0);
    proc.comm = reinterpret_cast<const char*>(sqlite3_column_text(p.get(), 1));
    proc.user = reinterpret_cast<const char*>(sqlite3_column_text(p.get(), 2));
    int j = 3;
    for (double* v : {&proc.read_bytes_per_s, &proc.write_bytes_per_s, &proc.read_ops_per_s,
                      &proc.write_ops_per_s})
      *v = sqlite3_column_double(p.get(), j++);
    sample.top_processes.push_back(std::move(proc));
  }
  if (rc != SQLITE_DONE) throw Failure(run_error(path_, failure_text(db)));
}

std::uint64_t RecordStore::count() const {
  Statement s = prepare(db_.get(), path_, "SELECT count(*) FROM samples");
  if (sqlite3_step(s.get()) != SQLITE_ROW) throw Failure(run_error(path_, failure_text(db_.get())));
  return column_u64(s.get(), 0);
}

std::vector<std::string> RecordStore::disk_names() const {
  Statement s = prepare(db_.get(), path_, "SELECT DISTINCT name FROM disks ORDER BY name");
  std::vector<std::string> names;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW)
    names.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s.get(), 0)));
  if (rc != SQLITE_DONE) throw Failure(run_error(path_, failure_text(db_.get())));
  return names;
}

std::string default_record_path(const std::string& xdg_state_home, const std::string& home) {
  if (!xdg_state_home.empty()) return xdg_state_home + "/hostmark/record.db";
  return (home.empty() ? std::string(".") : home) + "/.local/state/hostmark/record.db";
}

std::string default_record_path() {
  const auto env = [](const char* name) {
    const char* v = std::getenv(name);
    return std::string(v == nullptr ? "" : v);
  };
  return default_record_path(env("XDG_STATE_HOME"), env("HOME"));
}

}  // namespace hostmark::monitor
