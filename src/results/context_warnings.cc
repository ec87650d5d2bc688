#include "results/context_warnings.h"

#include "sysinfo/basic.h"

namespace hostmark {

std::vector<std::string> context_warnings(const Context& c, const std::string& governor) {
  std::vector<std::string> w;
  if (c.build_type != "Release" && c.build_type != "RelWithDebInfo") {
    w.push_back("this hostmark is a " +
                (c.build_type.empty() ? std::string("unoptimised") : c.build_type) +
                " build: its own overhead is higher than a Release build's; build with "
                "scripts/build.sh release");
  }
  if (!governor.empty() && governor != "performance") {
    w.push_back(
        "CPU frequency scaling is on (governor '" + governor +
        "'): figures may vary run to run; set the 'performance' governor to compare machines");
  }
  if (!c.virtualization.empty() && c.virtualization != "none") {
    w.push_back("running under virtualization (" + c.virtualization +
                "): other guests may share the CPU and memory; repeat the run and compare medians");
  }
  return w;
}

std::vector<std::string> context_warnings(const Context& c) {
  const std::string governor =
      sysinfo::read_trimmed_file("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  return context_warnings(c, governor);
}

}  // namespace hostmark
