// fio 3.33's terse format, version 3 (stat.c: show_thread_status_terse_all): one line per job,
// fields separated by ';'. Field order, for reference (130 fields with one disk):
//   1 terse version; 2 version; 3 jobname; 4 groupid; 5 error;
//   read: 6 io KiB; 7 bw KiB/s; 8 iops; 9 runtime ms; slat us min, max, mean, dev;
//         clat us min, max, mean, dev; 20 percentiles "p%=us" (unused ones "0%=0");
//         lat us min, max, mean, dev; bw KiB/s min, max, agg %, mean, dev
//   write: the same 40 fields (trim is not in version 3);
//   cpu usr %, sys %, ctx, majf, minf; 7 io depths %; 10 usec latency % (with every sub-us I/O
//   counted in the first); 12 msec latency %; per disk: name, read ios, write ios, read merges,
//   write merges, read ticks, write ticks, in_queue, util %; then the description when set.
#include <fmt/format.h>

#include "output/fio_common.h"
#include "output/fio_report.h"

namespace hostmark {
namespace {

void write_lat_fields(const fio::LatSummary& s, std::ostream& out) {
  if (s.samples == 0) {
    out << ";0;0;0.000000;0.000000";
    return;
  }
  out << fmt::format(";{};{};{:f};{:f}", s.min_ns / 1000, s.max_ns / 1000, s.mean_ns / 1000,
                     s.stddev_ns / 1000);
}

void terse_write_dir(const fio::JobStats& job, std::size_t dir, std::ostream& out) {
  const fio::DirStats& d = job.dirs[dir];
  const fio::JobOptions& opt = job.options;
  out << fmt::format(";{};{};{};{}", d.io_bytes >> 10, d.bw_bytes_per_s() / 1024,
                     fio_common::whole_iops(d), d.runtime_ms());
  write_lat_fields(fio_common::slat_summary(d), out);
  write_lat_fields(fio::lat_summary(d.clat), out);
  std::vector<std::pair<double, std::uint64_t>> pct;
  if (opt.lat_percentiles) pct = fio::percentiles(d.lat, opt.percentile_list);
  else if (opt.clat_percentiles) pct = fio::percentiles(d.clat, opt.percentile_list);
  for (std::size_t i = 0; i < fio::kMaxPercentiles; ++i) {
    if (i < pct.size()) out << fmt::format(";{:f}%={}", pct[i].first, pct[i].second / 1000);
    else out << ";0%=0";
  }
  write_lat_fields(fio::lat_summary(d.lat), out);
  const fio::SampleStats& bw = d.bw_kib_s;
  if (bw.samples > 0) {
    out << fmt::format(";{};{};{:f}%;{:f};{:f}", bw.min, bw.max, bw.agg_percent, bw.mean,
                       bw.stddev);
  } else {
    out << ";0;0;0.000000%;0.000000;0.000000";
  }
}

void terse_write_job(const fio::FioRun& run, const fio::JobStats& job, std::ostream& out) {
  out << fmt::format("3;{};{};{};{}", fio_common::version_string(run), job.options.name,
                     job.groupid, job.error);
  terse_write_dir(job, 0, out);
  terse_write_dir(job, 1, out);
  out << fmt::format(";{:f}%;{:f}%;{};{};{}", job.usr_cpu_percent, job.sys_cpu_percent, job.ctx,
                     job.majf, job.minf);
  for (double p : job.depths.level) out << fmt::format(";{:3.1f}%", p);
  const fio::LatencyBuckets b = fio_common::job_latency_buckets(job);
  // fio keeps terse v3 unchanged since nsec buckets were added: all of them go in "2 us".
  std::array<double, 10> usec = b.usec;
  std::uint64_t below_us = 0;
  for (std::uint64_t c : b.nsec_count) below_us += c;
  if (b.total_ios)
    usec[0] += 100.0 * static_cast<double>(below_us) / static_cast<double>(b.total_ios);
  for (double p : usec) out << fmt::format(";{:3.2f}%", p);
  for (double p : b.msec) out << fmt::format(";{:3.2f}%", p);
  for (const auto& d : run.disks) {
    out << fmt::format(";{};{};{};{};{};{};{};{};{:3.2f}%", d.name, d.read_ios, d.write_ios,
                       d.read_merges, d.write_merges, d.read_ticks_ms, d.write_ticks_ms,
                       d.in_queue_ms, d.util_percent);
  }
  if (!job.options.description.empty()) out << ';' << job.options.description;
  out << '\n';
}

}  // namespace

void write_fio_terse(const fio::FioRun& run, std::ostream& out) {
  for (const auto& job : run.jobs) terse_write_job(run, job, out);
}

}  // namespace hostmark
