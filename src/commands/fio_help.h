#pragma once
// The help texts of `hostmark fio`: --help, --cmdhelp[=OPTION], --enghelp[=ENGINE], --version.
#include <ostream>
#include <string>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark {

// Prints what `action` asks for. A usage error for --cmdhelp=/--enghelp= of an unknown name.
Status print_fio_help(fio::RunAction action, const std::string& topic, std::ostream& out);

}  // namespace hostmark
