#include "fsbench/work_dir.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.h"

namespace hostmark::fsbench {

WorkDir::WorkDir(const std::string& dir) {
  std::error_code ec;
  if (!std::filesystem::exists(dir, ec)) throw Failure(usage_error(dir, "no such directory"));
  if (!std::filesystem::is_directory(dir, ec)) throw Failure(usage_error(dir, "not a directory"));
  std::string tmpl = dir + "/hostmark-fs.XXXXXX";
  if (mkdtemp(tmpl.data()) == nullptr)
    throw Failure(
        usage_error(dir, std::string("cannot create a directory in it: ") + std::strerror(errno)));
  path_ = tmpl;
}

WorkDir::~WorkDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

void throw_errno(const std::string& path, const std::string& operation) {
  const int e = errno;
  throw Failure(run_error(path, operation + ": " + std::strerror(e)));
}

bool interrupt_pending() {
  sigset_t pending;
  sigemptyset(&pending);
  if (sigpending(&pending) != 0) return false;
  return sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1;
}

}  // namespace hostmark::fsbench
