#pragma once
// What a command line accepts, as plain data: the one source of the man page and the shell
// completions (output/man_page.h, output/shell_completion.h), filled from the same option
// definitions that print each command's --help (commands/describe_commands.h).
#include <string>
#include <vector>

namespace hostmark {

struct OptionDescription {
  // "-t", "--threads" as typed; a positional argument has none (see value_name).
  std::vector<std::string> names;
  std::string value_name;  // "N", "FILE", "PATH"; "" for a flag that takes no value
  std::string help;
  std::string default_value;         // "" when none is shown
  std::vector<std::string> choices;  // the values it accepts, when a fixed set
  bool value_optional = false;       // --cmdhelp[=OPTION]
  bool positional() const { return names.empty(); }
};

// One parser of a command: its own (`cpu`) or one of its modes (`disk --timing`,
// `results list`, `sysbench fileio`).
struct ParserDescription {
  std::string invocation;  // after "hostmark ": "disk --timing", "results list"
  // The word after the command that selects this parser: "list" of `results list`, "cpu" of
  // `sysbench cpu`; "" when there is none (disk's modes are chosen by their options).
  std::string subcommand;
  std::string about;  // one paragraph
  std::vector<OptionDescription> options;
};

// One entry of the command table with every parser it has.
struct CommandDescription {
  std::string name;
  std::string summary;
  std::vector<ParserDescription> parsers;
};

}  // namespace hostmark
