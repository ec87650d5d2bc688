#pragma once
// Reading a hostmark result back from its JSON (docs/RESULT_SCHEMA.md), the inverse of
// result_to_json (results/result_to_json.h) for everything but `host`: the full host description
// is not read back (stores keep the JSON text itself, so nothing is lost there); context, options,
// phases (metrics, latency, fairness, intervals, series, time_series, latency_histogram, activity),
// notes, warnings, storage, server and interrupted are. Unknown keys are ignored (a newer writer
// may add some); a missing or mistyped required key is an error.
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.h"
#include "results/result.h"

namespace hostmark {

// The result in `j`. Usage error naming the first bad field ("phases[2].metrics[0].value: not
// a number") when `j` is not a hostmark result of a schema_version this build reads.
Expected<Result> result_from_json(const nlohmann::json& j);

// The result in the JSON file at `path` (a `--output-format=json` file, or one exported from the
// store). Usage error naming the path when it cannot be read or is not a hostmark result.
Expected<Result> read_result_file(const std::string& path);

}  // namespace hostmark
