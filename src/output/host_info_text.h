#pragma once
// Human text of `hostmark info`: one section per topic (host, CPU, caches, memory, block
// devices, filesystem), labels padded to one column. Sizes are binary and labelled ("23.5 GiB",
// "4096 B"), frequencies in MHz, memory speed in MT/s. Only formats; computes nothing.
#include <ostream>

#include "sysinfo/host_info.h"

namespace hostmark {

void write_host_info_text(const sysinfo::HostInfo& info, std::ostream& out);

}  // namespace hostmark
