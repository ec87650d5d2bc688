#include "commands/doctor/doctor_text.h"

#include <fmt/format.h>

namespace hostmark::doctor {

std::vector<std::string> verdict_notes(const Verdict& verdict) {
  std::vector<std::string> notes = {"verdict: " + verdict.headline};
  for (const auto& f : verdict.ranked)
    notes.push_back(
        fmt::format("finding: {} {}: {}", severity_name(f.severity), f.area, bottleneck_line(f)));
  return notes;
}

void write_doctor_text(const Verdict& verdict, const Result& result, std::ostream& out) {
  out << "Verdict: " << verdict.headline << '\n';
  if (result.interrupted) out << "(interrupted: only the checks that ran are judged)\n";
  for (const auto& f : verdict.ranked) {
    out << '\n'
        << fmt::format("[{}] {}: {}", severity_name(f.severity), f.area, bottleneck_line(f))
        << '\n';
    for (const auto& e : f.evidence) out << "  " << e << '\n';
  }
  std::vector<std::string> warnings = result.warnings;
  for (const auto& t : result.storage)
    for (const auto& w : t.warnings) warnings.push_back(w.text);
  if (!warnings.empty()) out << "\nWarnings:\n";
  for (const auto& w : warnings) out << "  " << w << '\n';
  // The first notes are the verdict itself (verdict_notes), already printed above.
  bool header = false;
  for (const auto& n : result.notes) {
    if (n.rfind("verdict: ", 0) == 0 || n.rfind("finding: ", 0) == 0) continue;
    if (!header) out << "\nNotes:\n";
    header = true;
    out << "  " << n << '\n';
  }
}

}  // namespace hostmark::doctor
