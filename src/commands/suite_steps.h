#pragma once
// The steps of `hostmark suite`, registered in a table: a step is added by adding a row, not by
// wiring it into the command.
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "commands/command.h"
#include "commands/suite_profile.h"
#include "results/result.h"

namespace hostmark {

struct SuiteSettings {
  SuiteProfile profile;
  std::string dir;  // where the storage, fs and db steps write their (removed) files
};

struct SuiteStep {
  std::string_view name;
  std::string_view description;
  // About how long the step runs with `settings` on a small machine, for the ETA (seconds).
  double (*estimate_s)(const SuiteSettings& settings, const Context& context);
  // Measures and adds to `result` (phases named "<step>.<phase>", or the host description).
  // A step that cannot run (a full disk) adds a warning and returns; SIGINT/SIGTERM set
  // result.interrupted.
  void (*run)(const SuiteSettings& settings, const CommandIo& io, Result& result);
};

std::span<const SuiteStep> suite_steps();

// The settings the steps run with, as the result's options ("profile", "cpu-max-prime",
// "disk-loops", "fs-size", "db-tables", "db-threads"...), so that results/figures.h can name
// exactly what each phase measured.
std::vector<std::pair<std::string, std::string>> suite_options(const SuiteSettings& settings,
                                                               const Context& context);

}  // namespace hostmark
