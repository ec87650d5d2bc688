#pragma once
// hostmark started in the background, as a user would from a shell (SIGINT and SIGTERM at
// their defaults, no signal blocked), for tests that signal it or kill it mid-run; stdout and
// stderr go to files of a ScratchDir. Header-only, for CLI tests.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {

// hostmark started in the background, stdout and stderr going to files of `dir`.
class BackgroundHostmark {
 public:
  BackgroundHostmark(const std::vector<std::string>& args,
                     const std::vector<std::string>& extra_env, const ScratchDir& dir)
      : out_path_(dir.file("child.out")), err_path_(dir.file("child.err")) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path_.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path_.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none;
    sigset_t defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    std::vector<std::string> argv_strings{HOSTMARK_BINARY};
    argv_strings.insert(argv_strings.end(), args.begin(), args.end());
    std::vector<std::string> env_strings = run_binary_detail::child_environment(extra_env);
    std::vector<char*> argv = run_binary_detail::c_strings(argv_strings);
    std::vector<char*> envp = run_binary_detail::c_strings(env_strings);
    if (posix_spawn(&pid_, HOSTMARK_BINARY, &actions, &attr, argv.data(), envp.data()) != 0)
      pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  ~BackgroundHostmark() {
    if (pid_ > 0) {  // a test that failed before wait(): do not leave it running
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  BackgroundHostmark(const BackgroundHostmark&) = delete;
  BackgroundHostmark& operator=(const BackgroundHostmark&) = delete;

  bool started() const { return pid_ > 0; }
  void signal(int sig) const {
    if (pid_ > 0) kill(pid_, sig);
  }
  // Waits until the process blocks or catches `sig` (/proc/<pid>/task/*/status: SigBlk of any
  // of its threads, SigCgt), i.e. until hostmark is past its start-up and owns the signal: sent
  // earlier, the signal meets the default action (a sanitizer build takes seconds to start).
  // Every thread, not only the main one: while a thread waits in sigtimedwait (SignalGuard::
  // wait) the kernel shows the awaited signals as unblocked, and the runner's main thread
  // waits there for the whole run, so only its workers show the mask they inherited.
  // false when that did not happen within `timeout_s` or the process has ended.
  bool wait_until_handles(int sig, int timeout_s = 60) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    while (pid_ > 0 && std::chrono::steady_clock::now() < deadline) {
      const std::string proc = "/proc/" + std::to_string(pid_);
      if (exited(proc + "/status")) return false;
      std::error_code ec;
      for (const auto& task : std::filesystem::directory_iterator(proc + "/task", ec)) {
        if (owns(task.path().string() + "/status", sig)) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
  }
  // Waits for the exit (SIGKILL after `timeout_s`, a safety net, not a measurement); the exit
  // status, 128 + signal when killed, -1 when it had to be killed.
  int wait(int timeout_s = 120) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    int status = 0;
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  std::string out() const { return slurp(out_path_); }
  std::string err() const { return slurp(err_path_); }

 private:
  // The process is gone or a zombie (an unreadable status counts as gone).
  static bool exited(const std::string& status_path) {
    std::ifstream status(status_path);
    if (!status) return true;
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("State:", 0) == 0) return line.find('Z') != std::string::npos;
    }
    return false;
  }
  // The thread whose status this is blocks or catches `sig`.
  static bool owns(const std::string& status_path, int sig) {
    const unsigned long long bit = 1ull << (sig - 1);
    std::ifstream status(status_path);
    for (std::string line; std::getline(status, line);) {
      if (line.rfind("SigBlk:", 0) != 0 && line.rfind("SigCgt:", 0) != 0) continue;
      if (std::stoull(line.substr(7), nullptr, 16) & bit) return true;
    }
    return false;
  }
  static std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::string out_path_;
  std::string err_path_;
  pid_t pid_ = -1;
};

// `hostmark args...` run to its end with SIGINT sent `after_s` seconds after hostmark owns
// SIGINT: what `timeout -s INT N hostmark args...` did, without its race with a slow start-up.
inline RunOutput run_interrupted(const std::vector<std::string>& args, double after_s) {
  ScratchDir dir;  // the child's stdout and stderr
  BackgroundHostmark child(args, {}, dir);
  RunOutput r;
  if (!child.started()) {
    r.err = "cannot start " HOSTMARK_BINARY;
    return r;
  }
  if (child.wait_until_handles(SIGINT)) {
    std::this_thread::sleep_for(std::chrono::duration<double>(after_s));
    child.signal(SIGINT);
  }
  r.exit_code = child.wait();
  r.timed_out = r.exit_code == -1;
  r.out = child.out();
  r.err = child.err();
  return r;
}

}  // namespace hostmark
