#include "commands/fio_result.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "stats/histogram_buckets.h"
#include "stats/summary.h"

namespace hostmark {
namespace {

constexpr const char* kResultDirNames[fio::kDirs] = {"read", "write", "trim"};

double per_s(double amount, std::uint64_t ns) {
  return ns == 0 ? 0.0 : amount * 1e9 / static_cast<double>(ns);
}

Phase job_phase(const fio::JobStats& j, const std::string& name) {
  Phase p;
  p.name = name;
  Histogram lat;
  std::uint64_t ios = 0, runtime_ns = 0;
  double mb_per_s = 0;
  for (int d = 0; d < fio::kDirs; ++d) {
    const fio::DirStats& s = j.dirs[d];
    if (s.total_ios == 0) continue;
    ios += s.total_ios;
    runtime_ns = std::max(runtime_ns, s.runtime_ns);
    mb_per_s += per_s(static_cast<double>(s.io_bytes), s.runtime_ns) / 1e6;
    lat.merge(s.lat);
  }
  p.duration_s = static_cast<double>(runtime_ns) / 1e9;
  p.metrics.push_back({"iops", per_s(static_cast<double>(ios), runtime_ns), "IO/s"});
  p.metrics.push_back({"mb_per_s", mb_per_s, "MB/s"});
  for (int d = 0; d < fio::kDirs; ++d) {
    const fio::DirStats& s = j.dirs[d];
    if (s.total_ios == 0) continue;
    const char* dir = kResultDirNames[d];
    p.metrics.push_back({fmt::format("{}_iops", dir), s.iops_mean(), "IO/s"});
    p.metrics.push_back({fmt::format("{}_mb_per_s", dir),
                         per_s(static_cast<double>(s.io_bytes), s.runtime_ns) / 1e6, "MB/s"});
    p.metrics.push_back({fmt::format("{}_bytes", dir), static_cast<double>(s.io_bytes), "bytes"});
  }
  if (lat.count() > 0) {
    p.metrics.push_back({"lat_mean_us", lat.mean_ns() / 1e3, "us"});
    p.metrics.push_back({"lat_p99_us", static_cast<double>(lat.percentile_ns(99)) / 1e3, "us"});
    p.latency = summarize_latency(lat, {50, 90, 95, 99, 99.9, 99.99});
    p.latency_histogram = histogram_buckets(lat);
  }
  if (j.series.size() > 0) p.time_series = j.series;
  return p;
}

}  // namespace

Result fio_result(const fio::FioRun& run) {
  Result r;
  r.command = "fio";
  r.context = run.context;
  r.options = run.global_options;
  std::map<std::string, int> threads_per_name;
  for (const auto& j : run.jobs) ++threads_per_name[j.options.name];
  std::vector<std::string> described;
  for (const auto& j : run.jobs) {
    const std::string& name = j.options.name;
    if (std::find(described.begin(), described.end(), name) == described.end()) {
      described.push_back(name);
      for (const auto& [k, v] : j.options.given)
        r.options.emplace_back(fmt::format("{}.{}", name, k), v);
    }
    r.phases.push_back(
        job_phase(j, threads_per_name[name] > 1 ? fmt::format("{}#{}", name, j.jobnum) : name));
    if (j.error != 0) r.warnings.push_back(fmt::format("job {}: {}", name, j.error_text));
    if (auto w = fio::continued_errors_warning(j); !w.empty()) r.warnings.push_back(std::move(w));
    for (const auto& note : j.notes)
      if (std::find(r.notes.begin(), r.notes.end(), note) == r.notes.end()) r.notes.push_back(note);
  }
  if (run.activity && r.phases.size() == 1) r.phases.front().activity = run.activity;
  for (const auto& w : run.warnings) r.warnings.push_back(w);
  r.storage = run.storage;
  r.interrupted = run.interrupted;
  return r;
}

}  // namespace hostmark
