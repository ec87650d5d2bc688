// ignore_error= lists (ignore_error.h), parsed as fio 3.33's str_ignore_error_cb.
#include "fio/ignore_error.h"

#include <charconv>
#include <cstdlib>
#include <string>

#include "fio/values.h"

namespace hostmark::fio {
namespace {

// The names fio knows, errno 1 to 34 in order (fio's str2error).
constexpr std::array<std::string_view, 34> kNames{
    "EPERM",  "ENOENT",  "ESRCH",  "EINTR",  "EIO",    "ENXIO",   "E2BIG",  "ENOEXEC", "EBADF",
    "ECHILD", "EAGAIN",  "ENOMEM", "EACCES", "EFAULT", "ENOTBLK", "EBUSY",  "EEXIST",  "EXDEV",
    "ENODEV", "ENOTDIR", "EISDIR", "EINVAL", "ENFILE", "EMFILE",  "ENOTTY", "ETXTBSY", "EFBIG",
    "ENOSPC", "ESPIPE",  "EROFS",  "EMLINK", "EPIPE",  "EDOM",    "ERANGE"};

Expected<int> parse_error(std::string_view item) {
  if (item.front() == 'E') {
    for (std::size_t i = 0; i < kNames.size(); ++i)
      if (kNames[i] == item) return static_cast<int>(i + 1);
  } else {
    const std::string_view digits = item.front() == '-' ? item.substr(1) : item;
    int n = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (ec == std::errc{} && end == digits.data() + digits.size() && n > 0) return n;
  }
  return invalid(in_quotes(item) +
                 " is not an error fio knows by name (EPERM to ERANGE) nor a positive number");
}

}  // namespace

Expected<std::array<std::vector<int>, 3>> parse_ignore_error(std::string_view text) {
  std::array<std::vector<int>, 3> out;
  std::size_t kind = 0;
  for (;;) {
    const std::size_t comma = text.find(',');
    std::string_view list = text.substr(0, comma);
    if (kind == out.size()) return invalid("more than three lists (read, write, verify)");
    for (;;) {
      const std::size_t colon = list.find(':');
      const std::string_view item = list.substr(0, colon);
      if (item.empty()) break;  // as fio: an empty item ends the list
      auto err = parse_error(item);
      if (!err) return err.error();
      out[kind].push_back(err.value());
      if (colon == std::string_view::npos) break;
      list.remove_prefix(colon + 1);
    }
    ++kind;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace hostmark::fio
