#pragma once
// What native commands share when parsing with CLI11 and emitting their Result.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/result_saving.h"
#include "output/format.h"

namespace hostmark {

// Adds --output-format=normal|json|csv and --output=FILE to `app`, parsed into `options`.
void add_output_options(CLI::App& app, OutputOptions& options);

// Adds --results-db=URL and --no-save (where emit_result saves the result) to `app`.
void add_save_options(CLI::App& app, SaveOptions& options);

// Parses `args` (without the command name). Returns false when --help was asked (help is
// printed to io.out) or when io.parse_only is set: the command then returns 0 without running.
// With io.describe set, appends describe_cli_app(app) there and returns false before parsing.
// Throws Failure with a usage error naming the option on bad input.
bool parse_command_line(CLI::App& app, const std::vector<std::string>& args, const CommandIo& io);

// What `app --help` lists, as data: its name, description and every option but --help.
ParserDescription describe_cli_app(const CLI::App& app);

// Writes `result` where `options` say, in their format, then saves it in the results store as
// `save` says (commands/result_saving.h); returns the exit status (0, or 1 when the output could
// not be written or an explicit --results-db could not take the result; 1 also when the run was
// interrupted).
int emit_result(const Result& result, const OutputOptions& options, const SaveOptions& save,
                const TextRenderer& text, const CommandIo& io);
// The same without saving (the suite, which keeps its own results).
int emit_result(const Result& result, const OutputOptions& options, const TextRenderer& text,
                const CommandIo& io);

// After a run abandoned with events still running (a second signal, --forced-shutdown), the
// workers still use the workload, so nothing may be destroyed: prints
// "hostmark: <what>: interrupted" and ends the process with status 1, after
// io.before_abandon.
[[noreturn]] void abandon_process(const std::string& what, const CommandIo& io);

}  // namespace hostmark
