#pragma once
// Saving a command's result in the results store (results/result_store.h) after it was printed.
#include <string>

#include "commands/command.h"
#include "results/result.h"

namespace hostmark {

// Where a command's result is kept after it is printed (--results-db, --no-save).
struct SaveOptions {
  std::string results_db;  // a path or URL (results/result_store.h); "" = the default file
  bool no_save = false;
};

// Saves `result` as `options` say (nothing with --no-save). Prints "saved as result N in
// <store>" on stderr when it is a terminal, nothing otherwise (stdout stays the result alone).
// A store that cannot be opened or written never loses the printed result: the line
// "hostmark: results store: <why>" goes to stderr, and the returned exit status is 1 when the
// store was named with --results-db (the user asked for it), 0 for the default file (a
// warning: the measurement itself succeeded).
int save_to_results_store(const Result& result, const SaveOptions& options, const CommandIo& io);

}  // namespace hostmark
