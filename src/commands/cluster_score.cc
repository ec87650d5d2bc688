#include "commands/cluster_score.h"

#include <cmath>

namespace hostmark {

double geometric_mean(const std::vector<double>& values) {
  if (values.empty()) return 0;
  double log_sum = 0;
  for (double v : values) {
    if (!(v > 0)) return 0;
    log_sum += std::log(v);
  }
  return std::exp(log_sum / static_cast<double>(values.size()));
}

ClusterScore cluster_score(const std::vector<Phase>& phases) {
  std::vector<double> bw, md;
  for (const auto& p : phases) {
    if (const Metric* m = p.metric("gib_per_s")) bw.push_back(m->value);
    if (const Metric* m = p.metric("kiops")) md.push_back(m->value);
  }
  ClusterScore s;
  s.bandwidth_gib_s = geometric_mean(bw);
  s.metadata_kiops = geometric_mean(md);
  s.total = std::sqrt(s.bandwidth_gib_s * s.metadata_kiops);
  return s;
}

Phase score_phase(const ClusterScore& s) {
  Phase p;
  p.name = "score";
  p.metrics = {{"bandwidth_score", s.bandwidth_gib_s, "GiB/s"},
               {"metadata_score", s.metadata_kiops, "kIOPS"},
               {"total_score", s.total, "sqrt(GiB/s x kIOPS)"}};
  return p;
}

}  // namespace hostmark
