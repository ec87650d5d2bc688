#pragma once
// CSV form of a Result: a header, then one row per metric and per latency figure:
//   command,phase,metric,value,unit
#include <ostream>
#include <string>

#include "results/result.h"

namespace hostmark {

void write_csv(const Result& result, std::ostream& out);

// One CSV field as RFC 4180 says: quoted when it holds a comma, quote or line break, quotes
// doubled.
std::string csv_field(const std::string& text);

}  // namespace hostmark
