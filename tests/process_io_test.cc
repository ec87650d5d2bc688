// The per-process I/O collectors: parsers of /proc/[pid] files, collection from fixture /proc
// trees (vanished tasks, unreadable io, threads), and deltas between snapshots (pid reuse).
#include "monitor/process_io.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "monitor/process_io_delta.h"
#include "monitor/taskstats.h"
#include "monitor/user_names.h"
#include "scratch_dir.h"

namespace hostmark::monitor {
namespace {

std::string io_text(std::uint64_t rchar, std::uint64_t wchar, std::uint64_t syscr,
                    std::uint64_t syscw, std::uint64_t read_bytes, std::uint64_t write_bytes) {
  return fmt::format(
      "rchar: {}\nwchar: {}\nsyscr: {}\nsyscw: {}\nread_bytes: {}\nwrite_bytes: {}\n"
      "cancelled_write_bytes: 4096\n",
      rchar, wchar, syscr, syscw, read_bytes, write_bytes);
}

std::string stat_text(int pid, const std::string& comm, char state, std::uint64_t start) {
  // Fields 4..21 are filler; field 22 is the start time.
  std::string filler;
  for (int f = 4; f <= 21; ++f) filler += fmt::format(" {}", f);
  return fmt::format("{} ({}) {}{} {} 23 24\n", pid, comm, state, filler, start);
}

std::string status_text(unsigned uid) {
  return fmt::format("Name:\tx\nState:\tS (sleeping)\nUid:\t{}\t{}\t0\t0\nGid:\t0\t0\t0\t0\n", uid,
                     uid);
}

void write_file(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

// A fixture task directory (proc/PID or proc/PID/task/TID).
void make_task(const std::string& dir, int id, const std::string& comm, std::uint64_t start,
               unsigned uid, const std::string& io) {
  write_file(dir + "/stat", stat_text(id, comm, 'S', start));
  write_file(dir + "/status", status_text(uid));
  if (!io.empty()) write_file(dir + "/io", io);
}

TEST(ProcessIoParse, IoFileGivesEveryCounter) {
  const auto c = parse_proc_pid_io(io_text(1, 2, 3, 4, 5, 6));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->rchar, 1u);
  EXPECT_EQ(c->wchar, 2u);
  EXPECT_EQ(c->syscr, 3u);
  EXPECT_EQ(c->syscw, 4u);
  EXPECT_EQ(c->read_bytes, 5u);
  EXPECT_EQ(c->write_bytes, 6u);
  EXPECT_EQ(c->cancelled_write_bytes, 4096u);
  EXPECT_FALSE(parse_proc_pid_io("no counters here\n"));
  EXPECT_FALSE(parse_proc_pid_io(""));
}

TEST(ProcessIoParse, StatCommMayHoldSpacesAndParentheses) {
  const auto s = parse_proc_pid_stat(stat_text(42, "a b) (c", 'D', 987654321));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->comm, "a b) (c");
  EXPECT_EQ(s->state, 'D');
  EXPECT_EQ(s->start_time_ticks, 987654321u);
  EXPECT_FALSE(parse_proc_pid_stat("42 (short) S 1 2 3\n"));  // cut before the start time
  EXPECT_FALSE(parse_proc_pid_stat("garbage"));
}

TEST(ProcessIoParse, StatusUidAndCmdline) {
  EXPECT_EQ(parse_status_uid(status_text(1000)), 1000u);
  EXPECT_FALSE(parse_status_uid("Name:\tx\n"));
  EXPECT_EQ(parse_cmdline(std::string("dd\0if=/dev/zero\0of=x\0", 21)), "dd if=/dev/zero of=x");
  EXPECT_EQ(parse_cmdline(""), "");
}

TEST(ProcessIoParse, UserNamesFromPasswd) {
  const auto users = UserNames::parse(
      "root:x:0:0:root:/root:/bin/bash\nbroken line\npostgres:x:104:110::/var/lib:/bin/sh\n");
  EXPECT_EQ(users.name(0), "root");
  EXPECT_EQ(users.name(104), "postgres");
  EXPECT_EQ(users.name(4242), "4242");  // unknown: the number, as ps shows it
}

TEST(ProcessIoCollect, ReadsFixtureTreeAndKeepsUnreadableIo) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  make_task(root.file("proc/100"), 100, "writer", 5000, 1000, io_text(10, 20, 1, 2, 4096, 8192));
  write_file(root.file("proc/100/cmdline"), std::string("writer\0--fast\0", 14));
  // No io file: what another user's process looks like without privileges.
  make_task(root.file("proc/200"), 200, "other", 6000, 0, "");
  // stat but no status: the process ended between the two reads.
  write_file(root.file("proc/300/stat"), stat_text(300, "gone", 'Z', 7000));
  write_file(root.file("proc/self/stat"), stat_text(1, "self", 'R', 1));  // not a pid
  write_file(root.file("proc/meminfo"), "MemTotal: 1 kB\n");

