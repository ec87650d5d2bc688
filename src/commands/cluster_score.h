#pragma once
// `hostmark cluster`'s scores, IO500's way (not an official IO500 result): the bandwidth score
// is the geometric mean of the ior phases in GiB/s (each phase's "gib_per_s" metric), the
// metadata score the geometric mean of the mdtest phases in kIOPS ("kiops"), the total
// sqrt(bandwidth x metadata). Pure.
#include <vector>

#include "results/result.h"

namespace hostmark {

struct ClusterScore {
  double bandwidth_gib_s = 0;  // 0 when a phase is missing or 0 (a geometric mean of nothing)
  double metadata_kiops = 0;
  double total = 0;
};

ClusterScore cluster_score(const std::vector<Phase>& phases);

// The geometric mean of positive values; 0 when `values` is empty or holds a value <= 0.
double geometric_mean(const std::vector<double>& values);

// The "score" phase: bandwidth_score (GiB/s), metadata_score (kIOPS), total_score.
Phase score_phase(const ClusterScore& s);

}  // namespace hostmark
