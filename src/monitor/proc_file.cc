#include "monitor/proc_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

namespace hostmark::monitor {

std::string read_proc_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text;
  char buf[4096];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      if (n < 0) text.clear();
      break;
    }
  }
  ::close(fd);
  return text;
}

}  // namespace hostmark::monitor
