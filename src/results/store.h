#pragma once
// The results store: one JSON file per saved run, in a directory (by default
// $XDG_DATA_HOME/hostmark/results, else ~/.local/share/hostmark/results).
#include <string>

#include "core/error.h"
#include "results/result.h"

namespace hostmark {

// The default directory, from the given environment values ("" when unset).
std::string default_results_dir(const std::string& xdg_data_home, const std::string& home);
// The default directory for this process's environment.
std::string default_results_dir();

// "<dir>/<start time>-<host>-<command>.json", e.g. ".../20261202T091913Z-vm-suite.json".
std::string result_file_path(const std::string& dir, const Result& result);

// Writes `result` as JSON to `path` atomically (a temporary file renamed over it), creating the
// directory when missing. So a crash leaves the previous version, never half a file.
// Run error naming the path on failure (e.g. "...: No space left on device").
Expected<std::string> save_result(const Result& result, const std::string& path);

}  // namespace hostmark
