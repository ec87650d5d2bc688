#pragma once
// A std::streambuf over a file descriptor that remembers why a write failed (the errno), so the
// caller can say "No space left on device" rather than "write failed". Does not own the fd.
#include <streambuf>
#include <vector>

namespace hostmark {

class FdStreamBuf : public std::streambuf {
 public:
  explicit FdStreamBuf(int fd, std::size_t buffer_bytes = 64 * 1024);
  FdStreamBuf(const FdStreamBuf&) = delete;
  FdStreamBuf& operator=(const FdStreamBuf&) = delete;

  // The errno of the first failed write; 0 while every write succeeded. After a failure every
  // later write fails too (the stream goes bad), nothing more reaches the file.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type ch) override;
  int sync() override;
  std::streamsize xsputn(const char* data, std::streamsize n) override;

 private:
  // Writes [data, data + n) in full (retrying EINTR and short writes); false on failure.
  bool write_all(const char* data, std::size_t n);
  bool drain();

  int fd_;
  int error_ = 0;
  std::vector<char> buffer_;
};

}  // namespace hostmark
