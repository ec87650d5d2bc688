#include "results/store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "output/json.h"

namespace hostmark {
namespace {

std::string safe_name(std::string s) {
  for (char& c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '.';
    if (!ok) c = '_';
  }
  return s;
}

Error file_error(const std::string& path, int err) { return run_error(path, std::strerror(err)); }

}  // namespace

std::string default_results_dir(const std::string& xdg_data_home, const std::string& home) {
  if (!xdg_data_home.empty()) return xdg_data_home + "/hostmark/results";
  if (!home.empty()) return home + "/.local/share/hostmark/results";
  return "hostmark-results";
}

std::string default_results_dir() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  return default_results_dir(xdg ? xdg : "", home ? home : "");
}

std::string result_file_path(const std::string& dir, const Result& r) {
  std::string stamp = r.context.start_time_utc;  // 2026-12-02T09:19:13Z -> 20261202T091913Z
  std::erase(stamp, '-');
  std::erase(stamp, ':');
  return dir + "/" + safe_name(stamp) + "-" + safe_name(r.context.hostname) + "-" +
         safe_name(r.command) + ".json";
}

Expected<std::string> save_result(const Result& result, const std::string& path) {
  std::error_code ec;
  const std::filesystem::path target(path);
  if (target.has_parent_path()) {
    std::filesystem::create_directories(target.parent_path(), ec);
    if (ec) return run_error(target.parent_path().string(), ec.message());
  }
  const std::string text = result_to_json(result).dump(2) + "\n";
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return file_error(tmp, errno);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = n < 0 ? errno : ENOSPC;
      ::close(fd);
      ::unlink(tmp.c_str());
      return file_error(path, err);
    }
    done += static_cast<std::size_t>(n);
  }
  const int synced = ::fsync(fd) == 0 ? 0 : errno;
  const int closed = ::close(fd) == 0 ? 0 : errno;
  if (synced != 0 || closed != 0) {
    const int err = synced != 0 ? synced : closed;
    ::unlink(tmp.c_str());
    return file_error(path, err);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return file_error(path, err);
  }
  return path;
}

}  // namespace hostmark
