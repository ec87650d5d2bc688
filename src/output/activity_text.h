#pragma once
// The --monitor table of a storage result: for each phase, what its disk did (iostat -x's
// columns) and the CPUs, with hostmark's own CPU time per I/O. Nothing when no phase has one.
#include <ostream>
#include <span>
#include <string>
#include <utility>

#include "results/result.h"

namespace hostmark {

void write_activity_table(const Result& r, std::ostream& out);

// The same table over (row name, activity) pairs: for outputs that are not a Result's phases
// (`hostmark fio`'s whole run). Nothing when `rows` is empty.
void write_activity_table(std::span<const std::pair<std::string, PhaseActivity>> rows,
                          std::ostream& out);

}  // namespace hostmark
