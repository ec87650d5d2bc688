// system_parser_env: the real machine behind ParserEnv.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "fio/job_parser.h"

namespace hostmark::fio {

ParserEnv system_parser_env() {
  ParserEnv env;
  env.read_file = [](const std::string& path) -> Expected<std::string> {
    std::ostringstream text;
    if (path == "-") {  // fio reads a job file named "-" from standard input
      text << std::cin.rdbuf();
      return text.str();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return usage_error(path, std::strerror(errno));
    text << in.rdbuf();
    if (in.bad()) return usage_error(path, "read failed");
    return text.str();
  };
  env.getenv = [](const std::string& name) -> std::optional<std::string> {
    const char* v =
        std::getenv(name.c_str());  // NOLINT(concurrency-mt-unsafe): read once, single-threaded
    if (v == nullptr) return std::nullopt;
    return std::string(v);
  };
  long page = sysconf(_SC_PAGESIZE);
  long pages = sysconf(_SC_PHYS_PAGES);
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (page > 0) env.page_size = static_cast<std::uint64_t>(page);
  if (page > 0 && pages > 0) {
    env.memory_mib =
        static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / (1024 * 1024);
  }
  if (cpus > 0) env.ncpus = static_cast<unsigned>(cpus);
  return env;
}

}  // namespace hostmark::fio
