#pragma once
// A fresh directory for one test (mkdtemp under `base`, /var/tmp by default: a disk
// filesystem, where O_DIRECT works), removed with everything in it when the test ends.
// path() is "" when it could not be created.
#include <stdlib.h>

#include <filesystem>
#include <string>

namespace hostmark {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& base = "/var/tmp") {
    std::string tmpl = base + "/hostmark-test-XXXXXX";
    if (mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  bool empty() const { return std::filesystem::is_empty(path_); }

 private:
  std::string path_;
};

}  // namespace hostmark
