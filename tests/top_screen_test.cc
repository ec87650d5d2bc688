// `hostmark top`'s curses screen driven in tmux: keys change the sort column, the filter, the
// process/thread mode; q and Ctrl-C end it. Each test runs its own tmux server (-S) and
// session (socket in a scratch directory, name with this process's pid), and kills that
// session by name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "monitor/record_store.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

const char* kTmux = "/usr/bin/tmux";

class TmuxSession {
 public:
  explicit TmuxSession(const std::string& tag)
      : name_("hostmark-top-" + tag + "-" + std::to_string(getpid())),
        socket_(dir_.file("tmux.sock")) {}
  ~TmuxSession() {
    if (started_) run_program(kTmux, {"-S", socket_, "kill-session", "-t", name_});
  }
  TmuxSession(const TmuxSession&) = delete;
  TmuxSession& operator=(const TmuxSession&) = delete;

  RunOutput start(const std::string& command) {
    started_ = true;
    return run_program(kTmux, {"-S", socket_, "-f", "/dev/null", "new-session", "-d", "-s", name_,
                               "-x", "220", "-y", "50", command});
  }
  void keys(const std::vector<std::string>& keys) {
    std::vector<std::string> args{"-S", socket_, "send-keys", "-t", name_};
    args.insert(args.end(), keys.begin(), keys.end());
    run_program(kTmux, args);
  }
  std::string screen() {
    return run_program(kTmux, {"-S", socket_, "capture-pane", "-p", "-t", name_}).out;
  }
  bool alive() {
    return run_program(kTmux, {"-S", socket_, "has-session", "-t", name_}).exit_code == 0;
  }

  // Waits (up to 15 s: the machine may be busy) until the screen holds `text`.
  bool wait_for(const std::string& text) {
    return wait_until([&] { return screen().find(text) != std::string::npos; });
  }
  bool wait_gone() {
    return wait_until([&] { return !alive(); });
  }

 private:
  template <class F>
  static bool wait_until(F&& done) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (std::chrono::steady_clock::now() < end) {
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  ScratchDir dir_;  // holds the server's socket, removed with it
  std::string name_;
  std::string socket_;
  bool started_ = false;
};

TEST(TopScreen, KeysChangeWhatIsShownAndQQuits) {
  if (!std::filesystem::exists(kTmux))
    GTEST_SKIP() << "tmux is not installed (apt-get install tmux)";
  TmuxSession tmux("keys");
  const RunOutput started = tmux.start(std::string(HOSTMARK_BINARY) + " top -d 0.5");
  ASSERT_EQ(started.exit_code, 0) << started.err;
  ASSERT_TRUE(tmux.wait_for("COMMAND")) << tmux.screen();
  const std::string first = tmux.screen();
  EXPECT_NE(first.find("IO%>"), std::string::npos) << first;  // iotop's default sort
  EXPECT_NE(first.find("PID"), std::string::npos) << first;

  tmux.keys({">"});
  ASSERT_TRUE(tmux.wait_for("SWAPIN%>")) << tmux.screen();
  EXPECT_EQ(tmux.screen().find("IO%>"), std::string::npos);
  tmux.keys({"Left", "Left"});
  ASSERT_TRUE(tmux.wait_for("W-OPS/s>")) << tmux.screen();
  tmux.keys({"r"});
  ASSERT_TRUE(tmux.wait_for("W-OPS/s<")) << tmux.screen();
  tmux.keys({"o"});
  ASSERT_TRUE(tmux.wait_for("only active")) << tmux.screen();
  tmux.keys({"a"});
  ASSERT_TRUE(tmux.wait_for("W-OPS<")) << tmux.screen();  // totals: no "/s"
  tmux.keys({"p"});
  ASSERT_TRUE(tmux.wait_for("TID")) << tmux.screen();
  ASSERT_TRUE(tmux.wait_for(" threads")) << tmux.screen();
  tmux.keys({"q"});
  EXPECT_TRUE(tmux.wait_gone()) << tmux.screen();  // the program ended, so did the session
}

TEST(TopScreen, CtrlCEndsIt) {
  if (!std::filesystem::exists(kTmux))
    GTEST_SKIP() << "tmux is not installed (apt-get install tmux)";
  TmuxSession tmux("sigint");
  // After hostmark ends, the shell prints its status: proof that it ended by itself.
  const RunOutput started =
      tmux.start(std::string(HOSTMARK_BINARY) + " top -d 0.5; echo exit=$?; sleep 30");
  ASSERT_EQ(started.exit_code, 0) << started.err;
  ASSERT_TRUE(tmux.wait_for("COMMAND")) << tmux.screen();
  tmux.keys({"C-c"});
  ASSERT_TRUE(tmux.wait_for("exit=0")) << tmux.screen();
  // The terminal is back to normal: the screen was left (no column titles on it).
  EXPECT_EQ(tmux.screen().find("COMMAND"), std::string::npos) << tmux.screen();
}

// --replay on the screen: space and the right arrow step forward, the left arrow back, q quits.
TEST(TopScreen, ReplayStepsThroughRecordedSamples) {
  if (!std::filesystem::exists(kTmux))
    GTEST_SKIP() << "tmux is not installed (apt-get install tmux)";
  ScratchDir dir;
  {
    monitor::RecordStore store = monitor::RecordStore::open(dir.file("rec.db"));
    for (std::int64_t t = 1000; t < 1004; ++t) {
      monitor::HostSample s;
      s.time_ns = t * 1'000'000'000;
      s.boot_id = "b";
      s.disks.uptime_ms = static_cast<std::uint64_t>(t) * 1000;
      s.cpu.idle = static_cast<std::uint64_t>(t);
      s.top_processes = {{static_cast<int>(t), "proc" + std::to_string(t), "root", 1, 1, 1, 1}};
      store.append(s);
    }
  }
  TmuxSession tmux("replay");
  const RunOutput started = tmux.start(std::string(HOSTMARK_BINARY) + " top --replay --db " +
                                       dir.file("rec.db") + " --from @0");
  ASSERT_EQ(started.exit_code, 0) << started.err;
  ASSERT_TRUE(tmux.wait_for("(sample 1 of 3)")) << tmux.screen();
  EXPECT_NE(tmux.screen().find("proc1001"), std::string::npos) << tmux.screen();
  tmux.keys({"Space"});
  ASSERT_TRUE(tmux.wait_for("(sample 2 of 3)")) << tmux.screen();
  tmux.keys({"Right"});
  ASSERT_TRUE(tmux.wait_for("(sample 3 of 3)")) << tmux.screen();
  EXPECT_NE(tmux.screen().find("proc1003"), std::string::npos) << tmux.screen();
  tmux.keys({"Right"});  // the last one stays
  tmux.keys({"Left"});
  ASSERT_TRUE(tmux.wait_for("(sample 2 of 3)")) << tmux.screen();
  tmux.keys({"q"});
  EXPECT_TRUE(tmux.wait_gone()) << tmux.screen();
}

}  // namespace
}  // namespace hostmark
