#pragma once
// The errors `hostmark sysbench` reports in sysbench's words (core/error.h Error::peer_text):
// exit status 1, sysbench's log line `line` (FATAL: ..., WARNING: ...) on standard output, as
// sysbench writes it, and nothing on standard error.
#include <gtest/gtest.h>

#include <string>

#include "run_binary.h"

namespace hostmark {

inline void expect_sysbench_words(const RunOutput& r, const std::string& line) {
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  bool found = false;
  for (const auto& l : output_lines(r.out)) found = found || l == line;
  EXPECT_TRUE(found) << "no line '" << line << "' in:\n" << r.out;
}

// The same for a message sysbench writes on standard error ("invalid option: --foo=1"); the
// banner may precede it on standard output, as sysbench prints it first.
inline void expect_sysbench_message(const RunOutput& r, const std::string& line) {
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(r.err, line + "\n");
}

}  // namespace hostmark
