#pragma once
// A ParserEnv over in-memory files and variables, for the fio parser tests.
#include <map>
#include <string>

#include "fio/job_parser.h"

namespace hostmark::fio::testing {

struct FakeMachine {
  std::map<std::string, std::string> files;
  std::map<std::string, std::string> vars;

  ParserEnv env() const {
    ParserEnv e;
    e.read_file = [this](const std::string& path) -> Expected<std::string> {
      auto it = files.find(path);
      if (it == files.end()) return usage_error(path, "No such file or directory");
      return it->second;
    };
    e.getenv = [this](const std::string& name) -> std::optional<std::string> {
      auto it = vars.find(name);
      if (it == vars.end()) return std::nullopt;
      return it->second;
    };
    e.page_size = 8192;
    e.memory_mib = 24105;
    e.ncpus = 6;
    return e;
  }
};

inline std::string error_of(const Expected<ParsedJobs>& parsed) {
  return parsed.ok() ? std::string("(parsed)") : parsed.error().message();
}

}  // namespace hostmark::fio::testing
