#pragma once
// What the distribution tests share: reading a generated file, finding a program on PATH, and
// the option names a --help text lists in its option column.
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace hostmark::dist_test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The program's path on PATH, "" when it is not installed.
inline std::string find_program(const std::string& name) {
  std::istringstream path(getenv("PATH") != nullptr ? getenv("PATH") : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(path, dir, ':')) {
    const std::string candidate = dir + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

// "--threads", "-t"... of every line whose first column is options ("  -t, --threads N   help"
// or "  --threads=N   help"): the words starting with '-' before the first run of two spaces.
inline std::set<std::string> help_option_names(const std::string& help) {
  static const std::regex kName("(^|[\\s,\\[|])(--?[A-Za-z][A-Za-z0-9_-]*)");
  std::set<std::string> names;
  std::istringstream lines(help);
  std::string line;
  while (std::getline(lines, line)) {
    const auto first = line.find_first_not_of(' ');
    if (first == std::string::npos || first == 0 || line[first] != '-') continue;
    const std::string column = line.substr(first, line.find("  ", first) - first);
    for (std::sregex_iterator it(column.begin(), column.end(), kName), end; it != end; ++it)
      names.insert((*it)[2]);
  }
  return names;
}

}  // namespace hostmark::dist_test
