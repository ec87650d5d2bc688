#include "io/whole_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hostmark::io {

std::string write_whole_file(const std::string& path, std::string_view bytes, bool append) {
  std::FILE* f = std::fopen(path.c_str(), append ? "ab" : "wb");
  if (f == nullptr) return std::strerror(errno);
  const bool wrote = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const int write_errno = errno;
  if (std::fclose(f) != 0 || !wrote) return std::strerror(wrote ? errno : write_errno);
  return "";
}

}  // namespace hostmark::io
