#include "results/context.h"

#include <sys/utsname.h>

#include <chrono>
#include <ctime>

#include "core/build_info.h"
#include "sysinfo/basic.h"

namespace hostmark {

Context collect_context() {
  Context c;
  c.hostname = sysinfo::hostname();
  utsname u{};
  if (uname(&u) == 0) {
    c.kernel = u.release;
    c.kernel_version = u.version;
    c.arch = u.machine;
  }
  c.cpu_model = sysinfo::cpu_model();
  c.cpu_count = sysinfo::online_cpus();
  c.memory_bytes = sysinfo::memory_total_bytes();
  c.virtualization = sysinfo::virtualization();
  c.hostmark_version = build::kVersion;
  c.build_type = build::kBuildType;
  const auto now = std::chrono::system_clock::now();
  c.start_time_unix_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(now.time_since_epoch()).count();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  c.start_time_utc = buf;
  return c;
}

}  // namespace hostmark
