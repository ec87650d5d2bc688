#pragma once
// sysbench 1.0.20's command line: `[options]... [testname] [command]`, options as --name=value
// (booleans also as bare --name), '-' and '_' interchangeable in names. Pure: argv in, a value
// (or a usage error naming the option) out. Also renders option help in sysbench's layout.
#include <cstdint>
#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command_description.h"
#include "cli/sysbench_config.h"
#include "core/error.h"

namespace hostmark {

// kList: a comma-separated list, kept as text (help shows "=[LIST,...]"). kFile: a file name
// (help shows "=FILENAME").
enum class SbArgType { kInt, kSize, kString, kFlag, kDouble, kDuration, kList, kFile };

// The default of an option that has none: help shows no "[...]" after it (as sysbench, whose
// option then has no value); an empty default ("") shows "[]".
inline constexpr std::string_view kSbNoDefault{};

struct SbOptionDef {
  std::string_view name;  // without "--", with '-' separators
  SbArgType type;
  std::string_view default_value;  // kSbNoDefault: none
  std::string_view help;           // without the "[default]" suffix
};

struct SbOptionGroup {
  std::string_view title;  // "General options"; "" prints no title line
  std::span<const SbOptionDef> options;
};

class SbArgs {
 public:
  // Splits args into options and positionals (test name, command). Options are checked only
  // for syntax here; validate() checks them against the options a test accepts.
  static Expected<SbArgs> parse(const std::vector<std::string>& args);

  // Every given option must be one of `groups` and hold a value of its type: usage error
  // "--foo: unknown option" or "--threads: '-1' is not a non-negative integer" otherwise.
  Expected<bool> validate(std::span<const SbOptionGroup> groups) const;

  // Adds the options of a --config-file (`file` names it in errors: "FILE:LINE: --foo: unknown
  // option"). Each must be one of `groups` with a value of its type; options given on the
  // command line win whatever their place, a later line wins over an earlier one.
  Expected<bool> add_config(const std::vector<SbConfigEntry>& entries,
                            std::span<const SbOptionGroup> groups, const std::string& file);

  // "" when none was given; a stock script's path (/usr/share/sysbench/oltp_read_write.lua, or
  // oltp_read_write.lua) is its test's name.
  const std::string& test() const { return test_; }
  // The test argument as typed ("cmd_help.lua" where test() is "cmd_help").
  const std::string& test_as_given() const { return test_given_; }
  const std::string& command() const { return command_; }  // "" when none was given
  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }

  // Typed values: the given one, else the default of its definition in `groups`. Call only
  // after validate() succeeded; a name not in the groups is an invariant break.
  std::string text(std::span<const SbOptionGroup> groups, std::string_view name) const;
  std::uint64_t count(std::span<const SbOptionGroup> groups, std::string_view name) const;
  std::uint64_t size(std::span<const SbOptionGroup> groups, std::string_view name) const;
  bool flag(std::span<const SbOptionGroup> groups, std::string_view name) const;
  double number(std::span<const SbOptionGroup> groups, std::string_view name) const;
  std::uint64_t duration_ns(std::span<const SbOptionGroup> groups, std::string_view name) const;

  // Every option as given (normalized name -> value), for the result's record.
  const std::map<std::string, std::string>& given() const { return values_; }

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> bare_;  // given without "=value" (only flags may be)
  std::string test_;
  std::string test_given_;
  std::string command_;
};

// The option lines of `groups` as sysbench prints them:
//   "  --threads=N                     number of threads to use [1]"
std::string format_sysbench_help(std::span<const SbOptionGroup> groups);

// The options of `groups` as data (cli/command_description.h), with the same value labels.
std::vector<OptionDescription> describe_sysbench_options(std::span<const SbOptionGroup> groups);

}  // namespace hostmark
