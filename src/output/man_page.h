#pragma once
// hostmark(1): the man page in troff (man macros), from the command descriptions
// (commands/describe_commands.h): NAME, SYNOPSIS, DESCRIPTION, COMMANDS (every command, every
// mode, every option), EXIT STATUS, ENVIRONMENT, FILES, SEE ALSO. Pure: data in, text out.
#include <span>
#include <string>
#include <string_view>

#include "cli/command_description.h"

namespace hostmark {

std::string format_man_page(std::span<const CommandDescription> commands, std::string_view version);

// `text` safe in a troff line: backslashes as \e, '-' as \- (when `minus`), a leading '.' or '\''
// behind \&.
std::string troff_escape(std::string_view text, bool minus = false);

}  // namespace hostmark
