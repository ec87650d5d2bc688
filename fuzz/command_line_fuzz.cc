// libFuzzer target: every native command's command line through the real command table
// (commands/command.h), parse only: CommandIo::parse_only makes a command return once its
// arguments are parsed, so nothing runs, measures or writes. Input: the command name on the
// first line, then one argument a line. A bad argument must be a Failure (the one-line usage
// error), never another exception or a crash.
//   Left out: `fio`, whose command line names job files read from the file system (the target
//   fio_command_line_fuzz parses it with in-memory files).
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "commands/command.h"
#include "core/error.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark;
  std::vector<std::string> args = fuzz::lines_of(fuzz::as_text(data, size));
  if (args.empty() || args[0] == "fio") return 0;
  const CommandEntry* command = find_command(args[0]);
  if (command == nullptr) return 0;
  args.erase(args.begin());
  std::ostringstream out, err;
  const CommandIo io{out, err, false, {}, /*parse_only=*/true};
  try {
    const int status = command->run(args, io);
    if (status != 0) {  // parsing either succeeds (0), shows help (0) or throws a usage error
      std::cerr << "parse-only run returned " << status << ": " << err.str() << '\n';
      std::abort();
    }
  } catch (const Failure& f) {
    if (f.error().kind != ErrorKind::kUsage) {
      std::cerr << "parse-only run failed as a run error: " << f.error().message() << '\n';
      std::abort();
    }
  }
  return 0;
}
