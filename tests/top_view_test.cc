// `hostmark top`'s view model, text and JSON drawing, and keys: pure functions, no terminal.
#include "commands/top_view.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "commands/top_json.h"
#include "commands/top_keys.h"

namespace hostmark::top {
namespace {

using monitor::DelayCounters;
using monitor::IoCounters;
using monitor::ProcessSnapshot;
using monitor::TaskSample;

TaskSample view_task(int pid, unsigned uid, const std::string& cmdline, std::uint64_t read_bytes,
                     std::uint64_t write_bytes, std::uint64_t syscr, std::uint64_t syscw) {
  TaskSample t;
  t.pid = t.tid = pid;
  t.start_time_ticks = 100;
  t.uid = uid;
  t.comm = "comm" + std::to_string(pid);
  t.cmdline = cmdline;
  t.state = 'S';
  t.io = IoCounters{0, 0, syscr, syscw, read_bytes, write_bytes, 0};
  return t;
}

// Two snapshots one second apart (after the first, which is also the baseline): pid 10 reads
// 2 MiB, pid 20 writes 1 MiB with 100 write calls, pid 30 does nothing, pid 40 is unreadable.
struct Fixture {
  std::shared_ptr<ProcessSnapshot> first = std::make_shared<ProcessSnapshot>();
  std::shared_ptr<ProcessSnapshot> after = std::make_shared<ProcessSnapshot>();
  monitor::UserNames users = monitor::UserNames::parse("root:x:0:0::/:\nalice:x:1000:1000::/:\n");

  Fixture() {
    first->monotonic_ns = 10'000'000'000;
    after->monotonic_ns = 11'000'000'000;
    first->tasks = {view_task(10, 1000, "cat big", 0, 0, 0, 0),
                    view_task(20, 0, "dd of=x", 0, 0, 0, 0), view_task(30, 0, "", 0, 0, 0, 0),
                    view_task(40, 0, "secret", 0, 0, 0, 0)};
    first->tasks[3].io.reset();
    after->tasks = {view_task(10, 1000, "cat big", 2 << 20, 0, 64, 0),
                    view_task(20, 0, "dd of=x", 0, 1 << 20, 0, 100),
                    view_task(30, 0, "", 0, 0, 0, 0), view_task(40, 0, "secret", 0, 0, 0, 0)};
    after->tasks[3].io.reset();
  }

