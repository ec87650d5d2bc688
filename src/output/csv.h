#pragma once
// CSV form of a Result: a header, then one row per metric and per latency figure:
//   command,phase,metric,value,unit
#include <ostream>

#include "results/result.h"

namespace hostmark {

void write_csv(const Result& result, std::ostream& out);

}  // namespace hostmark
