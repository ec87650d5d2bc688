#include "sysinfo/board.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <filesystem>

#include "sysinfo/arm_cpu.h"
#include "sysinfo/basic.h"
#include "sysinfo/text.h"

extern char** environ;

namespace hostmark::sysinfo {
namespace {

constexpr int kVcgencmdTimeoutMs = 2000;

// "zone10" after "zone9": the number at the end of a name, for sorting thermal_zoneN.
int trailing_number(const std::string& name) {
  const std::size_t digits = name.find_last_not_of("0123456789") + 1;
  int n = 0;
  std::from_chars(name.data() + digits, name.data() + name.size(), n);
  return n;
}

std::vector<ThermalZone> read_thermal_zones(const std::string& sys_root) {
  std::vector<ThermalZone> zones;
  std::error_code ec;
  std::filesystem::directory_iterator it(sys_root + "/class/thermal", ec);
  for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("thermal_zone", 0) != 0) continue;
    const auto celsius = parse_millicelsius(read_text_file(it->path() / "temp"));
    if (!celsius) continue;
    zones.push_back({name, read_trimmed_file(it->path() / "type"), *celsius});
  }
  std::sort(zones.begin(), zones.end(), [](const ThermalZone& a, const ThermalZone& b) {
    return trailing_number(a.zone) < trailing_number(b.zone);
  });
  return zones;
}

// stdout of `vcgencmd get_throttled`, "" when vcgencmd is not there, fails or takes longer than
// kVcgencmdTimeoutMs (then it is killed).
std::string vcgencmd_get_throttled() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return "";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  char name[] = "vcgencmd";
  char command[] = "get_throttled";
  char* argv[] = {name, command, nullptr};
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, name, &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  std::string out;
  if (spawned == 0) {
    pollfd p{fds[0], POLLIN, 0};
    char buf[256];
    while (poll(&p, 1, kVcgencmdTimeoutMs) > 0) {
      const ssize_t n = read(fds[0], buf, sizeof buf);
      if (n <= 0) break;
      out.append(buf, static_cast<std::size_t>(n));
    }
    kill(pid, SIGKILL);  // no effect once it has exited; ends a hung one
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) out.clear();
  }
  close(fds[0]);
  return out;
}

}  // namespace

std::optional<Throttling> parse_throttled(std::string_view text, std::string_view source) {
  text = trim(text);
  if (text.rfind("throttled=", 0) == 0) text.remove_prefix(10);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    text.remove_prefix(2);
  std::uint32_t bits = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), bits, 16);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  const auto bit = [bits](int n) { return ((bits >> n) & 1u) != 0; };
  Throttling t;
  t.bits = bits;
  t.under_voltage_now = bit(0);
  t.frequency_capped_now = bit(1);
  t.throttled_now = bit(2);
  t.soft_temp_limit_now = bit(3);
  t.under_voltage_since_boot = bit(16);
  t.frequency_capped_since_boot = bit(17);
  t.throttled_since_boot = bit(18);
  t.soft_temp_limit_since_boot = bit(19);
  t.source = source;
  return t;
}

std::vector<std::string> throttling_conditions(const Throttling& t) {
  std::vector<std::string> out;
  const auto add = [&out](bool on, const char* what) {
    if (on) out.emplace_back(what);
  };
  add(t.under_voltage_now, "under-voltage now");
  add(t.frequency_capped_now, "frequency capped now");
  add(t.throttled_now, "throttled now");
  add(t.soft_temp_limit_now, "soft temperature limit now");
  add(t.under_voltage_since_boot, "under-voltage since boot");
  add(t.frequency_capped_since_boot, "frequency capped since boot");
  add(t.throttled_since_boot, "throttled since boot");
  add(t.soft_temp_limit_since_boot, "soft temperature limit since boot");
  return out;
}

std::optional<double> parse_millicelsius(std::string_view text) {
  text = trim(text);
  long long milli = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), milli);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return static_cast<double>(milli) / 1000.0;
}

BoardInfo collect_board_info(const SysRoots& roots, bool run_vcgencmd) {
  BoardInfo b;
  b.model = board_model(read_text_file(roots.sys + "/firmware/devicetree/base/model"),
                        read_text_file(roots.proc + "/cpuinfo"));
  b.thermal_zones = read_thermal_zones(roots.sys);
  b.throttling = parse_throttled(
      read_text_file(roots.sys + "/devices/platform/soc/soc:firmware/get_throttled"),
      "firmware sysfs");
  if (!b.throttling && run_vcgencmd) {
    b.throttling = parse_throttled(vcgencmd_get_throttled(), "vcgencmd");
  }
  return b;
}

}  // namespace hostmark::sysinfo
