// README.md stays true to every flag it names: each `hostmark ...` command line shown in its code
// blocks goes through the real command table (commands/command.h) with CommandIo::parse_only, so
// its arguments are parsed by the command's own parser and nothing runs, measures or writes. A
// flag, mode or command that does not exist is the usage error the user would see, and fails here
// with the README line. A job file that a line names (`myjobs.fio`) is made in a scratch directory
// first, as fio reads job files while it parses; an example directory this machine lacks
// (/shared/dir) is replaced by that scratch directory.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "commands/command.h"
#include "core/error.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

// The command lines of README.md's fenced code blocks that run hostmark (directly or under
// mpirun), with continuation lines joined, in order.
std::vector<std::string> readme_command_lines() {
  std::ifstream in(std::string(HOSTMARK_SOURCE_DIR) + "/README.md");
  std::vector<std::string> lines;
  bool in_block = false;
  std::string pending;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      in_block = !in_block;
      pending.clear();
      continue;
    }
    if (!in_block) continue;
    if (!line.empty() && line.back() == '\\') {
      pending += line.substr(0, line.size() - 1);
      continue;
    }
    line = pending + line;
    pending.clear();
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first == "hostmark" || first == "mpirun") lines.push_back(line);
  }
  return lines;
}

// The words of `line` as a POSIX shell splits them (single and double quotes), up to its first
// comment, pipe, redirection or `&`: what the hostmark process receives.
std::vector<std::string> shell_words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : line) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
      continue;
    }
    if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      continue;
    }
    if (!in_word && (c == '#' || c == '|' || c == '>' || c == '&')) break;
    word += c;
    in_word = true;
  }
  if (in_word) words.push_back(word);
  return words;
}

// The arguments after `hostmark` (mpirun's own options before it are dropped).
std::vector<std::string> hostmark_args(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i)
    if (words[i] == "hostmark") return {words.begin() + static_cast<long>(i) + 1, words.end()};
  return {};
}

TEST(ReadmeCommands, ReadmeShowsCommandLines) {
  // The test below must have something to check: README.md is read from the source tree.
  EXPECT_GE(readme_command_lines().size(), 20u);
}

// The check below fails on a flag that does not exist (parse_only still parses in full).
TEST(ReadmeCommands, AFlagThatDoesNotExistFails) {
  std::ostringstream out, err;
  const CommandIo io{out, err, false, {}, /*parse_only=*/true};
  for (const char* name : {"cpu", "sysbench", "disk", "stat"}) {
    const CommandEntry* command = find_command(name);
    ASSERT_NE(command, nullptr);
    EXPECT_THROW(command->run({"--no-such-flag"}, io), Failure) << name;
  }
}

TEST(ReadmeCommands, EveryCommandLineParses) {
  ScratchDir scratch;
  ASSERT_FALSE(scratch.path().empty());
  for (const std::string& line : readme_command_lines()) {
    SCOPED_TRACE("README.md: " + line);
    std::vector<std::string> args = hostmark_args(shell_words(line));
    ASSERT_FALSE(args.empty());
    const CommandEntry* command = find_command(args[0]);
    ASSERT_NE(command, nullptr) << "no command named " << args[0];
    args.erase(args.begin());
    for (std::string& arg : args) {
      // An example directory that this machine lacks (/shared/dir) and a command checks for.
      if (arg.front() == '/' && !arg.starts_with("/dev/") && !std::filesystem::exists(arg))
        arg = scratch.path();
      if (arg.size() > 4 && arg.front() != '-' && arg.ends_with(".fio")) {
        const std::string job_file = scratch.file(arg);
        std::ofstream(job_file) << "[job]\nrw=read\nsize=1M\nfilename=" << scratch.file("data")
                                << "\n";
        arg = job_file;
      }
    }
    std::ostringstream out, err;
    const CommandIo io{out, err, false, {}, /*parse_only=*/true};
    try {
      EXPECT_EQ(command->run(args, io), 0) << err.str();
    } catch (const Failure& f) {
      ADD_FAILURE() << f.error().message();
    }
    EXPECT_EQ(out.str(), "") << "a parse-only run printed a result";
  }
}

}  // namespace
}  // namespace hostmark
