#pragma once
// What a finished `hostmark fio` run (single or distributed) says on standard error after its
// output: the run's warnings, each job's continue_on_error summary (a warning: the exit status
// stays 0) and each job's error ("hostmark: <error_text>").
#include <ostream>

#include "fio/run_stats.h"

namespace hostmark {

// Prints them; returns 1 when the run was interrupted or a job ended on an error, else 0.
int print_fio_problems(const fio::FioRun& run, std::ostream& err);

}  // namespace hostmark
