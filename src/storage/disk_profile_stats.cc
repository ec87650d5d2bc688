#include "storage/disk_profile_stats.h"

#include <algorithm>

#include "stats/histogram_buckets.h"
#include "stats/time_series.h"

namespace hostmark::storage {
namespace {

double per_s(double amount, std::uint64_t ns) {
  return ns == 0 ? 0.0 : amount * 1e9 / static_cast<double>(ns);
}

}  // namespace

double DiskLoop::read_mb_per_s() const {
  return per_s(static_cast<double>(read_bytes), read_ns) / 1e6;
}
double DiskLoop::write_mb_per_s() const {
  return per_s(static_cast<double>(write_bytes), write_ns) / 1e6;
}
double DiskLoop::mb_per_s() const { return read_mb_per_s() + write_mb_per_s(); }
double DiskLoop::iops() const {
  return per_s(static_cast<double>(ios), std::max(read_ns, write_ns));
}

DiskLoop disk_loop_from(const std::vector<fio::JobStats>& jobs, bool interrupted) {
  DiskLoop loop;
  loop.interrupted = interrupted;
  for (const auto& j : jobs) {
    const auto& r = j.dirs[static_cast<int>(fio::Dir::kRead)];
    const auto& w = j.dirs[static_cast<int>(fio::Dir::kWrite)];
    loop.read_bytes += r.io_bytes;
    loop.write_bytes += w.io_bytes;
    loop.ios += r.total_ios + w.total_ios;
    loop.read_ns = std::max(loop.read_ns, r.runtime_ns);
    loop.write_ns = std::max(loop.write_ns, w.runtime_ns);
    loop.lat.merge(r.lat);
    loop.lat.merge(w.lat);
    loop.series = add_time_series(loop.series, j.series);
    loop.interrupted = loop.interrupted || j.interrupted;
  }
  return loop;
}

Phase disk_phase(const DiskStep& step, const std::vector<DiskLoop>& loops, DiskAggregate how) {
  DiskLoop chosen;
  std::size_t best = 0;
  if (how == DiskAggregate::kBest) {
    for (std::size_t i = 1; i < loops.size(); ++i)
      if (loops[i].mb_per_s() > loops[best].mb_per_s()) best = i;
    chosen = loops[best];
  } else {
    for (const auto& l : loops) {  // all loops as one long run
      chosen.read_bytes += l.read_bytes;
      chosen.write_bytes += l.write_bytes;
      chosen.ios += l.ios;
      chosen.read_ns += l.read_ns;
      chosen.write_ns += l.write_ns;
      chosen.lat.merge(l.lat);
      chosen.series = append_time_series(chosen.series, l.series);
    }
  }
  Phase p;
  p.name = step.name();
  p.duration_s = static_cast<double>(std::max(chosen.read_ns, chosen.write_ns)) / 1e9;
  p.metrics.push_back({"mb_per_s", chosen.mb_per_s(), "MB/s"});
  if (step.direction == DiskDirection::kMix) {
    p.metrics.push_back({"read_mb_per_s", chosen.read_mb_per_s(), "MB/s"});
    p.metrics.push_back({"write_mb_per_s", chosen.write_mb_per_s(), "MB/s"});
  }
  p.metrics.push_back({"iops", chosen.iops(), "IO/s"});
  p.metrics.push_back({"lat_mean_us", chosen.lat.mean_ns() / 1e3, "us"});
  p.metrics.push_back(
      {"lat_p99_us", static_cast<double>(chosen.lat.percentile_ns(99)) / 1e3, "us"});
  p.metrics.push_back({"loops", static_cast<double>(loops.size()), "count"});
  if (how == DiskAggregate::kBest)
    p.metrics.push_back({"best_loop", static_cast<double>(best + 1), "count"});
  LatencyStats lat;
  lat.count = chosen.lat.count();
  lat.min_ns = chosen.lat.min_ns();
  lat.max_ns = chosen.lat.max_ns();
  lat.mean_ns = chosen.lat.mean_ns();
  lat.stddev_ns = chosen.lat.stddev_ns();
  lat.sum_ns = chosen.lat.sum_ns();
  for (double pct : {50.0, 95.0, 99.0, 99.9})
    lat.percentiles_ns.emplace_back(pct, chosen.lat.percentile_ns(pct));
  p.latency = lat;
  if (chosen.series.size() > 0) p.time_series = chosen.series;
  p.latency_histogram = histogram_buckets(chosen.lat);
  return p;
}

}  // namespace hostmark::storage
