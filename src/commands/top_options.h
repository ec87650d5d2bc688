#pragma once
// `hostmark top`'s command line (iotop's spelling where iotop has the option).
#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/top_view.h"

namespace hostmark::top {

struct TopOptions {
  bool batch = false;    // -b: plain text, no curses
  bool json = false;     // --json: one JSON object per refresh (implies batch)
  int iterations = 0;    // -n: refreshes before exiting; 0 = until q or Ctrl-C
  double delay_s = 1.0;  // -d: seconds between refreshes
  DisplayState display;  // -t (threads), -o (only), -a (accumulated), --sort, --reverse
  bool replay = false;   // --replay: recorded samples (hostmark record) instead of live ones
  std::string db;        // --db: the record database ("" = the default path)
  std::string from = "1h ago", to = "now";  // --from/--to: the replayed range
};

// Parses `args` (without "top"). Returns false when --help was printed. Throws Failure
// (usage) naming the option on bad input.
bool parse_top_options(const std::vector<std::string>& args, const CommandIo& io,
                       TopOptions& options);

// The two ways of showing refreshes.
int run_top_batch(const TopOptions& options, const CommandIo& io);
int run_top_screen(const TopOptions& options, const CommandIo& io);
// --replay: every recorded interval in the range, as batch text/JSON or stepped on the screen.
int run_top_replay(const TopOptions& options, const CommandIo& io);

}  // namespace hostmark::top
