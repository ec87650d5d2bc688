#include "commands/stat_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/error.h"

namespace hostmark {
namespace {

[[noreturn]] void bad(const std::string& why) { throw Failure(usage_error("stat", why)); }

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A number of seconds (iostat takes whole seconds; fractions are allowed here).
bool stat_is_number(const std::string& s) {
  if (s.empty() || s[0] == '-') return false;
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return end != nullptr && *end == '\0' && s.find_first_not_of("0123456789.") == std::string::npos;
}

std::string device_name(std::string name) {
  if (name.rfind("/dev/", 0) == 0) name = name.substr(5);
  return name;
}

void add_unique(std::vector<std::string>& v, const std::string& s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
}

void split_devices(const std::string& list, StatOptions& o) {
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto comma = std::min(list.find(',', start), list.size());
    const std::string item = list.substr(start, comma - start);
    if (item == "ALL") {
      o.filter.all_partitions = true;
    } else if (!item.empty()) {
      add_unique(o.filter.with_partitions, device_name(item));
    }
    start = comma + 1;
  }
}

// One group of short flags ("-xdy"); -c and -d are noted in want_cpu/want_disk.
void short_flags(const std::string& arg, StatOptions& o, bool& want_cpu, bool& want_disk,
                 bool& saw_k) {
  for (std::size_t i = 1; i < arg.size(); ++i) {
    switch (arg[i]) {
      case 'c': want_cpu = true; break;
      case 'd': want_disk = true; break;
      case 'x': o.extended = true; break;
      case 'h': o.human = true; break;
      case 'y': o.omit_since_boot = true; break;
      case 'z': o.filter.omit_inactive = true; break;
      case 't': o.timestamp = true; break;
      case 'p': o.filter.all_partitions = true; break;
      case 'k':
        if (o.unit == StatUnit::kMegabytes) bad("-k and -m cannot be used together");
        saw_k = true;
        break;
      case 'm':
        if (saw_k) bad("-k and -m cannot be used together");
        o.unit = StatUnit::kMegabytes;
        break;
      default: bad(fmt::format("unknown option -{} (see hostmark stat --help)", arg[i]));
    }
  }
}

}  // namespace

StatOptions parse_stat_options(const std::vector<std::string>& args) {
  StatOptions o;
  bool want_cpu = false, want_disk = false, saw_k = false;
  bool have_interval = false, have_count = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto next = [&](const char* what) -> const std::string& {
      if (i + 1 >= args.size()) bad(fmt::format("{} needs a value", what));
      return args[++i];
    };
    if (a == "--help" || a == "-?") {
      o.help = true;
    } else if (a == "-p") {
      if (i + 1 < args.size() && !all_digits(args[i + 1]) && args[i + 1][0] != '-') {
        split_devices(args[++i], o);
      } else {
        o.filter.all_partitions = true;
      }
    } else if (a == "-o") {
      if (next("-o") != "JSON") bad("-o takes JSON (iostat's only output format)");
      o.iostat_json = true;
    } else if (a == "--sar") {
      o.sar = true;
    } else if (a == "--mem") {
      o.mem = true;
    } else if (a == "--human") {
      o.human = true;
    } else if (a.rfind("--output-format", 0) == 0) {
      const std::string v = a == "--output-format" ? next("--output-format") : a.substr(16);
      if (a != "--output-format" && a[15] != '=') bad(fmt::format("unknown option {}", a));
      o.output.format = parse_output_format(v).value();
    } else if (a.rfind("--output", 0) == 0) {
      if (a == "--output") {
        o.output.path = next("--output");
      } else if (a[8] == '=') {
        o.output.path = a.substr(9);
      } else {
        bad(fmt::format("unknown option {}", a));
      }
    } else if (a.size() > 1 && a[0] == '-' && a[1] == '-') {
      bad(fmt::format("unknown option {} (see hostmark stat --help)", a));
    } else if (a.size() > 1 && a[0] == '-') {
      short_flags(a, o, want_cpu, want_disk, saw_k);
    } else if (stat_is_number(a) && !have_count) {
      const double v = std::strtod(a.c_str(), nullptr);
      if (!have_interval) {
        if (!std::isfinite(v) || v < 0)
          bad(fmt::format("interval '{}' is not a number of seconds", a));
        if (v > 1e6) bad(fmt::format("interval '{}' is above 1000000 seconds", a));
        o.interval_s = v;
        have_interval = true;
      } else {
        if (!all_digits(a) || v < 1) bad(fmt::format("count '{}' is not a whole number >= 1", a));
        if (v > 1e15) bad(fmt::format("count '{}' is above 10^15", a));
        if (o.interval_s == 0) bad("a count needs an interval above 0");
        o.count = static_cast<std::int64_t>(v);
        have_count = true;
      }
    } else if (a == "ALL") {
      o.filter.show_unused = true;
    } else if (!a.empty() && a[0] != '-') {
      if (stat_is_number(a)) bad(fmt::format("unexpected number '{}' after the count", a));
      add_unique(o.filter.names, device_name(a));
    } else {
      bad(fmt::format("unexpected argument '{}'", a));
    }
  }
  if (have_interval && !have_count) o.count = o.interval_s > 0 ? -1 : 1;
  if (want_cpu || want_disk) {
    o.cpu = want_cpu;
    o.disk = want_disk;
  }
  // Like iostat: -x, -p or a device name shows the device report too.
  if (o.extended || o.filter.all_partitions || !o.filter.with_partitions.empty() ||
      !o.filter.names.empty() || o.filter.show_unused)
    o.disk = true;
  if (!o.filter.names.empty() || !o.filter.with_partitions.empty() || o.filter.all_partitions)
    o.filter.show_unused = true;
  if (o.iostat_json && o.output.format != OutputFormat::kNormal)
    bad("-o JSON and --output-format cannot be used together");
  if (o.iostat_json && (o.sar || o.mem)) bad("-o JSON has no place for --sar or --mem");
  if (o.human && (o.iostat_json || o.output.format != OutputFormat::kNormal))
    bad("-h applies to the text report only");
  return o;
}