  Frame frame(DelayStatus delays = DelayStatus::kKernelOff) const {
    Frame f;
    f.after = after;
    f.interval = monitor::delta_between(*first, *after);
    f.since_start = monitor::delta_between(*first, *after);
    f.delays = delays;
    return f;
  }
};

std::vector<int> ids(const View& v) {
  std::vector<int> out;
  for (const auto& r : v.rows) out.push_back(r.id);
  return out;
}

bool has_line_containing(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

TEST(TopView, RatesTotalsAndUsers) {
  Fixture fx;
  const View v = build_top_view(fx.frame(), DisplayState{}, fx.users);
  EXPECT_DOUBLE_EQ(v.header.interval_s, 1.0);
  EXPECT_DOUBLE_EQ(v.header.total_read_bytes_per_s, 2.0 * 1048576);
  EXPECT_DOUBLE_EQ(v.header.total_write_bytes_per_s, 1048576.0);
  EXPECT_EQ(v.header.tasks, 4u);
  EXPECT_EQ(v.header.unreadable, 1u);
  ASSERT_EQ(v.rows.size(), 4u);
  // IO% unknown for all: ties broken by bytes moved, then id.
  EXPECT_EQ(ids(v), (std::vector<int>{10, 20, 30, 40}));
  EXPECT_EQ(v.rows[0].user, "alice");
  EXPECT_DOUBLE_EQ(v.rows[0].read_ops_per_s, 64.0);
  EXPECT_DOUBLE_EQ(v.rows[1].write_ops_per_s, 100.0);
  EXPECT_EQ(v.rows[2].command, "[comm30]");  // no cmdline: a kernel thread's [comm]
  EXPECT_FALSE(v.rows[0].io_pct);
}

TEST(TopView, SortReverseAndOnlyActive) {
  Fixture fx;
  DisplayState s;
  s.sort = Column::kWriteOps;
  EXPECT_EQ(build_top_view(fx.frame(), s, fx.users).rows.front().id, 20);
  s.reverse = true;
  EXPECT_EQ(build_top_view(fx.frame(), s, fx.users).rows.back().id, 20);
  s = DisplayState{};
  s.sort = Column::kUser;  // text: A-Z
  EXPECT_EQ(build_top_view(fx.frame(), s, fx.users).rows.front().user, "alice");
  s.sort = Column::kId;
  s.reverse = true;
  EXPECT_EQ(ids(build_top_view(fx.frame(), s, fx.users)), (std::vector<int>{40, 30, 20, 10}));
  s = DisplayState{};
  s.only_active = true;
  EXPECT_EQ(ids(build_top_view(fx.frame(), s, fx.users)), (std::vector<int>{10, 20}));
}

TEST(TopView, DelaysGiveIoPercent) {
  Fixture fx;
  for (auto& t : fx.first->tasks) t.delays = DelayCounters{0, 0};
  for (auto& t : fx.after->tasks) t.delays = DelayCounters{0, 0};
  fx.after->tasks[2].delays = DelayCounters{400'000'000, 100'000'000};  // idle by bytes
  const View v = build_top_view(fx.frame(DelayStatus::kAvailable), DisplayState{}, fx.users);
  ASSERT_EQ(v.rows.front().id, 30);  // sorted by IO% first
  EXPECT_DOUBLE_EQ(*v.rows.front().io_pct, 40.0);
  EXPECT_DOUBLE_EQ(*v.rows.front().swapin_pct, 10.0);
  DisplayState only;
  only.only_active = true;  // waiting on I/O counts as active
  EXPECT_EQ(ids(build_top_view(fx.frame(DelayStatus::kAvailable), only, fx.users)),
            (std::vector<int>{30, 10, 20}));
}

TEST(TopText, ColumnsSortMarkAndNotes) {
  Fixture fx;
  DisplayState s;
  s.sort = Column::kWrite;
  const auto lines = render_top_lines(build_top_view(fx.frame(), s, fx.users), 0);
  EXPECT_TRUE(has_line_containing(lines, "Total DISK READ:     2.00 MiB/s"));
  EXPECT_TRUE(has_line_containing(lines, "Total DISK WRITE:     1.00 MiB/s"));
  EXPECT_TRUE(has_line_containing(lines, "sysctl kernel.task_delayacct=1"));
  EXPECT_TRUE(has_line_containing(lines, "1 whose I/O is not readable: only root sees"));
  Frame as_root = fx.frame();
  as_root.root = true;  // then not for lack of rights: no advice
  EXPECT_FALSE(has_line_containing(render_top_lines(build_top_view(as_root, s, fx.users), 0),
                                   "only root sees"));
  EXPECT_TRUE(has_line_containing(lines, "WRITE/s>"));
  EXPECT_TRUE(has_line_containing(lines, "R-OPS/s"));
  EXPECT_TRUE(has_line_containing(lines, "not available"));  // no block-layer side given
  // Rows: the writer first, its rate and op count, then the reader.
  const auto title = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.find("COMMAND") != std::string::npos;
  });
  ASSERT_NE(title, lines.end());
  ASSERT_GE(lines.end() - title, 5);
  EXPECT_NE(title[1].find("1.00 MiB/s"), std::string::npos) << title[1];
  EXPECT_NE(title[1].find("100.0"), std::string::npos) << title[1];
  EXPECT_NE(title[1].find("dd of=x"), std::string::npos) << title[1];
  EXPECT_NE(title[2].find("cat big"), std::string::npos) << title[2];
  EXPECT_NE(title[4].find("n/a"), std::string::npos) << title[4];  // unreadable io
  for (const auto& l : render_top_lines(build_top_view(fx.frame(), s, fx.users), 30)) {
    EXPECT_LE(l.size(), 30u);
  }
}

TEST(TopText, AccumulatedThreadsAndDevices) {
  Fixture fx;
  DisplayState s;
  s.accumulated = true;
  s.threads = true;
  Frame f = fx.frame(DelayStatus::kNoPrivilege);
  f.system = SystemRates{3.0 * 1048576, 0, {{"vda", 3.0 * 1048576, 0}}, 12.5};
  const auto lines = render_top_lines(build_top_view(f, s, fx.users), 0);
  EXPECT_TRUE(has_line_containing(lines, "TID"));
  EXPECT_TRUE(has_line_containing(lines, "  READ "));  // totals, not per second
  EXPECT_FALSE(has_line_containing(lines, "READ/s"));
  EXPECT_TRUE(has_line_containing(lines, "2.00 MiB "));
  EXPECT_TRUE(has_line_containing(lines, "root or CAP_NET_ADMIN"));
  EXPECT_TRUE(has_line_containing(lines, "Actual DISK READ:    3.00 MiB/s"));
  EXPECT_TRUE(has_line_containing(lines, "CPU iowait: 12.5%"));
  EXPECT_TRUE(std::find(lines.begin(), lines.end(), "Devices: vda R 3.00 MiB/s W 0 B/s") !=
              lines.end());
}

TEST(TopText, FormatBytes) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
  EXPECT_EQ(format_bytes(1536), "1.50 KiB");
  EXPECT_EQ(format_bytes(5.0 * 1073741824), "5.00 GiB");
}

