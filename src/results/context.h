#pragma once
// Collects the Context of a result: host, kernel, CPU, memory, version, start time.
#include "results/result.h"

namespace hostmark {

// Reads uname, /proc/cpuinfo, sysconf and /sys for the current host; stamps the current time.
// Never fails: a field that cannot be read stays empty or 0.
Context collect_context();

}  // namespace hostmark