ParserDescription describe_stat_options() {
  ParserDescription p{
      "stat", "", "CPU and block device statistics as iostat (sysstat 12.6) computes them.", {}};
  const auto row = [&p](std::vector<std::string> names, std::string value, std::string help) {
    OptionDescription& o = p.options.emplace_back();
    o.names = std::move(names);
    o.value_name = std::move(value);
    o.help = std::move(help);
  };
  row({"-c"}, "", "CPU report only");
  row({"-d"}, "", "device report only");
  row({"-x"}, "", "extended device report");
  row({"-k"}, "", "kB per second (the default)");
  row({"-m"}, "", "MB per second");
  row({"-p"}, "ALL|dev[,dev...]", "partitions too (of dev, or all)");
  p.options.back().value_optional = true;
  row({"-h", "--human"}, "", "human-readable sizes, device name last");
  row({"-y"}, "", "skip the first report (statistics since boot)");
  row({"-z"}, "", "omit devices without requests in the interval");
  row({"-t"}, "", "print the time of each report");
  row({"-o"}, "JSON", "iostat's JSON document");
  p.options.back().choices = {"JSON"};
  row({"--sar"}, "", "sar -b's summary (tps rtps wtps dtps bread/s bwrtn/s bdscd/s)");
  row({"--mem"}, "", "memory (as free) and load (as uptime) after each report");
  row({"--output-format"}, "FORMAT", "normal (human text), json or csv");
  p.options.back().choices = {"normal", "json", "csv"};
  row({"--output"}, "FILE", "write the report to FILE instead of standard output");
  row({}, "interval", "seconds between reports (0 or none: one report since boot)");
  row({}, "count", "number of reports (default: until Ctrl-C)");
  row({}, "device", "block devices to show (ALL: also those without any I/O)");
  return p;
}

std::string stat_usage() {
  const ParserDescription p = describe_stat_options();
  std::string text = fmt::format(
      "Usage: hostmark stat [options] [interval [count]] [device...|ALL]\n{}\n", p.about);
  for (const OptionDescription& o : p.options) {
    if (o.positional()) continue;
    std::string left = fmt::format("{}", fmt::join(o.names, ", "));
    if (!o.value_name.empty())
      left += o.value_optional ? fmt::format(" [{}]", o.value_name) : " " + o.value_name;
    text += fmt::format("  {:<24}{}\n", left, o.help);
  }
  return text + "An interval of 0 or none prints one report since boot; Ctrl-C ends cleanly.\n";
}

}  // namespace hostmark
