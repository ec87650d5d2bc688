#pragma once
// Comparable figures: the like-for-like numbers a result holds, each under a key that names
// exactly what was measured (the test and every option that changes its meaning), so that two
// results, or a result and a reference machine, are only compared where they measured the same
// thing. Pure functions over a Result; nothing here prints.
#include <string>
#include <vector>

#include "results/result.h"

namespace hostmark {

struct Figure {
  std::string key;    // e.g. "cpu.sysbench_prime.threads=1.events_per_s" (stable, documented)
  std::string label;  // e.g. "CPU: single thread [events/s]" (for tables)
  double value = 0;
  std::string unit;  // "events/s", "MiB/s", "MB/s", "IOPS", "ns", "tps"
  bool higher_is_better = true;
};

// Every comparable figure in `result` (a suite, or a single command's result: sysbench cpu,
// memory, fileio and OLTP, fio, disk profiles and timings, dd, fs, db ...), in the order of its
// phases; none for results that hold nothing comparable (info).
std::vector<Figure> result_figures(const Result& result);

}  // namespace hostmark
