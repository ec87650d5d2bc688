#include "commands/command.h"

namespace hostmark {

int run_info_command(const std::vector<std::string>& /*args*/, const CommandIo& io) {
  io.err << "hostmark: info: not built yet\n";
  return 1;
}

}  // namespace hostmark
