#pragma once
// The checks an admin runs first (free, vmstat, uptime, iostat, iotop): each samples the
// machine for `sample_ns` and judges it with doctor/host_assess.h. `root` is where proc/ is.
#include <cstdint>
#include <memory>
#include <string>

#include "commands/doctor/check.h"

namespace hostmark::doctor {

std::unique_ptr<Check> make_memory_check(std::string root, std::uint64_t sample_ns);
std::unique_ptr<Check> make_cpu_check(std::string root, std::uint64_t sample_ns, int cpus);
std::unique_ptr<Check> make_process_check(std::string root, std::uint64_t sample_ns);

// The Phase "doctor.<area>" of a host finding: its numbers as metrics plus "severity"
// (0 ok .. 3 bottleneck, unit "level").
Phase finding_phase(const Finding& f, double duration_s);

}  // namespace hostmark::doctor
