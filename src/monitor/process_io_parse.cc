// Parsers of /proc/[pid]/io, stat, status and cmdline (proc(5)).
#include <charconv>

#include "monitor/process_io.h"

namespace hostmark::monitor {
namespace {

constexpr std::uint64_t kPfKthread = 0x00200000;  // include/linux/sched.h

std::optional<std::uint64_t> parse_u64(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end == s.data()) return std::nullopt;
  return v;
}

// Calls f(key, value) for each "key: value" line of `text`.
template <class F>
void for_each_key_line(std::string_view text, F&& f) {
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    const auto colon = line.find(':');
    if (colon != std::string_view::npos) f(line.substr(0, colon), line.substr(colon + 1));
  }
}

}  // namespace

std::optional<IoCounters> parse_proc_pid_io(std::string_view text) {
  IoCounters c;
  int found = 0;
  for_each_key_line(text, [&](std::string_view key, std::string_view value) {
    std::uint64_t* field = key == "rchar"                   ? &c.rchar
                           : key == "wchar"                 ? &c.wchar
                           : key == "syscr"                 ? &c.syscr
                           : key == "syscw"                 ? &c.syscw
                           : key == "read_bytes"            ? &c.read_bytes
                           : key == "write_bytes"           ? &c.write_bytes
                           : key == "cancelled_write_bytes" ? &c.cancelled_write_bytes
                                                            : nullptr;
    if (field == nullptr) return;
    if (const auto v = parse_u64(value)) {
      *field = *v;
      ++found;
    }
  });
  if (found == 0) return std::nullopt;
  return c;
}

std::optional<StatFields> parse_proc_pid_stat(std::string_view text) {
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so it ends at the
  // last ')'. After it, field 3 (state) is the first, field 22 (starttime) the 20th.
  const auto open = text.find('(');
  const auto close = text.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return std::nullopt;
  }
  StatFields s;
  s.comm = std::string(text.substr(open + 1, close - open - 1));
  for (char& c : s.comm)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  std::string_view rest = text.substr(close + 1);
  int field = 3;
  while (!rest.empty() && field <= 22) {
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const auto sp = rest.find(' ');
    const std::string_view word = rest.substr(0, sp);
    rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp);
    if (word.empty()) break;
    if (field == 3) s.state = word.front();
    if (field == 9) s.kernel_thread = (parse_u64(word).value_or(0) & kPfKthread) != 0;
    if (field == 22) {
      const auto v = parse_u64(word);
      if (!v) return std::nullopt;
      s.start_time_ticks = *v;
      return s;
    }
    ++field;
  }
  return std::nullopt;
}

std::optional<unsigned> parse_status_uid(std::string_view text) {
  std::optional<unsigned> uid;
  for_each_key_line(text, [&](std::string_view key, std::string_view value) {
    if (uid || key != "Uid") return;
    if (const auto v = parse_u64(value)) uid = static_cast<unsigned>(*v);
  });
  return uid;
}

std::string parse_cmdline(std::string_view text) {
  while (!text.empty() && text.back() == '\0') text.remove_suffix(1);
  std::string out(text);
  for (char& c : out) {
    if (c == '\0' || c == '\n') {
      c = ' ';
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      c = '?';  // no escape sequence of a process's argv reaches the terminal
    }
  }
  return out;
}

}  // namespace hostmark::monitor
