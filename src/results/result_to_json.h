#pragma once
// The JSON form of a Result (schema in docs/RESULT_SCHEMA.md), as the results stores keep it and
// --json prints it; results/result_json.h reads it back.
#include <nlohmann/json.hpp>

#include "results/result.h"

namespace hostmark {

nlohmann::json result_to_json(const Result& result);
nlohmann::json context_to_json(const Context& context);

}  // namespace hostmark
