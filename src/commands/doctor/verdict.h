#pragma once
// The ranked verdict of a doctor run: pure functions over Findings (unit-tested with fixtures).
#include <optional>
#include <string>
#include <vector>

#include "commands/doctor/finding.h"

namespace hostmark::doctor {

struct Verdict {
  std::vector<Finding> ranked;       // worst first: severity, then score, then check order
  std::optional<std::size_t> named;  // index in `ranked` of the bottleneck, when there is one
  std::string headline;              // one line, printed first
};

// Ranks `findings` (kept in check order where severity and score tie). The bottleneck is the
// top finding when its severity is kBottleneck; with none, the headline says so and lists what
// is worth a look (warnings) or that the checks that ran look healthy.
// The healthy list of the headline keeps check order.
Verdict rank_findings(std::vector<Finding> findings);

// "random 4K write p99 = 120 ms, 40x a SATA SSD: storage is the bottleneck; an SD card?"
std::string bottleneck_line(const Finding& f);

}  // namespace hostmark::doctor
