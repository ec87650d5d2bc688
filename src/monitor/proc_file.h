#pragma once
// Reads a small /proc or /sys file with open/read/close: no stream objects, one allocation.
// The sampling loop of `hostmark stat` reads a score of these every interval.
#include <string>

namespace hostmark::monitor {

// The whole file; "" when it cannot be opened or read (a device removed meanwhile).
std::string read_proc_file(const std::string& path);

}  // namespace hostmark::monitor
