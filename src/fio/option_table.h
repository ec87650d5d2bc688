#pragma once
// The one table of fio job options hostmark implements: name, alias, value kind, setter into
// JobOptions, short help. Lookup is by exact name or alias (fio does not treat '-' as '_').
// Options fio 3.33 has but hostmark does not implement are listed separately, with a reason
// (refused_options.h), so the parser can say "zonemode: not implemented by hostmark (zoned
// block devices ...)" rather than "unknown option".
#include <span>
#include <string_view>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark::fio {

// How the value is written. kFlag options (fio's FIO_OPT_STR_SET) may be given bare on the
// command line ("--thread"); every other kind needs "--opt=value" or "--opt value" there.
// In job files both kFlag and kBool may be bare (= 1).
enum class ValueKind : std::uint8_t {
  kFlag,
  kBool,
  kInt,
  kSize,
  kSizePercent,
  kPerDirSize,
  kRange,
  kPerDirRange,
  kTime,
  kString,
  kChoice,
  kFloatList,
  kPattern,
  kList
};
std::string_view value_kind_name(ValueKind kind);

// Parses `value` into `job`. Failures are usage_error("", why); the caller adds place and name.
using OptionSetter = Status (*)(JobOptions& job, std::string_view value);

struct OptionDef {
  std::string_view name;
  std::string_view alias;  // "" when none
  ValueKind kind;
  OptionSetter set;
  std::string_view help;
  bool bare_in_job_file = false;  // a job file may give it without a value (write_lat_log)
};

// Every implemented option, in the order of JobOptions' fields.
std::span<const OptionDef> option_table();

// Exact name or alias; nullptr when not implemented (or not an option at all).
const OptionDef* find_option(std::string_view name);

// The sections of the table, defined in options_*.cc.
std::span<const OptionDef> job_and_file_options();      // identity, targets
std::span<const OptionDef> workload_options();          // rw, bs, randomness, queueing, time, rate
std::span<const OptionDef> data_options();              // syncs, buffers, verify, stats, safety
std::span<const OptionDef> scheduling_options();        // thinktime, CPUs, priorities, fadvise
std::span<const OptionDef> log_options();               // write_*_log and their settings
std::span<const OptionDef> measure_and_exit_options();  // gtod_reduce, disable_*, exitall, errors

}  // namespace hostmark::fio
