#pragma once
// JSON form of a Result (schema in docs/RESULT_SCHEMA.md) and its inverse, for the results
// store and comparisons.
#include <nlohmann/json.hpp>

#include "results/result.h"

namespace hostmark {

nlohmann::json result_to_json(const Result& result);
nlohmann::json context_to_json(const Context& context);

}  // namespace hostmark
