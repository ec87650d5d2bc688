#include "commands/doctor/verdict.h"

#include <fmt/format.h>

#include <algorithm>

namespace hostmark::doctor {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::kOk: return "ok";
    case Severity::kNote: return "note";
    case Severity::kWarning: return "warning";
    case Severity::kBottleneck: return "bottleneck";
  }
  return "?";
}

std::string bottleneck_line(const Finding& f) {
  std::string line = f.summary;
  if (!f.conclusion.empty()) line = fmt::format("{}: {}", line, f.conclusion);
  if (!f.hint.empty()) line = fmt::format("{}; {}", line, f.hint);
  return line;
}

Verdict rank_findings(std::vector<Finding> findings) {
  Verdict v;
  std::vector<std::string> healthy;  // in check order
  for (const auto& f : findings)
    if (f.measured && f.severity <= Severity::kNote) healthy.push_back(f.area);
  v.ranked = std::move(findings);
  std::stable_sort(v.ranked.begin(), v.ranked.end(), [](const Finding& a, const Finding& b) {
    if (a.severity != b.severity) return a.severity > b.severity;
    return a.score > b.score;
  });
  if (!v.ranked.empty() && v.ranked.front().severity == Severity::kBottleneck) {
    v.named = 0;
    v.headline = bottleneck_line(v.ranked.front());
    return v;
  }
  std::vector<std::string> look;  // worst first
  for (const auto& f : v.ranked)
    if (f.severity == Severity::kWarning) look.push_back(f.summary);
  if (!look.empty()) {
    v.headline = fmt::format("no clear bottleneck; worth a look: {}", fmt::join(look, "; "));
  } else if (!healthy.empty()) {
    v.headline = fmt::format("no bottleneck found: {} look healthy", fmt::join(healthy, ", "));
  } else {
    v.headline = "no bottleneck found (no check could measure)";
  }
  return v;
}

}  // namespace hostmark::doctor
