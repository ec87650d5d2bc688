#pragma once
// An owned file descriptor whose every failing call throws Failure naming the file and the
// operation ("<path>: write: No space left on device"); EINTR and short transfers are retried.
#include <sys/types.h>

#include <cstddef>
#include <string>

namespace hostmark::fsbench {

class Fd {
 public:
  // open(2) with mode 0600; throws on failure.
  static Fd open(const std::string& path, int flags);
  Fd(Fd&& other) noexcept;
  Fd& operator=(Fd&&) = delete;
  Fd(const Fd&) = delete;
  ~Fd();

  int get() const { return fd_; }
  void release() { fd_ = -1; }  // the descriptor now belongs to someone else (fdopen)
  void write_all(const void* data, std::size_t n) const;
  // Reads exactly n bytes; an early end of file is an error too.
  void read_exact(void* data, std::size_t n) const;
  void seek(off_t offset) const;
  void sync() const;

 private:
  Fd(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_ = -1;
  std::string path_;
};

}  // namespace hostmark::fsbench
