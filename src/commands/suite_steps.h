#pragma once
// The steps of `hostmark suite`, registered in a table: a later issue adds a step by adding a
// row (storage, database...), not by wiring it into the command.
#include <span>
#include <string_view>

#include "commands/command.h"
#include "results/result.h"

namespace hostmark {

struct SuiteSettings {
  bool quick = false;  // short durations and small sizes (smoke runs, tests)
};

struct SuiteStep {
  std::string_view name;
  std::string_view description;
  // Measures and adds to `result` (phases named "<step>.<phase>", or the host description).
  void (*run)(const SuiteSettings& settings, const CommandIo& io, Result& result);
};

std::span<const SuiteStep> suite_steps();

}  // namespace hostmark
