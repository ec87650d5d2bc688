#pragma once
// Helpers of the crash-safety and security tests (issue 9): a file's bytes, and the check that a
// command failed with exactly one "hostmark: ..." line naming the culprit.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "run_binary.h"

namespace hostmark::safety_test {

// The whole content of `path` ("" when it cannot be read).
inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `r` failed (with status `code`, or any non-zero one when `code` is 0) and printed one line on
// stderr, "hostmark: ...", that holds `culprit`.
inline void expect_one_line_error(const RunOutput& r, const std::string& culprit, int code = 0) {
  if (code != 0) {
    EXPECT_EQ(r.exit_code, code) << r.err;
  } else {
    EXPECT_NE(r.exit_code, 0) << r.out;
  }
  const auto lines = output_lines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_EQ(lines[0].rfind("hostmark: ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(culprit), std::string::npos) << lines[0];
}

}  // namespace hostmark::safety_test
