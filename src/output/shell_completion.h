#pragma once
// Shell completion scripts for hostmark, from the command descriptions
// (commands/describe_commands.h): commands, subcommands (results list, sysbench cpu), every
// option, and the fixed values of those that have them. Pure: data in, script text out.
#include <span>
#include <string>

#include "cli/command_description.h"

namespace hostmark {

// For bash (share/bash-completion/completions/hostmark): defines _hostmark and binds it with
// `complete -o default` (file names when nothing else fits). Needs no bash-completion helpers.
std::string format_bash_completion(std::span<const CommandDescription> commands);

// For zsh (share/zsh/vendor-completions/_hostmark): a #compdef function on _arguments.
std::string format_zsh_completion(std::span<const CommandDescription> commands);

}  // namespace hostmark
