// CommandIo::parse_only (commands/command.h), the seam of the command-line fuzz target: every
// command parses and checks its arguments as usual, then returns 0 without running anything.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands/command.h"
#include "core/error.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

struct Outcome {
  int status = -1;
  std::string usage_error;  // the Failure's message when one was thrown
  std::string out, err;
};

Outcome parse_only(const std::string& command, const std::vector<std::string>& args) {
  const CommandEntry* entry = find_command(command);
  if (entry == nullptr) return {-2, "no such command", "", ""};
  std::ostringstream out, err;
  Outcome o;
  try {
    o.status = entry->run(args, CommandIo{out, err, false, {}, /*parse_only=*/true});
  } catch (const Failure& f) {
    o.usage_error = f.error().kind == ErrorKind::kUsage ? f.error().message() : "run error";
  }
  o.out = out.str();
  o.err = err.str();
  return o;
}

TEST(ParseOnly, CommandsWithWorkToDoReturnZeroAndPrintNothing) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const std::string file = dir.file("x");
  const std::vector<std::pair<std::string, std::vector<std::string>>> lines = {
      {"cpu", {"--time=5s", "--threads=2", "--output-format=json"}},
      {"memory", {"--size=64M", "--threads=2"}},
      {"disk", {"--seq-write", file, "--bs=1M", "--count=4"}},
      {"disk", {dir.path(), "--output=" + file}},
      {"fs", {dir.path(), "--size=8M", "--files=4"}},
      {"fio", {"--name=w", "--filename=" + file, "--size=1m", "--rw=write"}},
      {"sysbench", {"cpu", "run", "--time=1"}},
      {"sysbench", {"fileio", "prepare", "--file-num=1", "--file-total-size=1M"}},
      {"stat", {"1", "2"}},
      {"top", {"-b", "-n", "2"}},
      {"exporter", {"--listen", "127.0.0.1:0"}},
      {"info", {"--output-format=json", dir.path()}},
      {"results", {"list", "--results-db=" + file}},
      {"suite", {"--profile=smoke", "--dir", dir.path()}},
  };
  for (const auto& [command, args] : lines) {
    const Outcome o = parse_only(command, args);
    EXPECT_EQ(o.status, 0) << command << ": " << o.usage_error;
    EXPECT_EQ(o.out, "") << command;
    EXPECT_EQ(o.err, "") << command;
  }
  EXPECT_TRUE(dir.empty()) << "a parse-only command created a file";
  EXPECT_FALSE(std::filesystem::exists("test_file.0"));  // sysbench fileio prepare's first file
}

TEST(ParseOnly, BadArgumentsAreStillUsageErrors) {
  for (const CommandEntry& c : command_table()) {
    const Outcome o = parse_only(std::string(c.name), {"--no-such-option-at-all"});
    EXPECT_FALSE(o.usage_error.empty())
        << c.name << " accepted an unknown option: status " << o.status;
    EXPECT_NE(o.usage_error, "run error") << c.name;
  }
  EXPECT_NE(parse_only("cpu", {"--threads=0"}).usage_error, "");  // CLI11's range check
}

// A command that needs a subcommand or a test name and got none is a user mistake: one line
// (the Failure), not the whole usage on stderr with status 2 (found by the fuzz target, which
// holds every parse to "0 or a usage error").
TEST(ParseOnly, MissingSubcommandIsAOneLineUsageError) {
  const Outcome results = parse_only("results", {});
  EXPECT_NE(results.usage_error.find("no subcommand (list, show"), std::string::npos)
      << results.usage_error;
  EXPECT_EQ(results.err, "");
  const Outcome sysbench = parse_only("sysbench", {});
  EXPECT_NE(sysbench.usage_error.find("no test named (tests: "), std::string::npos)
      << sysbench.usage_error;
  EXPECT_NE(sysbench.usage_error.find("oltp_read_write"), std::string::npos);
  EXPECT_EQ(sysbench.err, "");
  EXPECT_EQ(parse_only("sysbench", {"--help"}).status, 0);  // help asked for is not an error
  EXPECT_NE(parse_only("sysbench", {"--help"}).out.find("General options:"), std::string::npos);
  // sysbench's stock scripts by path run the built-in test; a script of one's own is neither
  // read nor run when only parsing (its options are known once its body has run).
  EXPECT_EQ(parse_only("sysbench", {"/usr/share/sysbench/oltp_point_select.lua", "run"}).status, 0);
  EXPECT_EQ(parse_only("sysbench", {"./my_oltp.lua", "run"}).status, 0);
  EXPECT_EQ(parse_only("results", {"--help"}).status, 0);
  EXPECT_NE(parse_only("results", {"--help"}).out.find("Subcommands:"), std::string::npos);
}

// The seed corpus of fuzz/command_line_fuzz.cc (the command name, then one argument a line),
// replayed here as that target would, so the sanitizer builds of CI run it too (the fuzz target
// itself needs the whole tree under clang: scripts/fuzz.sh --all).
TEST(ParseOnly, CommandLineFuzzCorpusParsesOrIsAUsageError) {
  // The source tree's own path (not __FILE__, which is relative under ccache's base_dir).
  const auto corpus = std::filesystem::path(HOSTMARK_SOURCE_DIR) / "fuzz/corpus/command_line";
  ASSERT_TRUE(std::filesystem::is_directory(corpus)) << corpus;
  int replayed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    std::ifstream in(entry.path());
    std::vector<std::string> args;
    for (std::string line; std::getline(in, line);) args.push_back(line);
    if (args.empty() || args[0] == "fio") continue;
    const std::string command = args[0];
    args.erase(args.begin());
    const Outcome o = parse_only(command, args);
    EXPECT_TRUE(o.status == 0 || !o.usage_error.empty()) << entry.path() << ": status " << o.status;
    EXPECT_NE(o.usage_error, "run error") << entry.path();
    ++replayed;
  }
  EXPECT_GT(replayed, 20);
}

}  // namespace
}  // namespace hostmark
