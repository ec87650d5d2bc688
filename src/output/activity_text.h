#pragma once
// The --monitor table of a storage result: for each phase, what its disk did (iostat -x's
// columns) and the CPUs, with hostmark's own CPU time per I/O. Nothing when no phase has one.
#include <ostream>

#include "results/result.h"

namespace hostmark {

void write_activity_table(const Result& r, std::ostream& out);

}  // namespace hostmark
