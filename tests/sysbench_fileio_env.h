#pragma once
// Helpers of the sysbench fileio tests: run in a scratch directory (the test files are created
// in the current directory, as sysbench does), and read report figures.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {

// Makes `dir` the current directory for the guard's lifetime.
class CwdGuard {
 public:
  explicit CwdGuard(const std::string& dir) : old_(std::filesystem::current_path()) {
    std::filesystem::current_path(dir);
  }
  ~CwdGuard() {
    std::error_code ec;
    std::filesystem::current_path(old_, ec);
  }
  CwdGuard(const CwdGuard&) = delete;
  CwdGuard& operator=(const CwdGuard&) = delete;

 private:
  std::filesystem::path old_;
};

inline RunOutput fileio(std::vector<std::string> args) {
  args.insert(args.begin(), {"sysbench", "fileio"});
  return run_hostmark(args);
}

inline std::size_t test_files_in(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind("test_file.", 0) == 0) ++n;
  return n;
}

}  // namespace hostmark
