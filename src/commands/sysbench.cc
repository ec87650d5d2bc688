#include "commands/command.h"

namespace hostmark {

int run_sysbench_command(const std::vector<std::string>& /*args*/, const CommandIo& io) {
  io.err << "hostmark: sysbench: not built yet\n";
  return 1;
}

}  // namespace hostmark
