#pragma once
// The help texts of `hostmark fio`: --help, --cmdhelp[=OPTION], --enghelp[=ENGINE], --version.
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_description.h"
#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark {

// The run options (fio's command-line-only ones) and the job options, as `--help` and
// `--cmdhelp` list them.
void describe_fio(std::vector<ParserDescription>& out);

// Prints what `action` asks for. A usage error for --cmdhelp=/--enghelp= of an unknown name.
Status print_fio_help(fio::RunAction action, const std::string& topic, std::ostream& out);

}  // namespace hostmark
