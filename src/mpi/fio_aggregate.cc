#include "mpi/fio_aggregate.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "io/group_stats.h"
#include "stats/time_series.h"

namespace hostmark::mpi {
namespace {

std::uint64_t per_second(std::uint64_t bytes, std::uint64_t ns) {
  return ns ? static_cast<std::uint64_t>(static_cast<double>(bytes) * 1e9 / static_cast<double>(ns))
            : 0;
}

// A rank's job with its error messages naming the rank: "rank 3 (node7): <message>".
fio::JobStats named_by_rank(fio::JobStats job, const RankRun& r) {
  const std::string who = fmt::format("rank {} ({}): ", r.rank, r.host);
  if (!job.error_text.empty()) job.error_text = who + job.error_text;
  if (!job.first_error_text.empty()) job.first_error_text = who + job.first_error_text;
  return job;
}

}  // namespace

std::uint64_t job_ios(const fio::JobStats& job) {
  std::uint64_t n = 0;
  for (const auto& d : job.dirs) n += d.total_ios;
  return n;
}

fio::FioRun aggregate_fio_runs(fio::FioRun base, const std::vector<RankRun>& ranks) {
  std::vector<fio::JobStats> every;
  for (const auto& r : ranks) every.insert(every.end(), r.jobs.begin(), r.jobs.end());
  const std::size_t jobs = ranks.empty() ? 0 : ranks.front().jobs.size();
  std::vector<fio::JobStats> merged;
  for (std::size_t i = 0; i < jobs; ++i) {
    std::vector<fio::JobStats> copies;
    int members = 0;
    for (const auto& r : ranks) {
      if (i >= r.jobs.size()) continue;
      copies.push_back(named_by_rank(r.jobs[i], r));
      members += r.jobs[i].members;
    }
    // Same groupid: one JobStats; failed I/Os summed, the first error that of the lowest rank
    // that had one. The series are added sample by sample, each aligned at its rank's measured
    // start on its own clock (100 ms samples from the rank's start): the ranks start together
    // after a barrier, so the sum is right to within that barrier's skew between the ranks.
    auto one = io::merge_groups(std::move(copies));
    one.front().members = members;
    merged.push_back(std::move(one.front()));
  }
  base.groups = io::group_totals(every, base.run.kb_base);
  io::set_bandwidth_shares(merged, base.groups);
  base.interrupted = base.interrupted || std::any_of(merged.begin(), merged.end(),
                                                     [](const auto& j) { return j.interrupted; });
  base.jobs = std::move(merged);
  return base;
}

DistSummary summarize_ranks(const std::vector<RankRun>& ranks) {
  DistSummary s;
  s.ranks = static_cast<int>(ranks.size());
  std::map<std::string, std::size_t> host_index;
  for (const auto& r : ranks) {
    RankRow row;
    row.rank = r.rank;
    row.host = r.host;
    row.stonewall_ios = r.stonewall_ios;
    row.wearout_ios = r.wearout_ios;
    Histogram clat;
    for (const auto& j : r.jobs) {
      for (int d = 0; d < fio::kDirs; ++d) {
        row.io_bytes[d] += j.dirs[d].io_bytes;
        row.ios[d] += j.dirs[d].total_ios;
        row.runtime_ns = std::max(row.runtime_ns, j.dirs[d].runtime_ns);
        clat.merge(j.dirs[d].clat);
      }
      row.errors += j.error != 0 ? 1 : 0;
      row.failed_ios += j.failed_ios;
    }
    std::uint64_t bytes = 0;
    for (auto b : row.io_bytes) bytes += b;
    row.bytes_per_s = per_second(bytes, row.runtime_ns);
    row.clat_mean_ns = static_cast<std::uint64_t>(clat.mean_ns());
    row.clat_p99_ns = clat.percentile_ns(99);
    auto [it, fresh] = host_index.emplace(r.host, s.host_rows.size());
    if (fresh) s.host_rows.push_back(HostRow{r.host, {}, {}, 0, 0});
    HostRow& h = s.host_rows[it->second];
    h.ranks.push_back(r.rank);
    for (int d = 0; d < fio::kDirs; ++d) h.io_bytes[d] += row.io_bytes[d];
    h.runtime_ns = std::max(h.runtime_ns, row.runtime_ns);
    s.rank_rows.push_back(std::move(row));
  }
  for (auto& h : s.host_rows) {
    std::uint64_t bytes = 0;
    for (auto b : h.io_bytes) bytes += b;
    h.bytes_per_s = per_second(bytes, h.runtime_ns);
  }
  s.nodes = static_cast<int>(s.host_rows.size());
  return s;
}

void append_pass(fio::JobStats& into, const fio::JobStats& later) {
  for (int d = 0; d < fio::kDirs; ++d) {
    auto& a = into.dirs[d];
    const auto& b = later.dirs[d];
    a.io_bytes += b.io_bytes;
    a.total_ios += b.total_ios;
    a.short_ios += b.short_ios;
    a.drop_ios += b.drop_ios;
    a.runtime_ns += b.runtime_ns;
    a.has_slat = a.has_slat || b.has_slat;
    a.slat.merge(b.slat);
    a.clat.merge(b.clat);
    a.lat.merge(b.lat);
    into.depths.issued[d] += later.depths.issued[d];
  }
  into.sync_lat.merge(later.sync_lat);
  into.sync_total += later.sync_total;
  into.ctx += later.ctx;
  into.majf += later.majf;
  into.minf += later.minf;
  into.elapsed_ns += later.elapsed_ns;
  into.measured_ns += later.measured_ns;
  if (into.error == 0 && later.error != 0) {
    into.error = later.error;
    into.error_text = later.error_text;
  }
  into.failed_ios += later.failed_ios;
  if (into.first_error == 0 && later.first_error != 0) {
    into.first_error = later.first_error;
    into.first_error_text = later.first_error_text;
  }
  into.series = append_time_series(into.series, later.series);
  into.interrupted = into.interrupted || later.interrupted;
  for (const auto& note : later.notes)
    if (std::find(into.notes.begin(), into.notes.end(), note) == into.notes.end())
      into.notes.push_back(note);
}

}  // namespace hostmark::mpi
