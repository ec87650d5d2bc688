#include "commands/top_options.h"

#include <cmath>

#include "commands/cli_common.h"

namespace hostmark::top {

bool parse_top_options(const std::vector<std::string>& args, const CommandIo& io, TopOptions& o) {
  CLI::App app(
      "Watch per-process I/O like iotop: read/write bytes and operations per second, IO% and "
      "SWAPIN% (delay accounting), block-layer totals. Keys: < > (arrows) sort column, r "
      "reverse, o only active, a accumulated, p processes/threads, q quit.",
      "top");
  std::string sort = std::string(column_key(o.display.sort));
  app.add_flag("-b,--batch", o.batch, "print plain text refreshes, no screen");
  app.add_flag("--json", o.json, "print one JSON object (one line) per refresh; implies -b");
  app.add_option("-n,--iter", o.iterations, "number of refreshes, then exit (0: until q)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("-d,--delay", o.delay_s, "seconds between refreshes (default 1)")
      ->type_name("SEC");
  app.add_flag("-t,--threads", o.display.threads, "one line per thread instead of per process");
  app.add_flag("-o,--only", o.display.only_active, "only tasks doing I/O");
  app.add_flag("-a,--accumulated", o.display.accumulated,
               "bytes and operations since start instead of per second");
  app.add_option("--sort", sort,
                 "sort column: pid user read write read-ops write-ops io swapin command")
      ->type_name("COLUMN");
  app.add_flag("--reverse", o.display.reverse, "reverse the sort order");
  app.add_flag("--replay", o.replay,
               "step through what `hostmark record` kept (its top I/O processes) instead of "
               "watching live; keys: space/right next, left previous");
  app.add_option("--db", o.db, "with --replay: the record database [the record default]")
      ->type_name("PATH");
  app.add_option("--from", o.from, "with --replay: start, as `hostmark history` takes it [1h ago]")
      ->type_name("TIME");
  app.add_option("--to", o.to, "with --replay: end [now]")->type_name("TIME");
  if (!parse_command_line(app, args, io)) return false;
  if (!(o.delay_s > 0) || !std::isfinite(o.delay_s) || o.delay_s > 86400) {
    throw Failure(usage_error("--delay", "must be a number of seconds above 0"));
  }
  bool known = false;
  for (const Column c : kColumns) {
    if (column_key(c) == sort) {
      o.display.sort = c;
      known = true;
    }
  }
  if (!known) throw Failure(usage_error("--sort", "'" + sort + "' is not a column"));
  if (o.json) o.batch = true;
  if (!o.replay && (!o.db.empty() || o.from != "1h ago" || o.to != "now"))
    throw Failure(usage_error("--db/--from/--to", "only with --replay"));
  return true;
}

}  // namespace hostmark::top
