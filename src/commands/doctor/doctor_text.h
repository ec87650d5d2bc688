#pragma once
// The human text of `hostmark doctor`: the verdict first, then each finding (worst first) with
// its evidence, then the result's warnings and notes. Only formats.
#include <ostream>

#include "commands/doctor/verdict.h"
#include "results/result.h"

namespace hostmark::doctor {

void write_doctor_text(const Verdict& verdict, const Result& result, std::ostream& out);

// The Result::notes lines that carry the verdict into JSON and CSV (docs/RESULT_SCHEMA.md):
// "verdict: <headline>", then "finding: <severity> <area>: <summary>" per ranked finding.
std::vector<std::string> verdict_notes(const Verdict& verdict);

}  // namespace hostmark::doctor
