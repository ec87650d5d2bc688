#include "sysinfo/host_info.h"

#include <sys/utsname.h>

#include "core/error.h"
#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

std::string unquote(std::string_view v) {
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r' || v.back() == ' ')) {
    v.remove_suffix(1);
  }
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) {
    v = v.substr(1, v.size() - 2);
  }
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\\' && i + 1 < v.size()) ++i;  // shell escapes: \" \$ \\ and so on
    out.push_back(v[i]);
  }
  return out;
}

}  // namespace

std::string parse_os_release_name(std::string_view text) {
  std::string name;
  for (const std::string_view line : split_lines(text)) {
    if (line.rfind("PRETTY_NAME=", 0) == 0) return unquote(line.substr(12));
    if (line.rfind("NAME=", 0) == 0) name = unquote(line.substr(5));
  }
  return name;
}

HostInfo collect_host_info(const std::string& path) {
  HostInfo h;
  if (!path.empty()) {
    auto fs = filesystem_info(path);
    if (!fs) throw Failure(usage_error("info", fs.error().message()));
    h.filesystem = std::move(fs).value();
  }
  h.hostname = hostname();
  std::string os_release = read_text_file("/etc/os-release");
  if (os_release.empty()) os_release = read_text_file("/usr/lib/os-release");
  h.os = parse_os_release_name(os_release);
  utsname u{};
  if (uname(&u) == 0) {
    h.kernel_release = u.release;
    h.kernel_version = u.version;
    h.arch = u.machine;
  }
  h.virtualization = virtualization();
  h.cpu = cpu_topology();
  h.board = collect_board_info();
  h.caches = cpu_caches();
  h.memory = memory_info();
  h.block_devices = scan_block_devices();
  return h;
}

}  // namespace hostmark::sysinfo