  const ProcessSnapshot snap = collect_processes({root.path(), false, true});
  ASSERT_EQ(snap.tasks.size(), 2u);
  const TaskSample& w = snap.tasks[0];
  EXPECT_EQ(w.pid, 100);
  EXPECT_EQ(w.tid, 100);
  EXPECT_EQ(w.comm, "writer");
  EXPECT_EQ(w.cmdline, "writer --fast");
  EXPECT_EQ(w.uid, 1000u);
  EXPECT_EQ(w.start_time_ticks, 5000u);
  ASSERT_TRUE(w.io);
  EXPECT_EQ(w.io->write_bytes, 8192u);
  EXPECT_EQ(snap.tasks[1].pid, 200);
  EXPECT_FALSE(snap.tasks[1].io);
  EXPECT_EQ(snap.tasks[1].cmdline, "");
}

TEST(ProcessIoCollect, ThreadsComeFromTaskDirectories) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  make_task(root.file("proc/100"), 100, "server", 5000, 0, io_text(0, 0, 0, 0, 0, 300));
  make_task(root.file("proc/100/task/100"), 100, "server", 5000, 0, io_text(0, 0, 0, 0, 0, 100));
  make_task(root.file("proc/100/task/103"), 103, "worker", 5001, 0, io_text(0, 0, 0, 0, 0, 200));
  make_task(root.file("proc/101"), 101, "single", 5002, 0, io_text(0, 0, 0, 0, 0, 7));
  make_task(root.file("proc/101/task/101"), 101, "single", 5002, 0, io_text(0, 0, 0, 0, 0, 7));

  const ProcessSnapshot procs = collect_processes({root.path(), false, true});
  ASSERT_EQ(procs.tasks.size(), 2u);
  EXPECT_EQ(procs.tasks[0].io->write_bytes, 300u);  // the process's own total

  const ProcessSnapshot threads = collect_processes({root.path(), true, true});
  EXPECT_TRUE(threads.threads);
  ASSERT_EQ(threads.tasks.size(), 3u);  // sorted by tid: 100, 101, 103
  EXPECT_EQ(threads.tasks[0].tid, 100);
  EXPECT_EQ(threads.tasks[1].tid, 101);
  EXPECT_EQ(threads.tasks[2].tid, 103);
  EXPECT_EQ(threads.tasks[2].pid, 100);
  EXPECT_EQ(threads.tasks[2].comm, "worker");
  EXPECT_EQ(threads.tasks[2].io->write_bytes, 200u);
}

