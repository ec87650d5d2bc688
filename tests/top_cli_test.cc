// `hostmark top` run as a user would: batch text and JSON of a real run while a child process
// does known I/O, and usage errors.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

constexpr std::size_t kChunkBytes = 1 << 20;

// A child that rewrites 1 MiB of `path` and fsyncs it, over and over, until killed (or after
// 60 s). Killed (SIGKILL) and reaped by pid when the guard ends.
class WritingChild {
 public:
  explicit WritingChild(const std::string& path) {
    pid_ = fork();
    if (pid_ == 0) {
      const int fd = open(path.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0600);
      if (fd < 0) _exit(3);
      static char chunk[kChunkBytes];
      std::memset(chunk, 'x', sizeof chunk);
      const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (std::chrono::steady_clock::now() < end) {
        if (pwrite(fd, chunk, sizeof chunk, 0) != static_cast<ssize_t>(sizeof chunk)) _exit(4);
        if (fsync(fd) != 0) _exit(5);
        usleep(20'000);
      }
      _exit(0);
    }
  }
  ~WritingChild() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  WritingChild(const WritingChild&) = delete;
  WritingChild& operator=(const WritingChild&) = delete;
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
};

// True when /sys/block lists a device with a device/ link (not loop, ram, zram, dm...).
bool real_disk_present() {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/sys/block", ec)) {
    if (std::filesystem::exists(e.path() / "device", ec)) return true;
  }
  return false;
}

const nlohmann::json* find_row(const nlohmann::json& frame, int pid) {
  for (const auto& row : frame["rows"])
    if (row["pid"] == pid) return &row;
  return nullptr;
}

// Whether a `top --json` run saw the child write: a whole chunk in its totals by the last
// frame, a nonzero rate in a frame, and (with a real disk) the block layer writing in one.
bool saw_the_child_write(const std::vector<std::string>& lines, int pid) {
  double rate = 0, actual = 0;
  std::uint64_t total = 0;
  for (const auto& line : lines) {
    const auto frame = nlohmann::json::parse(line, nullptr, false);
    if (frame.is_discarded()) return false;
    if (frame.contains("actual") && frame["actual"].is_object())
      actual = std::max(actual, frame["actual"]["write_bytes_per_s"].get<double>());
    const nlohmann::json* row = find_row(frame, pid);
    if (row == nullptr) continue;
    rate = std::max(rate, row->value("write_bytes_per_s", 0.0));
    total = row->value("write_bytes_total", std::uint64_t{0});
  }
  return total >= kChunkBytes && rate > 0 && (actual > 0 || !real_disk_present());
}

// The child's rewrites wait for its fsyncs: on a disk a loaded machine (other tests' I/O) keeps
// busy, one can outlast a short top run. So top runs again, up to a minute, until a run saw the
// child write; `accept` says whether a run did.
template <class Accept>
RunOutput top_until(const std::vector<std::string>& args, Accept accept) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    RunOutput r = run_hostmark(args);
    if (r.exit_code != 0 || accept(r) || std::chrono::steady_clock::now() > deadline) return r;
  }
}

TEST(TopCli, JsonShowsTheWritesOfAChild) {
  ScratchDir dir;  // /var/tmp: a disk filesystem, where writes reach write_bytes
  ASSERT_FALSE(dir.path().empty());
  WritingChild child(dir.file("written"));
  ASSERT_GT(child.pid(), 0);
  const RunOutput r = top_until({"top", "--json", "-n", "3", "-d", "0.5"}, [&](const RunOutput& t) {
    return saw_the_child_write(output_lines(t.out), child.pid());
  });
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = output_lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;  // one object a line, nothing else
  double best_rate = 0, best_actual = 0;
  nlohmann::json last;
  for (const auto& line : lines) {
    last = nlohmann::json::parse(line);
    if (last["actual"].is_object()) {
      best_actual = std::max(best_actual, last["actual"]["write_bytes_per_s"].get<double>());
    }
    EXPECT_EQ(last["schema"], "hostmark.top");
    EXPECT_GT(last["interval_s"].get<double>(), 0.0);
    const nlohmann::json* row = find_row(last, child.pid());
    ASSERT_NE(row, nullptr) << "child " << child.pid() << " missing: " << line.substr(0, 300);
    best_rate = std::max(best_rate, (*row)["write_bytes_per_s"].get<double>());
  }
  const nlohmann::json* row = find_row(last, child.pid());
  ASSERT_NE(row, nullptr);
  // Over 1.5 s of rewriting 1 MiB with fsync every ~20 ms: at least one whole chunk.
  EXPECT_GE((*row)["write_bytes_total"].get<std::uint64_t>(), kChunkBytes) << row->dump();
  EXPECT_GE((*row)["write_ops_total"].get<std::uint64_t>(), 1u) << row->dump();
  EXPECT_GT(best_rate, 0.0);
  EXPECT_GE(last["totals"]["write_bytes_per_s"].get<double>(),
            (*row)["write_bytes_per_s"].get<double>());
  EXPECT_NE((*row)["command"].get<std::string>().find("hostmark_tests"), std::string::npos);
  // The block layer saw the fsyncs, on a host with a real (non-virtual) disk under /var/tmp.
  if (real_disk_present()) {
    ASSERT_TRUE(last["actual"].is_object()) << lines.back().substr(0, 400);
    EXPECT_GT(best_actual, 0.0);
    EXPECT_TRUE(last["cpu_iowait_pct"].is_number());
    EXPECT_FALSE(last["devices"].empty());
  }
}

TEST(TopCli, BatchTextShowsTheChildAndThreads) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  WritingChild child(dir.file("written"));
  ASSERT_GT(child.pid(), 0);
  // A row whose first word is the child's pid: with -o (only active) the child is listed in a
  // frame where it wrote.
  const auto child_line = [&child](const RunOutput& t) {
    for (const auto& line : output_lines(t.out)) {
      int first = 0;
      std::istringstream words(line);
      if (words >> first && first == child.pid()) return true;
    }
    return false;
  };
  const RunOutput r =
      top_until({"top", "-b", "-o", "-n", "2", "-d", "0.4", "--sort=write"}, child_line);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Total DISK READ:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("WRITE/s>"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("R-OPS/s"), std::string::npos) << r.out;
  EXPECT_TRUE(child_line(r)) << r.out;

  const RunOutput t = run_hostmark({"top", "-b", "-t", "-n", "1", "-d", "0.2"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("TID"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find(" threads"), std::string::npos) << t.out;
}

TEST(TopCli, UsageErrors) {
  const RunOutput d = run_hostmark({"top", "-b", "-d", "0"});
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_EQ(d.err, "hostmark: --delay: must be a number of seconds above 0\n");
  const RunOutput s = run_hostmark({"top", "-b", "--sort", "speed"});
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_EQ(s.err, "hostmark: --sort: 'speed' is not a column\n");
  const RunOutput tty = run_hostmark({"top", "-n", "1"});  // stdout is a pipe here
  EXPECT_EQ(tty.exit_code, 2);
  EXPECT_NE(tty.err.find("not a terminal"), std::string::npos) << tty.err;
  EXPECT_TRUE(tty.out.empty());
}

}  // namespace
}  // namespace hostmark
