#pragma once
// One doctor check: runs (samples the machine or measures it), and reports one Finding and
// the Phases that go into the JSON Result. The command runs its checks in order; each is a
// small class behind this interface (doctor/host_checks.h, storage_check.h, db_check.h).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/doctor/finding.h"
#include "core/error.h"
#include "output/progress.h"
#include "results/result.h"
#include "runner/signal_guard.h"

namespace hostmark::doctor {

// What a check may use while it runs. Progress goes to `progress` (a terminal only); a check
// stops early, keeping what it measured, once signals.stop_requested().
struct CheckEnv {
  const CommandIo& io;
  ProgressLine& progress;
  SignalGuard& signals;
};

struct CheckReport {
  Finding finding;
  std::vector<Phase> phases;          // named "doctor.<area>..." (docs/RESULT_SCHEMA.md)
  std::vector<std::string> warnings;  // for Result::warnings (a test file left behind...)
  bool interrupted = false;
  // The check could not run for a reason the user must fix (the database refused the
  // connection): the Finding says so too; the command exits 1 after printing its result.
  std::optional<Error> failure;
};

class Check {
 public:
  virtual ~Check() = default;
  virtual std::string name() const = 0;   // "memory", "cpu", ...: the Finding's area
  virtual double expected_s() const = 0;  // about how long run() takes (for the progress ETA)
  // Throws Failure only for what makes the whole doctor run pointless (a run error naming
  // the target); a check that cannot measure returns a Finding with measured = false.
  virtual CheckReport run(CheckEnv& env) = 0;
};

}  // namespace hostmark::doctor
