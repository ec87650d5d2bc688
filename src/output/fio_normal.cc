// fio 3.33's normal text (stat.c: show_thread_status_normal, show_group_stats, show_disk_util),
// line for line, from a FioRun.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <span>
#include <string>
#include <utility>

#include "output/activity_text.h"
#include "output/fio_common.h"
#include "output/fio_report.h"
#include "output/fio_text.h"

namespace hostmark {
namespace {

using fio::DirStats;
using fio::FioRun;
using fio::JobStats;
using fio::LatSummary;

// "    clat (usec): min=26, max=767, avg=92.22, stdev=39.57": the unit is scaled down only when
// the minimum, maximum and spread are all large in it (fio's nsec_to_usec/nsec_to_msec).
void write_lat_line(const char* name, const LatSummary& s, std::ostream& out) {
  std::uint64_t min = s.min_ns;
  std::uint64_t max = s.max_ns;
  double mean = s.mean_ns;
  double dev = s.stddev_ns;
  const char* unit = "(nsec)";
  if (min > 2'000'000 && max > 99'999'999 && dev > 1'000'000.0) {
    min /= 1'000'000;
    max /= 1'000'000;
    mean /= 1e6;
    dev /= 1e6;
    unit = "(msec)";
  } else if (min > 2000 && max > 99'999 && dev > 1000.0) {
    min /= 1000;
    max /= 1000;
    mean /= 1e3;
    dev /= 1e3;
    unit = "(usec)";
  }
  out << fmt::format("    {} {}: min={}, max={}, avg={:5.2f}, stdev={:5.2f}\n", name, unit,
                     fio_num2str(min, 6, 1, false, FioUnit::kNone),
                     fio_num2str(max, 6, 1, false, FioUnit::kNone), mean, dev);
}

std::size_t decimal_digits(std::uint64_t v) { return v == 0 ? 0 : fmt::formatted_size("{}", v); }

// "    clat percentiles (usec):" and the "     |  1.00th=[   46], ..." lines.
void write_percentiles(const char* name, const Histogram& h, const std::vector<double>& list,
                       int precision, std::ostream& out) {
  auto values = fio::percentiles(h, list);
  if (values.empty()) return;
  std::uint64_t minv = UINT64_MAX;
  std::uint64_t maxv = 0;
  for (const auto& [p, v] : values) {
    minv = std::min(minv, v);
    maxv = std::max(maxv, v);
  }
  int scale_down = 0;
  std::uint64_t divisor = 1;
  const char* unit = "nsec";
  if (minv > 2'000'000 && maxv > 99'999'999) {
    scale_down = 2;
    divisor = 1'000'000;
    unit = "msec";
  } else if (minv > 2000 && maxv > 99'999) {
    scale_down = 1;
    divisor = 1000;
    unit = "usec";
  }
  out << fmt::format("    {} percentiles ({}):\n     |", name, unit);
  const int time_width = std::max(5, static_cast<int>(decimal_digits(maxv / divisor)));
  const std::size_t per_line = static_cast<std::size_t>((80 - 7) / (precision + 10 + time_width));
  for (std::size_t j = 0; j < values.size(); ++j) {
    if (j != 0 && j % per_line == 0) out << "     |";
    const bool last = j + 1 == values.size();
    std::uint64_t v = values[j].second;
    for (int i = 0; i < scale_down; ++i) v = (v + 999) / 1000;
    out << fmt::format(" {:{}.{}f}th=[{:{}}]{}", values[j].first, precision + 3, precision, v,
                       time_width, last ? '\n' : ',');
    if (last) break;
    if (j % per_line == per_line - 1) out << '\n';
  }
}

void write_samples(const DirStats& d, unsigned kb_base, std::ostream& out) {
  const fio::SampleStats& bw = d.bw_kib_s;
  if (bw.samples > 0) {
    std::uint64_t min = bw.min;
    std::uint64_t max = bw.max;
    double mean = bw.mean;
    double dev = bw.stddev;
    const char* label = fio_common::binary_units(kb_base) ? "KiB" : "kB";
    const double base = static_cast<double>(kb_base);
    if (mean > base * base) {  // fio switches to MiB/s past 1 GiB/s
      min = static_cast<std::uint64_t>(static_cast<double>(min) / base);
      max = static_cast<std::uint64_t>(static_cast<double>(max) / base);
      mean /= base;
      dev /= base;
      label = "MiB";
    }
    out << fmt::format(
        "   bw ({:>5}/s): min={:5}, max={:5}, per={:3.2f}%, avg={:5.2f}, stdev={:5.2f}, "
        "samples={}\n",
        label, min, max, bw.agg_percent, mean, dev, bw.samples);
  }
  const fio::SampleStats& io = d.iops;
  if (io.samples > 0) {
    out << fmt::format(
        "   iops        : min={:5}, max={:5}, avg={:5.2f}, stdev={:5.2f}, samples={}\n", io.min,
        io.max, io.mean, io.stddev, io.samples);
  }
}

// One direction's block ("  read: IOPS=..."); `label` is read, write, trim or mixed.
void write_dir(const FioRun& run, const JobStats& job, const DirStats& d, std::string_view label,
               unsigned kb_base, std::ostream& out) {
  if (d.runtime_ms() == 0) return;
  const bool i2p = fio_common::binary_units(kb_base);
  const std::uint64_t bw = d.bw_bytes_per_s();
  const std::uint64_t iops = fio_common::whole_iops(d);
  out << fmt::format("  {}: IOPS={}, BW={} ({})({}/{}msec){}\n", label,
                     fio_num2str(iops, 4, 1, false, FioUnit::kNone),
                     fio_num2str(bw, 4, 1, i2p, FioUnit::kBytePerSec),
                     fio_num2str(bw, 4, 1, !i2p, FioUnit::kBytePerSec),
                     fio_num2str(d.io_bytes, 4, 1, i2p, FioUnit::kByte), d.runtime_ms(),
                     label == "write" ? "; 0 zone resets" : "");
  const LatSummary slat = fio_common::slat_summary(d);
  const LatSummary clat = fio::lat_summary(d.clat);
  const LatSummary lat = fio::lat_summary(d.lat);
  if (slat.samples) write_lat_line("slat", slat, out);
  if (clat.samples) write_lat_line("clat", clat, out);
  if (lat.samples) write_lat_line(" lat", lat, out);
  const fio::JobOptions& o = job.options;
  const int precision = fio_common::job_percentile_precision(run, job);
  if (o.slat_percentiles && slat.samples)
    write_percentiles("slat", d.slat, o.percentile_list, precision, out);
  if (o.clat_percentiles && clat.samples)
    write_percentiles("clat", d.clat, o.percentile_list, precision, out);
  if (o.lat_percentiles && lat.samples)
    write_percentiles("lat", d.lat, o.percentile_list, precision, out);
  write_samples(d, kb_base, out);
}

template <std::size_t N>
void write_lat_table(const char* unit, const std::array<double, N>& pct,
                     const std::array<const char*, N>& labels, std::ostream& out) {
  int on_line = 0;
  bool shown = false;
  for (std::size_t i = 0; i < N; ++i) {
    if (pct[i] <= 0.0) continue;
    if (on_line == 0) out << (shown ? "\n" : "") << fmt::format("  lat ({})   : ", unit);
    if (on_line != 0) out << ", ";
    out << fmt::format("{}={:3.2f}%", labels[i], pct[i]);
    shown = true;
    on_line = on_line == 4 ? 0 : on_line + 1;
  }
  if (shown) out << '\n';
}

void write_depths(const char* title, const char* const* labels, const std::array<double, 7>& pct,
                  std::ostream& out) {
  out << title;
  for (std::size_t i = 0; i < 7; ++i)
    out << fmt::format("{}{}={:3.1f}%", i ? ", " : "", labels[i], pct[i]);
  out << '\n';
}

void write_job(const FioRun& run, const JobStats& job, std::ostream& out) {
  if (fio_common::job_did_nothing(job)) return;
  const fio::GroupStats group = fio_common::group_of(run, job.groupid);
  const std::string when = fio_ctime(run.timestamp_unix_s);
  if (job.error == 0) {
    out << fmt::format("{}: (groupid={}, jobs={}): err={:2d}: pid={}: {}\n", job.options.name,
                       job.groupid, job.members, job.error, job.tid, when);
  } else {
    out << fmt::format("{}: (groupid={}, jobs={}): err={:2d} ({}): pid={}: {}\n", job.options.name,
                       job.groupid, job.members, job.error, job.error_text, job.tid, when);
  }
  if (!job.options.description.empty())
    out << fmt::format("  Description  : [{}]\n", job.options.description);
  if (job.options.unified_rw_reporting != fio::UnifiedRw::kMixed) {
    for (int dir = 0; dir < fio::kDirs; ++dir) {
      const DirStats& d = job.dirs[static_cast<std::size_t>(dir)];
      if (d.io_bytes != 0) write_dir(run, job, d, fio_common::kDirNames[dir], group.kb_base, out);
    }
  }
  if (job.mixed && job.mixed->io_bytes != 0)
    write_dir(run, job, *job.mixed, "mixed", group.kb_base, out);

  const fio::LatencyBuckets buckets = fio_common::job_latency_buckets(job);
  write_lat_table("nsec", buckets.nsec, fio::LatencyBuckets::kLabels, out);
  write_lat_table("usec", buckets.usec, fio::LatencyBuckets::kLabels, out);
  write_lat_table("msec", buckets.msec, fio::LatencyBuckets::kMsecLabels, out);

  const LatSummary sync = fio::lat_summary(job.sync_lat);
  if (sync.samples) {
    out << "  fsync/fdatasync/sync_file_range:\n";
    write_lat_line("sync", sync, out);
    write_percentiles("sync", job.sync_lat, job.options.percentile_list,
                      fio_common::job_percentile_precision(run, job), out);
  }

  out << fmt::format("  cpu          : usr={:3.2f}%, sys={:3.2f}%, ctx={}, majf={}, minf={}\n",
                     job.usr_cpu_percent, job.sys_cpu_percent, job.ctx, job.majf, job.minf);
  static constexpr const char* kLevels[] = {"1", "2", "4", "8", "16", "32", ">=64"};
  static constexpr const char* kBatches[] = {"0", "4", "8", "16", "32", "64", ">=64"};
  write_depths("  IO depths    : ", kLevels, job.depths.level, out);
  write_depths("     submit    : ", kBatches, job.depths.submit, out);
  write_depths("     complete  : ", kBatches, job.depths.complete, out);
  fio::DepthStats ds = job.depths;
  if (job.options.unified_rw_reporting == fio::UnifiedRw::kMixed) {  // fio counts all as reads
    for (int i = 1; i < fio::kDirs; ++i) {
      ds.issued[0] += std::exchange(ds.issued[i], 0);
      ds.short_ios[0] += std::exchange(ds.short_ios[i], 0);
      ds.dropped[0] += std::exchange(ds.dropped[i], 0);
    }
  }
  out << fmt::format("     issued rwts: total={},{},{},{} short={},{},{},0 dropped={},{},{},0\n",
                     ds.issued[0], ds.issued[1], ds.issued[2], job.sync_total, ds.short_ios[0],
                     ds.short_ios[1], ds.short_ios[2], ds.dropped[0], ds.dropped[1], ds.dropped[2]);
  if (job.options.continue_on_error != 0)
    out << fmt::format("     errors    : total={}, first_error={}/<{}>\n", job.failed_ios,
                       job.first_error, std::strerror(job.first_error));
  // hostmark has no latency_target mode: fio's defaults (target 0, window 0, 100 %).
  out << fmt::format("     latency   : target=0, window=0, percentile=100.00%, depth={}\n",
                     job.options.iodepth);
}

// One "Run status group" line: direction `i` of `g`, labelled `name` ("   READ", "  MIXED").
void write_group_line(const fio::GroupStats& g, std::size_t i, const char* name,
                      std::ostream& out) {
  if (g.max_runtime_ns[i] == 0) return;
  const bool i2p = fio_common::binary_units(g.kb_base);
  const auto rate = [&](std::uint64_t v, bool pow2) {
    return fio_num2str(v, 4, 1, pow2, FioUnit::kBytePerSec);
  };
  out << fmt::format("{}: bw={} ({}), {}-{} ({}-{}), io={} ({}), run={}-{}msec\n", name,
                     rate(g.agg_bytes_per_s[i], i2p), rate(g.agg_bytes_per_s[i], !i2p),
                     rate(g.min_bytes_per_s[i], i2p), rate(g.max_bytes_per_s[i], i2p),
                     rate(g.min_bytes_per_s[i], !i2p), rate(g.max_bytes_per_s[i], !i2p),
                     fio_num2str(g.io_bytes[i], 4, 1, i2p, FioUnit::kByte),
                     fio_num2str(g.io_bytes[i], 4, 1, !i2p, FioUnit::kByte),
                     fio::ceil_ms(g.min_runtime_ns[i]), fio::ceil_ms(g.max_runtime_ns[i]));
}

// The group's lines: per direction, then MIXED (unified_rw_reporting=both), or MIXED alone.
void write_group(const fio::FioRun& run, const fio::GroupStats& g, std::ostream& out) {
  static constexpr const char* kNames[] = {"   READ", "  WRITE", "   TRIM"};
  out << fmt::format("\nRun status group {} (all jobs):\n", g.groupid);
  const auto mixed = std::find_if(run.mixed_groups.begin(), run.mixed_groups.end(),
                                  [&](const auto& m) { return m.groupid == g.groupid; });
  const auto job = std::find_if(run.jobs.begin(), run.jobs.end(),
                                [&](const auto& j) { return j.groupid == g.groupid; });
  const bool only_mixed = mixed != run.mixed_groups.end() && job != run.jobs.end() &&
                          job->options.unified_rw_reporting == fio::UnifiedRw::kMixed;
  if (!only_mixed)
    for (std::size_t i = 0; i < static_cast<std::size_t>(fio::kDirs); ++i)
      write_group_line(g, i, kNames[i], out);
  if (mixed != run.mixed_groups.end()) write_group_line(*mixed, 0, "  MIXED", out);
}

}  // namespace

void write_fio_normal(const fio::FioRun& run, std::ostream& out) {
  out << '\n';  // fio starts its normal text with an empty line ("don't overwrite last signal
                // output")
  for (const auto& job : run.jobs) write_job(run, job, out);
  for (const auto& g : run.groups) write_group(run, g, out);
  if (!run.disks.empty()) {
    out << "\nDisk stats (read/write):\n";
    for (const auto& d : run.disks) {
      out << fmt::format("  {}: ios={}/{}, merge={}/{}, ticks={}/{}, in_queue={}, util={:3.2f}%\n",
                         d.name, d.read_ios, d.write_ios, d.read_merges, d.write_merges,
                         d.read_ticks_ms, d.write_ticks_ms, d.in_queue_ms, d.util_percent);
    }
  }
  if (run.activity) {  // --monitor: hostmark's block, after everything fio prints
    const std::pair<std::string, PhaseActivity> row{"all jobs", *run.activity};
    write_activity_table(std::span(&row, 1), out);
  }
}

}  // namespace hostmark
