#pragma once
// What `hostmark compare` puts side by side: each argument becomes a column (a result in the
// store by id, a result JSON file, or a built-in reference machine).
#include <string>

#include "results/comparison.h"
#include "results/references.h"

namespace hostmark {

// The column of a reference machine (id "ref:<id>"... shown as the label).
ComparisonColumn reference_column(const ReferenceMachine& ref);

// The column of a result: title "<host> <start date and time, UTC> <command>", measured "the
// command (its options)", figures result_figures(result).
ComparisonColumn result_column(const std::string& id, const Result& result);

// `arg` as the user gave it: "ref:<id>" (a reference), an existing file (a result JSON file), a
// number (a result id in the store at `results_db`, "" = the default store), or a bare
// reference id. Throws Failure: a usage error naming `arg` when it is none of them, or the
// reader's/store's error.
ComparisonColumn load_column(const std::string& arg, const std::string& results_db);

}  // namespace hostmark
