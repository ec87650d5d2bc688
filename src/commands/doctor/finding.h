#pragma once
// What one doctor check found: an area of the machine, how bad it is, the evidence in words and
// the numbers behind it (each with its unit). Plain data: checks produce it, the verdict ranks
// it (doctor/verdict.h), output prints it.
#include <string>
#include <vector>

#include "results/result.h"

namespace hostmark::doctor {

// Ordered: a higher severity ranks first in the verdict.
enum class Severity {
  kOk = 0,          // nothing wrong seen
  kNote = 1,        // worth knowing, not a problem (a busy process, no PSI in this kernel)
  kWarning = 2,     // past a documented threshold: may be part of the slowness
  kBottleneck = 3,  // far past it: this is what makes the machine slow
};
const char* severity_name(Severity s);  // "ok", "note", "warning", "bottleneck"

struct Finding {
  std::string area;  // "memory", "cpu", "processes", "storage", "database"
  Severity severity = Severity::kOk;
  // How far past its threshold the worst measured number is (measured/threshold, >= 0; 0 for
  // kOk findings with nothing near a threshold). Ranks findings of equal severity.
  double score = 0;
  std::string summary;     // the headline fact: "random 4K write p99 = 120 ms, 40x a SATA SSD"
  std::string conclusion;  // "storage is the bottleneck" ("" when there is none)
  std::string hint;        // what it may be or what to do next ("an SD card?"), may be ""
  std::vector<std::string> evidence;  // one fact per line, in the order an admin reads them
  std::vector<Metric> numbers;        // the figures behind the evidence, SI or labelled units
  bool measured = true;               // false: the check could not run (summary says why)
};

}  // namespace hostmark::doctor
