#include "output/fio_common.h"

namespace hostmark::fio_common {

fio::GroupStats group_of(const fio::FioRun& run, int groupid) {
  for (const auto& g : run.groups)
    if (g.groupid == groupid) return g;
  fio::GroupStats g;
  g.groupid = groupid;
  g.kb_base = run.run.kb_base;
  return g;
}

fio::LatSummary slat_summary(const fio::DirStats& d) {
  return d.has_slat ? fio::lat_summary(d.slat) : fio::LatSummary{};
}

fio::LatencyBuckets job_latency_buckets(const fio::JobStats& job) {
  std::vector<const Histogram*> clat;
  std::uint64_t total = 0;
  for (const auto& d : job.dirs) {
    clat.push_back(&d.clat);
    total += d.total_ios;
  }
  return fio::latency_buckets(clat, total);
}

int job_percentile_precision(const fio::FioRun& run, const fio::JobStats& job) {
  std::string written;
  for (const auto& [key, value] : run.global_options)
    if (key == "percentile_list") written = value;
  for (const auto& [key, value] : job.options.given)
    if (key == "percentile_list") written = value;
  return fio::percentile_precision(job.options.percentile_list, written);
}

std::string version_string(const fio::FioRun& run) {
  const std::string& v = run.context.hostmark_version;
  return "hostmark-" + (v.empty() ? std::string("unknown") : v);
}

std::uint64_t whole_iops(const fio::DirStats& d) {
  if (d.runtime_ns == 0) return 0;
  return static_cast<std::uint64_t>(static_cast<Uint128>(d.total_ios) * 1'000'000'000u /
                                    d.runtime_ns);
}

bool job_did_nothing(const fio::JobStats& job) {
  for (const auto& d : job.dirs)
    if (d.io_bytes != 0 || d.total_ios != 0) return false;
  return true;
}

}  // namespace hostmark::fio_common