TEST(TopJson, OneObjectWithRowsAndNulls) {
  Fixture fx;
  const auto j = top_view_to_json(build_top_view(fx.frame(), DisplayState{}, fx.users));
  EXPECT_EQ(j["schema"], "hostmark.top");
  EXPECT_EQ(j["mode"], "processes");
  EXPECT_EQ(j["delay_accounting"], "off_in_kernel");
  EXPECT_TRUE(j["actual"].is_null());
  EXPECT_DOUBLE_EQ(j["totals"]["write_bytes_per_s"].get<double>(), 1048576.0);
  ASSERT_EQ(j["rows"].size(), 4u);
  EXPECT_EQ(j["rows"][0]["pid"], 10);
  EXPECT_EQ(j["rows"][0]["user"], "alice");
  EXPECT_EQ(j["rows"][0]["read_bytes_total"], 2u << 20);
  EXPECT_TRUE(j["rows"][0]["io_pct"].is_null());
  EXPECT_TRUE(j["rows"][3]["write_bytes_per_s"].is_null());  // unreadable
  EXPECT_EQ(j.dump().find('\n'), std::string::npos);
}

TEST(TopKeys, KeysChangeTheState) {
  DisplayState s;
  EXPECT_EQ(apply_key('>', s), KeyAction::kRedraw);
  EXPECT_EQ(s.sort, Column::kSwapin);
  EXPECT_EQ(apply_key(kKeyLeft, s), KeyAction::kRedraw);
  EXPECT_EQ(s.sort, Column::kIo);
  s.sort = Column::kCommand;
  apply_key(kKeyRight, s);
  EXPECT_EQ(s.sort, Column::kId);  // wraps around
  apply_key('<', s);
  EXPECT_EQ(s.sort, Column::kCommand);
  apply_key('r', s);
  apply_key('o', s);
  apply_key('a', s);
  EXPECT_TRUE(s.reverse && s.only_active && s.accumulated);
  EXPECT_EQ(apply_key('p', s), KeyAction::kSwitchTasks);
  EXPECT_TRUE(s.threads);
  EXPECT_EQ(apply_key('x', s), KeyAction::kIgnored);
  EXPECT_EQ(apply_key('q', s), KeyAction::kQuit);
}

}  // namespace
}  // namespace hostmark::top
