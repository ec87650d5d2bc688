#pragma once
// `hostmark fs`'s command line, parsed and resolved the same way by the single-process command
// (commands/fs.cc) and by every rank of a distributed run (commands/fs_distributed.h).
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/result_saving.h"
#include "fsbench/fs_options.h"
#include "output/format.h"
#include "results/context.h"
#include "results/result.h"

namespace hostmark {

struct FsCommandLine {
  fsbench::FsOptions options;
  OutputOptions output;
  SaveOptions save;
  int fail_rank = -1;  // --mpi-fail-rank=N (hidden, for tests): rank N fails in its third test
  bool size_defaulted = false;  // the data tests' size is the default 2 x RAM (no --size/--quick)
};

// nullopt when --help was printed or io.parse_only is set (`context` untouched). Usage errors
// throw Failure naming the option. Once the arguments parse, fills `context`
// (collect_context()), whose RAM sizes the default --size (2 x RAM).
std::optional<FsCommandLine> parse_fs_command_line(const std::vector<std::string>& args,
                                                   const CommandIo& io, Context& context);

// The single-process text: storage header, bonnie++'s table, details, CSV line, notes.
void write_fs_text(const Result& r, std::ostream& out);

}  // namespace hostmark
