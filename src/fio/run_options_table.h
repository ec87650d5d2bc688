#pragma once
// fio's command-line-only options (those that apply to the whole run), plus hostmark's own
// --destructive, in one table like the job options'.
#include <span>
#include <string_view>

#include "core/error.h"
#include "fio/job_options.h"
#include "fio/refused_options.h"

namespace hostmark::fio {

enum class ArgPolicy : std::uint8_t { kNone, kRequired, kOptional };

struct RunOptionDef {
  std::string_view name;
  ArgPolicy arg;
  Status (*set)(RunOptions& run, std::string_view value);  // failures: usage_error("", why)
  std::string_view help;
};

std::span<const RunOptionDef> run_option_table();
const RunOptionDef* find_run_option(std::string_view name);

// fio 3.33 command-line options hostmark does not implement (--debug, --client, ...).
std::span<const RefusedOption> unimplemented_run_options();

}  // namespace hostmark::fio
