#include "fsbench/fd.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "core/error.h"
#include "fsbench/work_dir.h"

namespace hostmark::fsbench {

Fd Fd::open(const std::string& path, int flags) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), flags | O_CLOEXEC, 0600);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) throw_errno(path, "open");
  return Fd(fd, path);
}

Fd::Fd(Fd&& other) noexcept : fd_(other.fd_), path_(std::move(other.path_)) { other.fd_ = -1; }

Fd::~Fd() {
  if (fd_ >= 0) ::close(fd_);
}

void Fd::write_all(const void* data, std::size_t n) const {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = ::write(fd_, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) throw_errno(path_, "write");
    if (w == 0) {
      errno = ENOSPC;
      throw_errno(path_, "write");
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

void Fd::read_exact(void* data, std::size_t n) const {
  char* p = static_cast<char*>(data);
  while (n > 0) {
    const ssize_t r = ::read(fd_, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) throw_errno(path_, "read");
    if (r == 0) throw Failure(run_error(path_, "read: the file ended early"));
    p += r;
    n -= static_cast<std::size_t>(r);
  }
}

void Fd::seek(off_t offset) const {
  if (::lseek(fd_, offset, SEEK_SET) < 0) throw_errno(path_, "lseek");
}

void Fd::sync() const {
  if (::fsync(fd_) != 0) throw_errno(path_, "fsync");
}

}  // namespace hostmark::fsbench
