#pragma once
// Saving a command's result in the results store (results/result_store.h) after it was printed.
#include "commands/command.h"
#include "output/format.h"
#include "results/result.h"

namespace hostmark {

// Saves `result` as `options` say (nothing with --no-save). Prints "saved as result N in
// <store>" on stderr when it is a terminal, nothing otherwise (stdout stays the result alone).
// A store that cannot be opened or written never loses the printed result: the line
// "hostmark: results store: <why>" goes to stderr, and the returned exit status is 1 when the
// store was named with --results-db (the user asked for it), 0 for the default file (a
// warning: the measurement itself succeeded).
int save_to_results_store(const Result& result, const SaveOptions& options, const CommandIo& io);

}  // namespace hostmark
