#include "fsbench/test_meter.h"

#include "stats/histogram_buckets.h"

namespace hostmark::fsbench {
namespace {

double seconds(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

double cpu_seconds(const rusage& u) { return seconds(u.ru_utime) + seconds(u.ru_stime); }

}  // namespace

TestMeter::TestMeter() {
  getrusage(RUSAGE_SELF, &usage_);
  start_ = Clock::now();
}

void TestMeter::stop() {
  const auto end = Clock::now();
  rusage now{};
  getrusage(RUSAGE_SELF, &now);
  elapsed_s_ = static_cast<double>(ns_between(start_, end)) / 1e9;
  const double cpu = cpu_seconds(now) - cpu_seconds(usage_);
  cpu_pct_ = elapsed_s_ > 0 ? 100.0 * cpu / elapsed_s_ : 0;
}

LatencyStats latency_stats(const Histogram& latency) {
  LatencyStats l;
  l.count = latency.count();
  l.min_ns = latency.min_ns();
  l.max_ns = latency.max_ns();
  l.mean_ns = latency.mean_ns();
  l.stddev_ns = latency.stddev_ns();
  l.sum_ns = latency.sum_ns();
  for (double pct : {50.0, 99.0}) l.percentiles_ns.emplace_back(pct, latency.percentile_ns(pct));
  return l;
}

Phase make_phase(const std::string& name, const TestMeter& meter, double work,
                 const std::string& work_unit, double rate, const std::string& rate_unit,
                 const Histogram& latency, std::size_t max_buckets) {
  Phase p;
  p.name = name;
  p.duration_s = meter.elapsed_s();
  p.metrics.push_back({"rate", rate, rate_unit});
  p.metrics.push_back({"cpu_pct", meter.cpu_pct(), "%"});
  p.metrics.push_back({"work", work, work_unit});
  p.latency = latency_stats(latency);
  p.latency_histogram = histogram_buckets(latency, max_buckets);
  return p;
}

namespace {
double kib_per_s(std::uint64_t bytes, const TestMeter& m) {
  return m.elapsed_s() > 0 ? static_cast<double>(bytes) / 1024.0 / m.elapsed_s() : 0;
}

}  // namespace

Phase byte_phase(const std::string& name, const TestMeter& m, std::uint64_t bytes,
                 const Histogram& h, std::size_t max_buckets) {
  Phase p = make_phase(name, m, static_cast<double>(bytes), "bytes", kib_per_s(bytes, m), "KiB/s",
                       h, max_buckets);
  p.metrics.push_back({"mb_per_s",
                       m.elapsed_s() > 0 ? static_cast<double>(bytes) / 1e6 / m.elapsed_s() : 0,
                       "MB/s"});
  return p;
}

}  // namespace hostmark::fsbench
