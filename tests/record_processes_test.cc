// The top I/O processes of `hostmark record`: ranking (monitor/top_io.h), the store's processes
// table and its upgrade of version 1 files, `hostmark history --processes`, and the one-line
// errors of record's bounds and history's unknown --device.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "monitor/record_store.h"
#include "monitor/top_io.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark::monitor {
namespace {

TaskSample task(int pid, const char* comm, unsigned uid, std::optional<IoCounters> io) {
  TaskSample t;
  t.pid = pid;
  t.tid = pid;
  t.start_time_ticks = 100;
  t.uid = uid;
  t.comm = comm;
  t.io = io;
  return t;
}

IoCounters io(std::uint64_t read_bytes, std::uint64_t write_bytes, std::uint64_t syscr,
              std::uint64_t syscw) {
  IoCounters c;
  c.read_bytes = read_bytes;
  c.write_bytes = write_bytes;
  c.syscr = syscr;
  c.syscw = syscw;
  return c;
}

TEST(TopIoProcesses, MostBytesFirstThenOpsIdleAndUnreadableLeftOut) {
  ProcessSnapshot before, after;
  before.monotonic_ns = 1'000'000'000;
  after.monotonic_ns = 3'000'000'000;  // 2 s
  before.tasks = {task(10, "idle", 0, io(0, 0, 5, 5)), task(20, "db", 1000, io(0, 0, 0, 0)),
                  task(30, "cp", 0, io(0, 0, 0, 0)), task(40, "chatty", 0, io(0, 0, 0, 0)),
                  task(50, "hidden", 0, std::nullopt)};
  after.tasks = {task(10, "idle", 0, io(0, 0, 5, 5)), task(20, "db", 1000, io(4096, 8192, 2, 6)),
                 task(30, "cp", 0, io(1 << 20, 0, 256, 0)),
                 task(40, "chatty", 0, io(0, 0, 1000, 0)), task(50, "hidden", 0, std::nullopt)};
  const UserNames users = UserNames::parse("root:x:0:0::/root:/bin/sh\n");
  const SnapshotDelta delta = delta_between(before, after);

  const auto top = top_io_processes(delta, 5, users);
  ASSERT_EQ(top.size(), 3u);  // idle did nothing, hidden's counters are unreadable
  EXPECT_EQ(top[0].comm, "cp");
  EXPECT_EQ(top[0].user, "root");
  EXPECT_DOUBLE_EQ(top[0].read_bytes_per_s, 524288.0);  // 1 MiB in 2 s
  EXPECT_DOUBLE_EQ(top[0].read_ops_per_s, 128.0);
  EXPECT_EQ(top[1].pid, 20);
  EXPECT_EQ(top[1].user, "1000");  // not in passwd: its number
  EXPECT_DOUBLE_EQ(top[1].write_bytes_per_s, 4096.0);
  EXPECT_DOUBLE_EQ(top[1].write_ops_per_s, 3.0);
  EXPECT_EQ(top[2].comm, "chatty");  // no bytes, but system calls

  const auto two = top_io_processes(delta, 2, users);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].comm, "db");
  EXPECT_TRUE(top_io_processes(delta, 0, users).empty());
}

HostSample host_sample(std::int64_t t_s, std::vector<ProcessIoRate> processes) {
  HostSample s;
  s.time_ns = t_s * 1'000'000'000;
  s.boot_id = "b";
  s.disks.uptime_ms = static_cast<std::uint64_t>(t_s) * 1000;
  DiskSample vda;
  vda.name = "vda";
  vda.fields = 17;
  s.disks.disks = {vda};
  s.top_processes = std::move(processes);
  return s;
}

std::vector<HostSample> read_samples(const RecordStore& store) {
  std::vector<HostSample> out;
  store.for_each(INT64_MIN, INT64_MAX, [&](const HostSample& s) { out.push_back(s); });
  return out;
}

void sql(const std::string& path, const char* statement) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  EXPECT_EQ(sqlite3_exec(db, statement, nullptr, nullptr, &message), SQLITE_OK)
      << (message ? message : "");
  sqlite3_free(message);
  sqlite3_close(db);
}

