#pragma once
// Warnings about the measuring conditions themselves, for native commands' results (as
// google/benchmark warns of debug builds and CPU frequency scaling). Each says what to do.
#include <string>
#include <vector>

#include "results/result.h"

namespace hostmark {

// From the context and the CPU frequency governor text of cpu0 ("" when there is none):
// a non-Release build, a governor that scales the clock down, running in a virtual machine.
std::vector<std::string> context_warnings(const Context& context, const std::string& governor);

// The same for this host (reads /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor).
std::vector<std::string> context_warnings(const Context& context);

}  // namespace hostmark
