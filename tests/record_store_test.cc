// monitor/record_store.h: samples written and read back, pruning, reopening, bad files, and a
// recorder killed mid-write (SIGKILL) that leaves every committed sample readable.
#include "monitor/record_store.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "scratch_dir.h"

namespace hostmark::monitor {
namespace {

HostSample sample(std::int64_t t_s, std::uint64_t n) {
  HostSample s;
  s.time_ns = t_s * 1'000'000'000;
  s.boot_id = "boot-a";
  s.disks.uptime_ms = static_cast<std::uint64_t>(t_s) * 1000;
  s.cpu.user = 100 * n;
  s.cpu.idle = 300 * n;
  s.cpu.guest_nice = 7;
  s.mem.memory.total_bytes = 1000;
  s.mem.memory.available_bytes = 400 + n;
  s.mem.load.load1 = 0.5;
  s.mem.load.load15 = 1.25;
  DiskSample vda;
  vda.name = "vda";
  vda.major = 254;
  vda.fields = 17;
  vda.rd_ios = 10 * n;
  vda.wr_sectors = 4096 * n;
  vda.fl_ticks_ms = 3 * n;
  DiskSample loop0;
  loop0.name = "loop0";
  loop0.major = 7;
  loop0.fields = 11;
  loop0.rd_ios = n;
  s.disks.disks = {vda, loop0};
  s.virtual_disks = {"loop0"};
  return s;
}

std::vector<HostSample> stored_samples(const RecordStore& store) {
  std::vector<HostSample> out;
  store.for_each(INT64_MIN, INT64_MAX, [&](const HostSample& s) { out.push_back(s); });
  return out;
}

TEST(RecordStore, SamplesComeBackAsWritten) {
  ScratchDir dir;
  {
    RecordStore store = RecordStore::open(dir.file("sub/dir/record.db"));  // directories made
    for (std::uint64_t n = 1; n <= 3; ++n) store.append(sample(100 + static_cast<int>(n), n));
  }
  const RecordStore store = RecordStore::open_read_only(dir.file("sub/dir/record.db"));
  const auto all = stored_samples(store);
  ASSERT_EQ(all.size(), 3u);
  const HostSample& s = all[1];
  EXPECT_EQ(s.time_ns, 102'000'000'000);
  EXPECT_EQ(s.boot_id, "boot-a");
  EXPECT_EQ(s.disks.uptime_ms, 102'000u);
  EXPECT_EQ(s.cpu.user, 200u);
  EXPECT_EQ(s.cpu.idle, 600u);
  EXPECT_EQ(s.cpu.guest_nice, 7u);
  EXPECT_EQ(s.mem.memory.available_bytes, 402u);
  EXPECT_DOUBLE_EQ(s.mem.load.load15, 1.25);
  ASSERT_EQ(s.disks.disks.size(), 2u);
  EXPECT_EQ(s.disks.disks[0].name, "loop0");  // by name
  EXPECT_EQ(s.disks.disks[1].name, "vda");
  EXPECT_EQ(s.disks.disks[1].major, 254u);
  EXPECT_EQ(s.disks.disks[1].fields, 17);
  EXPECT_EQ(s.disks.disks[1].rd_ios, 20u);
  EXPECT_EQ(s.disks.disks[1].wr_sectors, 8192u);
  EXPECT_EQ(s.disks.disks[1].fl_ticks_ms, 6u);
  EXPECT_EQ(s.virtual_disks, std::vector<std::string>{"loop0"});
}

TEST(RecordStore, TimeRangeAndPruning) {
  ScratchDir dir;
  RecordStore store = RecordStore::open(dir.file("r.db"));
  for (std::uint64_t n = 0; n < 10; ++n) store.append(sample(1000 + static_cast<int>(n), n));
  std::vector<std::int64_t> seen;
  store.for_each(1003'000'000'000, 1005'000'000'000,
                 [&](const HostSample& s) { seen.push_back(s.time_ns / 1'000'000'000); });
  EXPECT_EQ(seen, (std::vector<std::int64_t>{1003, 1004, 1005}));
  EXPECT_EQ(store.prune_before(1004'000'000'000), 4u);
  EXPECT_EQ(store.count(), 6u);
  const auto rest = stored_samples(store);
  ASSERT_EQ(rest.size(), 6u);
  EXPECT_EQ(rest.front().time_ns, 1004'000'000'000);
  EXPECT_EQ(rest.front().disks.disks.size(), 2u);
  EXPECT_EQ(store.prune_before(0), 0u);
}

TEST(RecordStore, BadFilesAreOneLineErrors) {
  ScratchDir dir;
  std::ofstream(dir.file("not.db")) << "this is not a database, just text that is long enough\n";
  try {
    RecordStore::open(dir.file("not.db"));
    ADD_FAILURE() << "opened a text file";
  } catch (const Failure& f) {
    EXPECT_NE(std::string(f.what()).find("not.db"), std::string::npos) << f.what();
  }
  try {
    RecordStore::open_read_only(dir.file("missing.db"));
    ADD_FAILURE() << "opened a missing file";
  } catch (const Failure& f) {
    EXPECT_NE(std::string(f.what()).find("hostmark record"), std::string::npos) << f.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("missing.db")));
}

// A child appends samples as fast as it can and is killed with SIGKILL at some point: the
// database opens again, and every sample in it is whole (its two disks are there).
TEST(RecordStore, KilledMidWriteKeepsWholeSamples) {
  ScratchDir dir;
  const std::string path = dir.file("k.db");
  RecordStore::open(path);  // schema first, so the child only appends
  for (const int delay_ms : {5, 30, 120}) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      try {
        RecordStore store = RecordStore::open(path);
        for (std::uint64_t n = 1;; ++n) store.append(sample(static_cast<int>(n), n));
      } catch (...) {
      }
      _exit(3);
    }
    usleep(static_cast<useconds_t>(delay_ms) * 1000);
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the child ended by itself: " << status;
    const RecordStore store = RecordStore::open_read_only(path);
    std::uint64_t samples = 0;
    store.for_each(INT64_MIN, INT64_MAX, [&](const HostSample& s) {
      ++samples;
      EXPECT_EQ(s.disks.disks.size(), 2u) << "a half-written sample at " << s.time_ns;
    });
    EXPECT_EQ(samples, store.count());
  }
}

// history on somebody else's SQLite file: refused, and the file is left as it was (no WAL
// switch, no tables created).
TEST(RecordStore, ReadingAForeignDatabaseChangesNothing) {
  ScratchDir dir;
  const std::string path = dir.file("app.sqlite");
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, "CREATE TABLE app(x INTEGER)", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(raw);
  const auto size_before = std::filesystem::file_size(path);
  EXPECT_THROW(RecordStore::open_read_only(path), Failure);
  EXPECT_EQ(std::filesystem::file_size(path), size_before);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT count(*) FROM sqlite_master", -1, &s, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(s, 0), 1);  // only "app"
  sqlite3_finalize(s);
  sqlite3_close(raw);
}

TEST(RecordStore, DefaultPath) {
  EXPECT_EQ(default_record_path("/x/state", "/home/u"), "/x/state/hostmark/record.db");
  EXPECT_EQ(default_record_path("", "/home/u"), "/home/u/.local/state/hostmark/record.db");
}

}  // namespace
}  // namespace hostmark::monitor
