#pragma once
// Every command of the table with every parser it has (its modes' too), described by the same
// option definitions that print its --help: the source of the man page and the completions.
#include <vector>

#include "cli/command_description.h"

namespace hostmark {

// Runs each command of command_table() with CommandIo::describe set: nothing is parsed, run
// or printed. In the table's order.
std::vector<CommandDescription> describe_commands();

}  // namespace hostmark
