#pragma once
// `hostmark stat` arguments, in iostat's grammar: [options] [interval [count]] [devices...]
// with combinable short flags (-xdy), -p [ALL|dev[,dev...]], -o JSON, plus hostmark's
// --sar, --mem, --output-format=normal|json|csv and --output=FILE.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/command_description.h"
#include "monitor/stat_report.h"
#include "output/format.h"

namespace hostmark {

enum class StatUnit { kKilobytes, kMegabytes };  // -k (default), -m

struct StatOptions {
  bool cpu = true, disk = true;  // -c / -d choose; both by default
  bool extended = false;         // -x
  bool human = false;            // -h: sizes with units, device name last
  bool omit_since_boot = false;  // -y
  bool timestamp = false;        // -t
  bool iostat_json = false;      // -o JSON: iostat's JSON document
  bool sar = false;              // --sar: sar -b's summary line instead of the device table
  bool mem = false;              // --mem: memory (as free) and load (as uptime) each report
  StatUnit unit = StatUnit::kKilobytes;
  double interval_s = 0;   // 0: one report since boot
  std::int64_t count = 1;  // reports to print; -1: until interrupted
  monitor::DeviceFilter filter;
  OutputOptions output;
  bool help = false;
};

// Parses `args` (without "stat"). Throws Failure (usage error, what = "stat") on bad input.
StatOptions parse_stat_options(const std::vector<std::string>& args);

// The options and arguments `hostmark stat` takes, as data; stat_usage() prints them.
ParserDescription describe_stat_options();

// The usage text printed by `hostmark stat --help`.
std::string stat_usage();

}  // namespace hostmark
