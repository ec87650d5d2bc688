#include "monitor/proc_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace hostmark::monitor {

namespace {

// Reads `fd` to its end into `text` and closes it; 0 or the errno of the failed read.
int read_and_close(int fd, std::string& text) {
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      text.clear();
      return err;
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return 0;
}

}  // namespace

int read_proc_text(const std::string& path, std::string& text) {
  text.clear();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  return read_and_close(fd, text);
}

int read_proc_text_at(int dirfd, const char* name, std::string& text) {
  text.clear();
  const int fd = ::openat(dirfd, name, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  return read_and_close(fd, text);
}

std::string read_proc_file(const std::string& path) {
  std::string text;
  read_proc_text(path, text);
  return text;
}

}  // namespace hostmark::monitor