TEST(ProcessIoCollect, SettledTasksKeepUidAndCmdlineYoungRootTasksAreReread) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  const auto hz = static_cast<std::uint64_t>(sysconf(_SC_CLK_TCK));
  write_file(root.file("proc/uptime"), "1000.00 1500.00\n");
  // 100 started at 50 s (old), 200 at 999 s (one second old), both root now.
  make_task(root.file("proc/100"), 100, "daemon", 50 * hz, 0, io_text(0, 0, 0, 0, 0, 0));
  write_file(root.file("proc/100/cmdline"), std::string("daemon\0", 7));
  make_task(root.file("proc/200"), 200, "young", 999 * hz, 0, io_text(0, 0, 0, 0, 0, 0));
  write_file(root.file("proc/200/cmdline"), std::string("young\0", 6));
  const ProcessSnapshot first = collect_processes({root.path(), false, true});
  ASSERT_EQ(first.tasks.size(), 2u);
  EXPECT_EQ(first.uptime_ticks, 1000 * hz);
  EXPECT_FALSE(first.tasks[0].settled);  // nothing to keep yet

  // Both drop privileges and rename themselves.
  make_task(root.file("proc/100"), 100, "daemon", 50 * hz, 33, io_text(0, 0, 0, 0, 0, 0));
  write_file(root.file("proc/100/cmdline"), std::string("daemon: worker\0", 15));
  make_task(root.file("proc/200"), 200, "young", 999 * hz, 33, io_text(0, 0, 0, 0, 0, 0));
  write_file(root.file("proc/200/cmdline"), std::string("young: worker\0", 14));
  const ProcessSnapshot second = collect_processes({root.path(), false, true}, &first);
  ASSERT_EQ(second.tasks.size(), 2u);
  EXPECT_TRUE(second.tasks[0].settled);  // 950 s old: kept as it was
  EXPECT_EQ(second.tasks[0].uid, 0u);
  EXPECT_EQ(second.tasks[0].cmdline, "daemon");
  EXPECT_FALSE(second.tasks[1].settled);  // young: read again
  EXPECT_EQ(second.tasks[1].uid, 33u);
  EXPECT_EQ(second.tasks[1].cmdline, "young: worker");
  // Without a previous snapshot everything is read.
  EXPECT_EQ(collect_processes({root.path(), false, true}).tasks[0].uid, 33u);
}

TEST(ProcessIoDelta, RatesVanishedAndReusedPids) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  make_task(root.file("proc/100"), 100, "steady", 5000, 0, io_text(100, 100, 10, 10, 0, 4096));
  make_task(root.file("proc/200"), 200, "leaving", 5100, 0, io_text(0, 0, 0, 0, 0, 0));
  make_task(root.file("proc/300"), 300, "old", 5200, 0, io_text(0, 0, 5, 5, 0, 1 << 20));
  ProcessSnapshot before = collect_processes({root.path(), false, true});
  before.monotonic_ns = 1'000'000'000;

  make_task(root.file("proc/100"), 100, "steady", 5000, 0,
            io_text(100, 100, 30, 50, 8192, 4096 + 2 * 1048576));
  std::filesystem::remove_all(root.file("proc/200"));  // vanished
  // pid 300 reused by a new process (later start time), which wrote 4096 bytes so far.
  make_task(root.file("proc/300"), 300, "new", 9000, 0, io_text(0, 0, 1, 1, 0, 4096));
  make_task(root.file("proc/400"), 400, "born", 9100, 0, io_text(0, 0, 0, 2, 0, 512));
  ProcessSnapshot after = collect_processes({root.path(), false, true});
  after.monotonic_ns = 3'000'000'000;  // two seconds later

  const SnapshotDelta d = delta_between(before, after);
  EXPECT_DOUBLE_EQ(d.interval_s, 2.0);
  EXPECT_EQ(d.vanished, 2u);  // 200 ended; the old 300 ended (its pid now names another)
  ASSERT_EQ(d.tasks.size(), 3u);
  const TaskDelta& steady = d.tasks[0];
  EXPECT_FALSE(steady.is_new);
  EXPECT_EQ(steady.io.write_bytes, 2u * 1048576);
  EXPECT_EQ(steady.io.read_bytes, 8192u);
  EXPECT_EQ(steady.io.syscr, 20u);
  EXPECT_EQ(steady.io.syscw, 40u);
  EXPECT_DOUBLE_EQ(per_second(steady.io.write_bytes, d.interval_s), 1048576.0);
  const TaskDelta& reused = d.tasks[1];
  EXPECT_EQ(reused.task->comm, "new");
  EXPECT_TRUE(reused.is_new);
  EXPECT_EQ(reused.io.write_bytes, 4096u);  // from zero, not 4096 - 1 MiB
  EXPECT_TRUE(d.tasks[2].is_new);
  EXPECT_EQ(d.tasks[2].io.write_bytes, 512u);
}

