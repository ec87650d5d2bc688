#pragma once
// Runs a program (normally the built hostmark) as a user would and captures what it printed:
// stdout and stderr separately, plus the exit status. Header-only, for CLI tests.
//
//   const RunOutput r = run_hostmark({"info", "--output-format=json", "/tmp"});
//   EXPECT_EQ(r.exit_code, 0) << r.err;
//
// The child gets /dev/null (or RunOptions::stdin_text) as stdin and this process's environment
// plus RunOptions::extra_env. It is killed (SIGKILL) when it outlives RunOptions::timeout_ms.
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <system_error>
#include <vector>

namespace hostmark {

struct RunOutput {
  int exit_code = -1;  // exit status; 128 + signal number when killed; -1 when not started
  std::string out;     // everything written to stdout
  std::string err;     // everything written to stderr (or why the program could not start)
  bool timed_out = false;
};

struct RunOptions {
  std::string stdin_text;              // fed on stdin; "" means stdin is /dev/null
  int timeout_ms = 120'000;            // wall-clock limit for the whole run
  std::vector<std::string> extra_env;  // "NAME=value", replacing NAME if already set
};

namespace run_binary_detail {

inline std::vector<std::string> child_environment(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    bool overridden = false;
    for (const auto& x : extra) overridden = overridden || x.substr(0, x.find('=')) == name;
    if (!overridden) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

inline std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace run_binary_detail

// Runs `program` (a path; PATH is not searched) with `args` as argv[1...] and waits for it.
inline RunOutput run_program(const std::string& program, const std::vector<std::string>& args,
                             const RunOptions& options = {}) {
  RunOutput result;
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    result.err = "pipe: " + std::generic_category().message(errno);
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
      if (fd >= 0) close(fd);
    return result;
  }
  std::FILE* input = options.stdin_text.empty() ? nullptr : std::tmpfile();
  if (input != nullptr) {
    std::fwrite(options.stdin_text.data(), 1, options.stdin_text.size(), input);
    std::fflush(input);
    std::rewind(input);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (input != nullptr) {
    posix_spawn_file_actions_adddup2(&actions, fileno(input), STDIN_FILENO);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);

  std::vector<std::string> argv_strings{program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<std::string> env_strings = run_binary_detail::child_environment(options.extra_env);
  std::vector<char*> argv = run_binary_detail::c_strings(argv_strings);
  std::vector<char*> envp = run_binary_detail::c_strings(env_strings);
  pid_t pid = -1;
  const int spawn_error =
      posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (input != nullptr) std::fclose(input);
  if (spawn_error != 0) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    result.err = program + ": " + std::generic_category().message(spawn_error);
    return result;
  }

  // Drain both pipes until the child closes them (or the deadline passes).
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(options.timeout_ms);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&result.out, &result.err};
  int open_count = 2;
  while (open_count > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      kill(pid, SIGKILL);
      result.timed_out = true;
      break;
    }
    const int ready = poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buf[65536];
      const ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_count;
      }
    }
  }
  for (const auto& f : fds)
    if (f.fd >= 0) close(f.fd);

  int status = 0;
  pid_t waited = -1;
  do {
    waited = waitpid(pid, &status, 0);
  } while (waited < 0 && errno == EINTR);
  if (waited == pid && WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (waited == pid && WIFSIGNALED(status)) result.exit_code = 128 + WTERMSIG(status);
  return result;
}

#ifdef HOSTMARK_BINARY
// Runs the hostmark binary built with these tests: run_hostmark({"info", "/tmp"}).
inline RunOutput run_hostmark(const std::vector<std::string>& args,
                              const RunOptions& options = {}) {
  return run_program(HOSTMARK_BINARY, args, options);
}
#endif

// Splits captured output into lines (without the '\n'); a final unterminated line counts.
inline std::vector<std::string> output_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return lines;
}

}  // namespace hostmark
