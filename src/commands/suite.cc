#include "commands/command.h"

namespace hostmark {

int run_suite_command(const std::vector<std::string>& /*args*/, const CommandIo& io) {
  io.err << "hostmark: suite: not built yet\n";
  return 1;
}

}  // namespace hostmark
