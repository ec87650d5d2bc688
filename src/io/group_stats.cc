#include "io/group_stats.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "stats/time_series.h"

namespace hostmark::io {
namespace {

std::uint64_t job_bw(const fio::DirStats& d) {
  return d.runtime_ns ? static_cast<std::uint64_t>(static_cast<double>(d.io_bytes) * 1e9 /
                                                   static_cast<double>(d.runtime_ns))
                      : 0;
}

void add_samples(fio::SampleStats& into, const fio::SampleStats& s, bool first) {
  if (first) {
    into = s;
    return;
  }
  into.min += s.min;
  into.max += s.max;
  into.mean += s.mean;
  into.stddev = std::sqrt(into.stddev * into.stddev + s.stddev * s.stddev);
  into.samples += s.samples;
}

void add_dir(fio::DirStats& into, const fio::DirStats& d, bool first) {
  into.io_bytes += d.io_bytes;
  into.total_ios += d.total_ios;
  into.short_ios += d.short_ios;
  into.drop_ios += d.drop_ios;
  into.runtime_ns = std::max(into.runtime_ns, d.runtime_ns);
  into.has_slat = into.has_slat || d.has_slat;
  into.slat.merge(d.slat);
  into.clat.merge(d.clat);
  into.lat.merge(d.lat);
  add_samples(into.bw_kib_s, d.bw_kib_s, first);
  add_samples(into.iops, d.iops, first);
}

// A job's share of its group's aggregate bandwidth in percent: fio caps it at 100 % (and says
// 100 % for aggregates of at most 1 KiB/s).
double agg_share(double mean_kib_s, std::uint64_t agg_bytes_per_s) {
  const double agg_kib = static_cast<double>(agg_bytes_per_s) / 1024.0;
  return agg_kib > 1.0 ? std::min(100.0, 100.0 * mean_kib_s / agg_kib) : 100.0;
}

}  // namespace

std::vector<fio::GroupStats> group_totals(const std::vector<fio::JobStats>& jobs,
                                          unsigned kb_base) {
  std::map<int, fio::GroupStats> groups;
  std::map<int, bool> seen_dir[fio::kDirs];
  for (const auto& j : jobs) {
    auto& g = groups[j.groupid];
    g.groupid = j.groupid;
    g.kb_base = kb_base;
    for (int i = 0; i < fio::kDirs; ++i) {
      const auto& d = j.dirs[i];
      if (d.total_ios == 0 && d.runtime_ns == 0) continue;
      const std::uint64_t bw = job_bw(d);
      const bool first = !seen_dir[i][j.groupid];
      seen_dir[i][j.groupid] = true;
      g.io_bytes[i] += d.io_bytes;
      g.min_bytes_per_s[i] = first ? bw : std::min(g.min_bytes_per_s[i], bw);
      g.max_bytes_per_s[i] = first ? bw : std::max(g.max_bytes_per_s[i], bw);
      g.min_runtime_ns[i] = first ? d.runtime_ns : std::min(g.min_runtime_ns[i], d.runtime_ns);
      g.max_runtime_ns[i] = first ? d.runtime_ns : std::max(g.max_runtime_ns[i], d.runtime_ns);
    }
  }
  std::vector<fio::GroupStats> out;
  for (auto& [id, g] : groups) {
    for (int i = 0; i < fio::kDirs; ++i) {
      g.agg_bytes_per_s[i] =
          g.max_runtime_ns[i]
              ? static_cast<std::uint64_t>(static_cast<double>(g.io_bytes[i]) * 1e9 /
                                           static_cast<double>(g.max_runtime_ns[i]))
              : 0;
    }
    out.push_back(g);
  }
  return out;
}

std::vector<fio::JobStats> merge_groups(std::vector<fio::JobStats> jobs) {
  std::vector<fio::JobStats> out;
  std::map<int, std::size_t> index;
  std::map<int, int> members;
  for (auto& j : jobs) {
    auto it = index.find(j.groupid);
    if (it == index.end()) {
      index[j.groupid] = out.size();
      members[j.groupid] = 1;
      out.push_back(std::move(j));
      continue;
    }
    auto& g = out[it->second];
    const int n = ++members[j.groupid];
    g.members = n;  // fio's "jobs=" of the merged block (was left at 1)
    for (int i = 0; i < fio::kDirs; ++i) add_dir(g.dirs[i], j.dirs[i], false);
    g.sync_lat.merge(j.sync_lat);
    g.sync_total += j.sync_total;
    g.series = add_time_series(g.series, j.series);
    // Running averages of the per-job CPU shares.
    g.usr_cpu_percent += (j.usr_cpu_percent - g.usr_cpu_percent) / n;
    g.sys_cpu_percent += (j.sys_cpu_percent - g.sys_cpu_percent) / n;
    g.ctx += j.ctx;
    g.majf += j.majf;
    g.minf += j.minf;
    std::uint64_t gi = 0, ji = 0;
    for (int i = 0; i < fio::kDirs; ++i) {
      gi += g.depths.issued[i];
      ji += j.depths.issued[i];
    }
    const double w = gi + ji ? static_cast<double>(ji) / static_cast<double>(gi + ji) : 0.0;
    auto blend = [w](std::array<double, 7>& a, const std::array<double, 7>& b) {
      for (std::size_t k = 0; k < a.size(); ++k) a[k] = a[k] * (1 - w) + b[k] * w;
    };
    blend(g.depths.level, j.depths.level);
    blend(g.depths.submit, j.depths.submit);
    blend(g.depths.complete, j.depths.complete);
    for (int i = 0; i < fio::kDirs; ++i) {
      g.depths.issued[i] += j.depths.issued[i];
      g.depths.short_ios[i] += j.depths.short_ios[i];
      g.depths.dropped[i] += j.depths.dropped[i];
    }
    g.elapsed_ns = std::max(g.elapsed_ns, j.elapsed_ns);
    g.measured_ns = std::max(g.measured_ns, j.measured_ns);
    g.failed_ios += j.failed_ios;
    if (g.first_error == 0 && j.first_error != 0) {
      g.first_error = j.first_error;
      g.first_error_text = j.first_error_text;
    }
    if (g.error == 0 && j.error != 0) {
      g.error = j.error;
      g.error_text = j.error_text;
    }
    g.interrupted = g.interrupted || j.interrupted;
    for (auto& note : j.notes)
      if (std::find(g.notes.begin(), g.notes.end(), note) == g.notes.end()) g.notes.push_back(note);
  }
  return out;
}

std::vector<fio::GroupStats> add_mixed(std::vector<fio::JobStats>& jobs, unsigned kb_base) {
  std::vector<fio::JobStats> as_read;  // each unified job with its mixed stats as direction 0
  for (auto& j : jobs) {
    if (j.options.unified_rw_reporting == fio::UnifiedRw::kNone) continue;
    fio::DirStats m;
    bool first = true;
    for (const auto& d : j.dirs) {
      if (d.total_ios == 0 && d.runtime_ns == 0) continue;
      add_dir(m, d, first);
      first = false;
    }
    j.mixed = m;
    fio::JobStats r;
    r.groupid = j.groupid;
    r.dirs[0] = m;
    as_read.push_back(std::move(r));
  }
  auto groups = group_totals(as_read, kb_base);
  for (auto& j : jobs) {
    if (!j.mixed) continue;
    for (const auto& g : groups) {
      if (g.groupid != j.groupid) continue;
      j.mixed->bw_kib_s.agg_percent = agg_share(j.mixed->bw_kib_s.mean, g.agg_bytes_per_s[0]);
    }
  }
  return groups;
}

void set_bandwidth_shares(std::vector<fio::JobStats>& jobs,
                          const std::vector<fio::GroupStats>& groups) {
  for (auto& j : jobs) {
    for (const auto& g : groups) {
      if (g.groupid != j.groupid) continue;
      for (int i = 0; i < fio::kDirs; ++i)
        j.dirs[i].bw_kib_s.agg_percent = agg_share(j.dirs[i].bw_kib_s.mean, g.agg_bytes_per_s[i]);
    }
  }
}

}  // namespace hostmark::io
