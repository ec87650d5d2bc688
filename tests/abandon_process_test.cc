// abandon_process: the end of a run whose workers cannot be joined (a second Ctrl-C). What the
// caller made goes first (CommandIo::before_abandon: the suite's work directory), then the one
// line and status 1. A death test: the process really ends.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands/cli_common.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

TEST(AbandonProcessDeathTest, RunsBeforeAbandonThenEndsWithOneLineAndStatusOne) {
  GTEST_FLAG_SET(death_test_style, "fast");  // fork: the child sees this ScratchDir
  ScratchDir dir;
  const std::string made = dir.file("hostmark-suite.test");
  std::filesystem::create_directory(made);
  std::ofstream(made + "/sbtest.db") << "x";
  std::ostringstream out;
  const auto abandon = [&] {
    const CommandIo io{out, std::cerr, false, [&made] { std::filesystem::remove_all(made); }};
    abandon_process("cpu", io);
  };
  EXPECT_EXIT(abandon(), ::testing::ExitedWithCode(1), "^hostmark: cpu: interrupted\n$");
  EXPECT_FALSE(std::filesystem::exists(made)) << "before_abandon must run before the exit";
}

TEST(AbandonProcessDeathTest, WithoutBeforeAbandonItOnlyEnds) {
  GTEST_FLAG_SET(death_test_style, "fast");  // fork: the child sees this ScratchDir
  std::ostringstream out;
  const CommandIo io{out, std::cerr, false};
  EXPECT_EXIT(abandon_process("db", io), ::testing::ExitedWithCode(1),
              "^hostmark: db: interrupted\n$");
}

}  // namespace
}  // namespace hostmark