TEST(ProcessIoDelta, CounterGoingBackIsZeroAndUnreadableIsCounted) {
  ProcessSnapshot before, after;
  before.monotonic_ns = 0;
  after.monotonic_ns = 1'000'000'000;
  TaskSample a;
  a.pid = a.tid = 7;
  a.start_time_ticks = 1;
  a.io = IoCounters{};
  a.io->write_bytes = 1000;
  a.delays = DelayCounters{500'000'000, 0};
  before.tasks.push_back(a);
  a.io->write_bytes = 10;  // backwards (should not happen; must not wrap)
  a.delays = DelayCounters{750'000'000, 2'000'000'000};  // 0.25 s of 1 s waiting on I/O
  after.tasks.push_back(a);
  TaskSample hidden = a;
  hidden.pid = hidden.tid = 8;
  hidden.io.reset();
  after.tasks.push_back(hidden);

  const SnapshotDelta d = delta_between(before, after);
  ASSERT_EQ(d.tasks.size(), 2u);
  EXPECT_EQ(d.tasks[0].io.write_bytes, 0u);
  ASSERT_TRUE(d.tasks[0].has_delays);
  EXPECT_DOUBLE_EQ(delay_percent(d.tasks[0].delays.blkio_delay_ns, d.interval_s), 25.0);
  EXPECT_DOUBLE_EQ(delay_percent(d.tasks[0].delays.swapin_delay_ns, d.interval_s), 100.0);
  EXPECT_FALSE(d.tasks[1].has_io);
  EXPECT_EQ(d.unreadable, 1u);
  EXPECT_EQ(d.vanished, 0u);
}

TEST(ProcessIoDelays, SysctlAndCapabilityFromFixtures) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  EXPECT_EQ(read_delay_accounting(root.path()), DelayAccounting::kUnknown);
  write_file(root.file("proc/sys/kernel/task_delayacct"), "0\n");
  EXPECT_EQ(read_delay_accounting(root.path()), DelayAccounting::kOff);
  write_file(root.file("proc/sys/kernel/task_delayacct"), "1\n");
  EXPECT_EQ(read_delay_accounting(root.path()), DelayAccounting::kOn);

  EXPECT_FALSE(has_net_admin(root.path()));
  write_file(root.file("proc/self/status"), "Name:\tx\nCapEff:\t0000000000001000\n");
  EXPECT_TRUE(has_net_admin(root.path()));  // bit 12
  write_file(root.file("proc/self/status"), "Name:\tx\nCapEff:\t0000000000000fff\n");
  EXPECT_FALSE(has_net_admin(root.path()));
}

// The real kernel: as root, taskstats answers for this process (delays may all be zero when
// the kernel does not account them).
TEST(ProcessIoDelays, TaskstatsAnswersForThisProcessWhenPrivileged) {
  if (!has_net_admin("/")) GTEST_SKIP() << "needs CAP_NET_ADMIN (root) for taskstats";
  auto client = TaskstatsClient::open();
  if (!client) GTEST_SKIP() << "no taskstats here: " << client.error().message();
  const auto mine = client.value()->query(getpid(), false);
  ASSERT_TRUE(mine) << "errno " << client.value()->last_errno();
  EXPECT_TRUE(client.value()->query(gettid(), true));
  // A pid that cannot exist: the kernel refuses, the client says so.
  EXPECT_FALSE(client.value()->query(0x3fffffff, false));
  EXPECT_NE(client.value()->last_errno(), 0);
}

}  // namespace
}  // namespace hostmark::monitor
