// `hostmark top`: per-process I/O like iotop, on a curses screen or as batch text / JSON.
#include <unistd.h>

#include "commands/command.h"
#include "commands/top_options.h"
#include "core/error.h"

namespace hostmark {

int run_top_command(const std::vector<std::string>& args, const CommandIo& io) {
  top::TopOptions options;
  if (!top::parse_top_options(args, io, options)) return 0;
  if (options.replay) return top::run_top_replay(options, io);
  if (options.batch) return top::run_top_batch(options, io);
  if (isatty(STDOUT_FILENO) != 1 || isatty(STDIN_FILENO) != 1) {
    throw Failure(usage_error("top", "not a terminal: use -b (text) or --json"));
  }
  return top::run_top_screen(options, io);
}

}  // namespace hostmark
