#include "monitor/proc_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace hostmark::monitor {

int read_proc_text(const std::string& path, std::string& text) {
  text.clear();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
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

}  // namespace hostmark::monitor
