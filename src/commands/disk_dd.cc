// PLACEHOLDER until its helper lands: replaced by the real mode.
#include "commands/disk_modes.h"
#include "core/error.h"

namespace hostmark {

int run_disk_dd(const std::vector<std::string>&, const CommandIo&) {
  throw Failure(usage_error("disk", "not built yet (issue 4 in progress)"));
}

}  // namespace hostmark
