#include "commands/describe_commands.h"

#include <sstream>

#include "commands/command.h"

namespace hostmark {

std::vector<CommandDescription> describe_commands() {
  std::vector<CommandDescription> commands;
  for (const CommandEntry& entry : command_table()) {
    CommandDescription c{std::string(entry.name), std::string(entry.summary), {}};
    std::ostringstream out, err;  // a describing command writes nothing; here in case
    const CommandIo io{out, err, false, {}, false, &c.parsers};
    entry.run({}, io);
    for (auto& p : c.parsers)
      if (p.invocation.empty()) p.invocation = c.name;  // a CLI::App without a name
    commands.push_back(std::move(c));
  }
  return commands;
}

}  // namespace hostmark
