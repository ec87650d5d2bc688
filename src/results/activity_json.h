#pragma once
// The JSON object of a phase's --monitor activity (docs/RESULT_SCHEMA.md, "Phase activity"):
// one shape for every command's JSON (hostmark's results and the "hostmark" object of
// `hostmark fio`'s fio-format document).
#include <nlohmann/json.hpp>

#include "results/result.h"

namespace hostmark {

nlohmann::json activity_to_json(const PhaseActivity& activity);

}  // namespace hostmark
