#pragma once
// What native commands share when parsing with CLI11 and emitting their Result.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands/command.h"
#include "output/format.h"

namespace hostmark {

// Adds --output-format=normal|json|csv and --output=FILE to `app`, parsed into `options`.
void add_output_options(CLI::App& app, OutputOptions& options);

// add_output_options, plus --results-db=URL and --no-save: emit_result then saves the result
// in the results store (commands/result_saving.h).
void add_result_options(CLI::App& app, OutputOptions& options);

// Parses `args` (without the command name). Returns false when --help was asked (help is
// printed to io.out). Throws Failure with a usage error naming the option on bad input.
bool parse_command_line(CLI::App& app, const std::vector<std::string>& args, const CommandIo& io);

// Writes `result` where `options` say, in their format, then saves it in the results store when
// options.save says so (save_to_results_store); returns the exit status (0, or 1 when the
// output could not be written or an explicit --results-db could not take the result; 1 also
// when the run was interrupted).
int emit_result(const Result& result, const OutputOptions& options, const TextRenderer& text,
                const CommandIo& io);

// After a run abandoned with events still running (a second signal, --forced-shutdown), the
// workers still use the workload, so nothing may be destroyed: prints
// "hostmark: <what>: interrupted" and ends the process with status 1.
[[noreturn]] void abandon_process(const std::string& what, const CommandIo& io);

}  // namespace hostmark