TEST(RecordStoreProcesses, ComeBackInRankOrderAndArePruned) {
  ScratchDir dir;
  RecordStore store = RecordStore::open(dir.file("r.db"));
  store.append(host_sample(10, {{7, "a,b", "root", 1, 2, 3, 4}, {8, "b", "1000", 5, 6, 7, 8}}));
  store.append(host_sample(11, {{9, "c", "root", 9, 9, 9, 9}}));
  auto all = read_samples(store);
  ASSERT_EQ(all.size(), 2u);
  ASSERT_EQ(all[0].top_processes.size(), 2u);
  EXPECT_EQ(all[0].top_processes[0].pid, 7);
  EXPECT_EQ(all[0].top_processes[0].comm, "a,b");
  EXPECT_DOUBLE_EQ(all[0].top_processes[0].write_ops_per_s, 4.0);
  EXPECT_EQ(all[0].top_processes[1].user, "1000");
  EXPECT_EQ(store.prune_before(11'000'000'000), 1u);
  all = read_samples(store);
  ASSERT_EQ(all.size(), 1u);
  ASSERT_EQ(all[0].top_processes.size(), 1u);
  EXPECT_EQ(all[0].top_processes[0].comm, "c");
  EXPECT_EQ(store.disk_names(), std::vector<std::string>{"vda"});
}

// A file as version 1 wrote it (no processes table) is read as it is, and opening it to
// record upgrades it: old samples without processes, new ones with.
TEST(RecordStoreProcesses, VersionOneFilesAreReadAndUpgraded) {
  ScratchDir dir;
  const std::string path = dir.file("old.db");
  RecordStore::open(path).append(host_sample(10, {{7, "x", "root", 1, 1, 1, 1}}));
  sql(path,
      "DROP TABLE processes; UPDATE meta SET value = '1' WHERE key = 'schema_version'; "
      "PRAGMA wal_checkpoint(TRUNCATE)");
  {
    const RecordStore old = RecordStore::open_read_only(path);
    const auto all = read_samples(old);
    ASSERT_EQ(all.size(), 1u);
    EXPECT_TRUE(all[0].top_processes.empty());
  }
  {
    RecordStore upgraded = RecordStore::open(path);
    upgraded.append(host_sample(11, {{8, "y", "root", 2, 2, 2, 2}}));
  }
  const auto all = read_samples(RecordStore::open_read_only(path));
  ASSERT_EQ(all.size(), 2u);
  EXPECT_TRUE(all[0].top_processes.empty());
  ASSERT_EQ(all[1].top_processes.size(), 1u);
  EXPECT_EQ(all[1].top_processes[0].comm, "y");

  sql(path, "UPDATE meta SET value = '3' WHERE key = 'schema_version'");
  EXPECT_THROW(RecordStore::open_read_only(path), Failure);  // a newer hostmark's file
}

TEST(RecordProcessesCli, HistoryShowsTheRecordersOwnWrites) {
  ScratchDir dir;
  const std::string db = dir.file("rec.db");
  const RunOutput rec = run_hostmark(
      {"record", "--db", db, "--interval", "100ms", "--count", "3", "--top-processes", "50"});
  ASSERT_EQ(rec.exit_code, 0) << rec.err;
  const RunOutput json =
      run_hostmark({"history", "--db", db, "--from", "@0", "--processes", "--output-format=json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto h = nlohmann::json::parse(json.out);
  ASSERT_EQ(h["rows"].size(), 2u);
  for (const auto& row : h["rows"]) {
    ASSERT_TRUE(row.contains("processes")) << row;
    EXPECT_LE(row["processes"].size(), 50u);
    // The recorder wrote the previous sample into the database in this interval.
    bool recorder = false;
    for (const auto& p : row["processes"])
      recorder = recorder || (p["comm"] == "hostmark" && p["write_ops_per_s"].get<double>() > 0);
    EXPECT_TRUE(recorder) << row["processes"];
  }
  const RunOutput text = run_hostmark({"history", "--db", db, "--from", "@0", "--processes"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("WRITE kB/s"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(" hostmark "), std::string::npos) << text.out;
  const RunOutput csv =
      run_hostmark({"history", "--db", db, "--from", "@0", "--processes", "--output-format=csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out.rfind("time,rank,pid,comm,user,read_bytes_per_s", 0), 0u) << csv.out;
  EXPECT_NE(csv.out.find(",hostmark,"), std::string::npos) << csv.out;

  const RunOutput none = run_hostmark({"history", "--db", db, "--from", "@0", "--device", "nope"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(output_lines(none.err).size(), 1u) << none.err;
  EXPECT_EQ(none.err.rfind("hostmark: --device: 'nope' is not in ", 0), 0u) << none.err;
  EXPECT_NE(none.err.find("(devices recorded: "), std::string::npos) << none.err;
}

TEST(RecordProcessesCli, HugeIntervalsAndRetentionsAreOneLineErrors) {
  ScratchDir dir;
  for (const auto& [option, value] :
       std::vector<std::pair<std::string, std::string>>{{"--interval", "2d"},
                                                        {"--interval", "99999999999d"},
                                                        {"--retain", "36501d"},
                                                        {"--retain", "1e300s"}}) {
    const RunOutput r = run_hostmark({"record", "--db", dir.file("x.db"), option, value});
    EXPECT_EQ(r.exit_code, 2) << option << value << r.err;
    ASSERT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: " + option + ": '" + value + "' is ", 0), 0u) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("x.db")));
}

}  // namespace
}  // namespace hostmark::monitor
