#include "fsbench/rank_aggregate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "fsbench/test_meter.h"
#include "stats/histogram_buckets.h"

namespace hostmark::fsbench {
namespace {

double metric_or(const Phase& p, const std::string& name, double fallback) {
  const Metric* m = p.metric(name);
  return m != nullptr ? m->value : fallback;
}

}  // namespace

Histogram histogram_of(const Phase& p) {
  Histogram::BucketCounts buckets;
  for (const auto& b : p.latency_histogram)
    buckets.emplace_back(Histogram::bucket_index(b.lower_ns), b.count);
  if (!p.latency) return Histogram::from_state(buckets, 0, 0, 0, 0, 0);
  const LatencyStats& l = *p.latency;
  const double count = static_cast<double>(l.count);
  const double sum_sq = count * (l.stddev_ns * l.stddev_ns + l.mean_ns * l.mean_ns);
  return Histogram::from_state(buckets, l.count, l.sum_ns, l.min_ns, l.max_ns,
                               static_cast<Uint128>(std::max(0.0, std::round(sum_sq))));
}

Phase aggregate_rank_phases(const std::vector<Phase>& ranks) {
  const Phase& first = ranks.front();
  Phase p;
  p.name = first.name;
  double work = 0, cpu = 0, threads = 0;
  Histogram latency;
  for (const auto& r : ranks) {
    p.duration_s = std::max(p.duration_s, r.duration_s);
    work += metric_or(r, "work", 0);
    cpu += metric_or(r, "cpu_pct", 0);
    threads += metric_or(r, "threads", 1);
    if (r.latency) latency.merge(histogram_of(r));
  }
  const Metric* rate = first.metric("rate");
  const std::string unit = rate != nullptr ? rate->unit : "";
  const bool bytes = unit == "KiB/s";
  const double longest = p.duration_s;
  const double per_s = longest > 0 ? work / longest : 0;
  p.metrics.push_back({"rate", bytes ? per_s / 1024.0 : per_s, unit});
  if (bytes) p.metrics.push_back({"mb_per_s", per_s / 1e6, "MB/s"});
  p.metrics.push_back({"cpu_pct", cpu / static_cast<double>(ranks.size()), "%"});
  const Metric* w = first.metric("work");
  p.metrics.push_back({"work", work, w != nullptr ? w->unit : ""});
  if (first.metric("threads") != nullptr) p.metrics.push_back({"threads", threads, "threads"});
  p.metrics.push_back({"ranks", static_cast<double>(ranks.size()), "ranks"});
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    p.metrics.push_back({fmt::format("rank{}.rate", r), metric_or(ranks[r], "rate", 0), unit});
    p.metrics.push_back({fmt::format("rank{}.time_s", r), ranks[r].duration_s, "s"});
  }
  p.latency = latency_stats(latency);
  p.latency_histogram = histogram_buckets(latency);
  p.activity = first.activity;
  return p;
}

std::vector<Phase> aggregate_ranks(const std::vector<std::vector<Phase>>& ranks) {
  std::vector<Phase> out;
  if (ranks.empty()) return out;
  for (std::size_t r = 1; r < ranks.size(); ++r) {
    bool same = ranks[r].size() == ranks[0].size();
    for (std::size_t i = 0; same && i < ranks[r].size(); ++i)
      same = ranks[r][i].name == ranks[0][i].name;
    if (!same) throw Failure(run_error(fmt::format("rank {}", r), "ran other tests than rank 0"));
  }
  for (std::size_t i = 0; i < ranks[0].size(); ++i) {
    std::vector<Phase> one;
    for (const auto& rank : ranks) one.push_back(rank[i]);
    out.push_back(aggregate_rank_phases(one));
  }
  return out;
}

}  // namespace hostmark::fsbench
