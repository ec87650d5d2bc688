#pragma once
// The command table: one entry per subcommand, one file per command under commands/.
// A command parses its own arguments into an immutable options value, runs, hands its Result
// to output/, and returns the exit status (0 ok, 1 failed run, 2 bad usage). User mistakes are
// thrown as Failure (core/error.h) and turned into one line by main().
#include <functional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_description.h"

namespace hostmark {

struct CommandIo {
  std::ostream& out;        // results (standard output)
  std::ostream& err;        // progress, warnings (standard error)
  bool err_is_tty = false;  // progress is shown only on a terminal
  // Runs when a second Ctrl-C abandons the process (abandon_process): what the caller made
  // and must not leave behind (the suite's work directory). Empty: nothing.
  std::function<void()> before_abandon = {};
  // Stop once the arguments are parsed: the command returns 0 without running, measuring or
  // touching any file (bad arguments still throw Failure; --help still prints). For the fuzz
  // target of the command lines (fuzz/command_line_fuzz.cc) and tests.
  bool parse_only = false;
  // When set, a command appends the description of each of its parsers (every mode's) here and
  // returns 0 without parsing, running or printing (commands/describe_commands.h).
  std::vector<ParserDescription>* describe = nullptr;
};

using CommandFn = int (*)(const std::vector<std::string>& args, const CommandIo& io);

struct CommandEntry {
  std::string_view name;
  std::string_view summary;
  CommandFn run;
};

// Every command, in the order `hostmark --help` lists them.
std::span<const CommandEntry> command_table();
const CommandEntry* find_command(std::string_view name);

// Each command's entry point, defined in its own file.
int run_sysbench_command(const std::vector<std::string>& args, const CommandIo& io);
int run_cpu_command(const std::vector<std::string>& args, const CommandIo& io);
int run_memory_command(const std::vector<std::string>& args, const CommandIo& io);
int run_info_command(const std::vector<std::string>& args, const CommandIo& io);
int run_fio_command(const std::vector<std::string>& args, const CommandIo& io);
int run_disk_command(const std::vector<std::string>& args, const CommandIo& io);
int run_fs_command(const std::vector<std::string>& args, const CommandIo& io);
int run_db_command(const std::vector<std::string>& args, const CommandIo& io);
int run_record_command(const std::vector<std::string>& args, const CommandIo& io);
int run_history_command(const std::vector<std::string>& args, const CommandIo& io);
int run_suite_command(const std::vector<std::string>& args, const CommandIo& io);
int run_stat_command(const std::vector<std::string>& args, const CommandIo& io);
int run_top_command(const std::vector<std::string>& args, const CommandIo& io);
int run_exporter_command(const std::vector<std::string>& args, const CommandIo& io);
int run_results_command(const std::vector<std::string>& args, const CommandIo& io);
int run_compare_command(const std::vector<std::string>& args, const CommandIo& io);
int run_report_command(const std::vector<std::string>& args, const CommandIo& io);
int run_doctor_command(const std::vector<std::string>& args, const CommandIo& io);
int run_cluster_command(const std::vector<std::string>& args, const CommandIo& io);

}  // namespace hostmark
