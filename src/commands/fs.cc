// PLACEHOLDER until its helper lands: `hostmark fs DIR`, bonnie++/mdtest style.
#include "commands/command.h"
#include "core/error.h"

namespace hostmark {

int run_fs_command(const std::vector<std::string>&, const CommandIo&) {
  throw Failure(usage_error("fs", "not built yet (issue 4 in progress)"));
}

}  // namespace hostmark
