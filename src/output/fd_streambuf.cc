#include "output/fd_streambuf.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hostmark {

FdStreamBuf::FdStreamBuf(int fd, std::size_t buffer_bytes) : fd_(fd), buffer_(buffer_bytes) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool FdStreamBuf::write_all(const char* data, std::size_t n) {
  if (error_ != 0) return false;
  while (n > 0) {
    const ssize_t w = ::write(fd_, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      error_ = w < 0 ? errno : EIO;
      return false;
    }
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool FdStreamBuf::drain() {
  const auto n = static_cast<std::size_t>(pptr() - pbase());
  const bool ok = write_all(pbase(), n);
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return ok;
}

FdStreamBuf::int_type FdStreamBuf::overflow(int_type ch) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  *pptr() = traits_type::to_char_type(ch);
  pbump(1);
  return ch;
}

int FdStreamBuf::sync() { return drain() ? 0 : -1; }

std::streamsize FdStreamBuf::xsputn(const char* data, std::streamsize n) {
  const auto count = static_cast<std::size_t>(n);
  if (count <= static_cast<std::size_t>(epptr() - pptr())) {
    std::memcpy(pptr(), data, count);
    pbump(static_cast<int>(count));
    return n;
  }
  if (!drain() || !write_all(data, count)) return 0;  // large pieces go straight to the fd
  return n;
}

}  // namespace hostmark
