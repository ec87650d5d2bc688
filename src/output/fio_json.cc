// fio 3.33's JSON and json+ documents (stat.c: show_thread_status_json, add_ddir_status_json,
// add_ddir_lat_json, json_array_add_disk_util), with a "hostmark" object added at the top level.
// Keys, order and units are fio's; integers stay integers and fio's floats are doubles.
#include <fmt/format.h>

#include "output/fio_common.h"
#include "output/fio_report.h"
#include "output/fio_text.h"
#include "results/activity_json.h"
#include "results/result_to_json.h"
#include "results/storage_json.h"

namespace hostmark {
namespace {

using nlohmann::ordered_json;

// {"min", "max", "mean", "stddev", "N"} in ns, plus "percentile" ({"99.000000": ns}) when asked
// for and there are samples, plus json+'s "bins" ({"<bucket midpoint ns>": count}).
ordered_json lat_json(const Histogram& h, const fio::LatSummary& s, bool with_percentiles,
                      const std::vector<double>& list, bool plus) {
  ordered_json o;
  o["min"] = s.min_ns;
  o["max"] = s.max_ns;
  o["mean"] = s.mean_ns;
  o["stddev"] = s.stddev_ns;
  o["N"] = s.samples;
  if (!with_percentiles || s.samples == 0) return o;
  ordered_json pct = ordered_json::object();
  for (const auto& [p, v] : fio::percentiles(h, list)) pct[fmt::format("{:f}", p)] = v;
  o["percentile"] = std::move(pct);
  if (plus) {
    ordered_json bins = ordered_json::object();
    for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
      const std::uint64_t c = h.bucket_count(i);
      if (c == 0) continue;
      const std::uint64_t lo = Histogram::bucket_lower(i);
      bins[fmt::format("{}", lo + (Histogram::bucket_upper(i) - lo) / 2)] = c;
    }
    o["bins"] = std::move(bins);
  }
  return o;
}

ordered_json dir_json(const fio::DirStats& d, const fio::JobOptions& opt, bool plus) {
  ordered_json o;
  const std::uint64_t bw_bytes = d.bw_bytes_per_s();
  o["io_bytes"] = d.io_bytes;
  o["io_kbytes"] = d.io_bytes >> 10;
  o["bw_bytes"] = bw_bytes;
  o["bw"] = bw_bytes / 1024;  // KiB/s whatever kb_base, as fio
  o["iops"] = d.iops_mean();
  o["runtime"] = d.runtime_ms();
  o["total_ios"] = d.total_ios;
  o["short_ios"] = d.short_ios;
  o["drop_ios"] = d.drop_ios;
  const auto& list = opt.percentile_list;
  o["slat_ns"] =
      lat_json(d.slat, fio_common::slat_summary(d), opt.slat_percentiles && d.has_slat, list, plus);
  o["clat_ns"] = lat_json(d.clat, fio::lat_summary(d.clat), opt.clat_percentiles, list, plus);
  o["lat_ns"] = lat_json(d.lat, fio::lat_summary(d.lat), opt.lat_percentiles, list, plus);
  const fio::SampleStats& bw = d.bw_kib_s;
  const bool has_bw = bw.samples > 0;
  o["bw_min"] = has_bw ? bw.min : 0;
  o["bw_max"] = has_bw ? bw.max : 0;
  o["bw_agg"] = has_bw ? bw.agg_percent : 0.0;
  o["bw_mean"] = has_bw ? bw.mean : 0.0;
  o["bw_dev"] = has_bw ? bw.stddev : 0.0;
  o["bw_samples"] = bw.samples;
  const fio::SampleStats& io = d.iops;
  const bool has_io = io.samples > 0;
  o["iops_min"] = has_io ? io.min : 0;
  o["iops_max"] = has_io ? io.max : 0;
  o["iops_mean"] = has_io ? io.mean : 0.0;
  o["iops_stddev"] = has_io ? io.stddev : 0.0;
  o["iops_samples"] = io.samples;
  return o;
}

template <std::size_t N>
ordered_json percent_table(const std::array<const char*, N>& labels,
                           const std::array<double, N>& pct) {
  ordered_json o = ordered_json::object();
  for (std::size_t i = 0; i < N; ++i) o[labels[i]] = pct[i];
  return o;
}

ordered_json job_json(const fio::JobStats& job, bool plus) {
  ordered_json o;
  o["jobname"] = job.options.name;
  o["groupid"] = job.groupid;
  o["error"] = job.error;
  o["eta"] = 0;  // the run is over (fio writes INT_MAX here)
  o["elapsed"] = (job.elapsed_ns + 999'999'999) / 1'000'000'000;  // whole seconds, rounded up
  if (!job.options.given.empty()) {
    ordered_json given = ordered_json::object();
    for (const auto& [k, v] : job.options.given) given[k] = v;
    o["job options"] = std::move(given);
  }
  // unified_rw_reporting=mixed: "mixed" stands for read, write, trim and sync, as in fio.
  if (job.options.unified_rw_reporting != fio::UnifiedRw::kMixed) {
    for (int dir = 0; dir < fio::kDirs; ++dir)
      o[fio_common::kDirNames[dir]] =
          dir_json(job.dirs[static_cast<std::size_t>(dir)], job.options, plus);
    ordered_json sync;
    sync["total_ios"] = job.sync_total;
    sync["lat_ns"] = lat_json(job.sync_lat, fio::lat_summary(job.sync_lat),
                              job.options.lat_percentiles || job.options.clat_percentiles,
                              job.options.percentile_list, plus);
    o["sync"] = std::move(sync);
  }
  if (job.mixed) o["mixed"] = dir_json(*job.mixed, job.options, plus);
  o["job_runtime"] = fio::ceil_ms(job.measured_ns ? job.measured_ns : job.elapsed_ns);
  o["usr_cpu"] = job.usr_cpu_percent;
  o["sys_cpu"] = job.sys_cpu_percent;
  o["ctx"] = job.ctx;
  o["majf"] = job.majf;
  o["minf"] = job.minf;
  static constexpr std::array<const char*, 7> kLevels{"1", "2", "4", "8", "16", "32", ">=64"};
  static constexpr std::array<const char*, 7> kBatches{"0", "4", "8", "16", "32", "64", ">=64"};
  o["iodepth_level"] = percent_table(kLevels, job.depths.level);
  o["iodepth_submit"] = percent_table(kBatches, job.depths.submit);
  o["iodepth_complete"] = percent_table(kBatches, job.depths.complete);
  const fio::LatencyBuckets b = fio_common::job_latency_buckets(job);
  o["latency_ns"] = percent_table(fio::LatencyBuckets::kLabels, b.nsec);
  o["latency_us"] = percent_table(fio::LatencyBuckets::kLabels, b.usec);
  o["latency_ms"] = percent_table(fio::LatencyBuckets::kMsecLabels, b.msec);
  if (job.options.continue_on_error != 0) {  // as fio: only when continue_on_error is set
    o["total_err"] = job.failed_ios;
    o["first_error"] = job.first_error;
  }
  // No latency_target mode in hostmark: fio's values for a job without one.
  o["latency_depth"] = job.options.iodepth;
  o["latency_target"] = 0;
  o["latency_percentile"] = 100.0;
  o["latency_window"] = 0;
  if (!job.options.description.empty()) o["desc"] = job.options.description;
  return o;
}

ordered_json disk_json(const fio::DiskUtil& d) {
  ordered_json o;
  o["name"] = d.name;
  o["read_ios"] = d.read_ios;
  o["write_ios"] = d.write_ios;
  o["read_merges"] = d.read_merges;
  o["write_merges"] = d.write_merges;
  o["read_ticks"] = d.read_ticks_ms;
  o["write_ticks"] = d.write_ticks_ms;
  o["in_queue"] = d.in_queue_ms;
  o["util"] = d.util_percent;
  return o;
}

ordered_json hostmark_json(const fio::FioRun& run, bool plus) {
  ordered_json o;
  o["version"] = run.context.hostmark_version;
  o["context"] = ordered_json(context_to_json(run.context));
  ordered_json notes = ordered_json::array();
  bool interrupted = run.interrupted;
  for (const auto& job : run.jobs) {
    for (const auto& n : job.notes) notes.push_back(job.options.name + ": " + n);
    interrupted = interrupted || job.interrupted;
  }
  if (plus) {
    notes.push_back(
        "json+ bins are hostmark histogram buckets keyed by their midpoint in ns (128 per power of "
        "two), "
        "not fio's bucket grid");
  }
  o["notes"] = std::move(notes);
  o["warnings"] = run.warnings;
  o["storage"] = ordered_json::array();
  for (const auto& t : run.storage) o["storage"].push_back(ordered_json(storage_target_to_json(t)));
  o["interrupted"] = interrupted;
  if (run.activity) o["activity"] = ordered_json(activity_to_json(*run.activity));  // --monitor
  return o;
}

}  // namespace

nlohmann::ordered_json fio_json(const fio::FioRun& run, bool plus) {
  ordered_json j;
  j["fio version"] = fio_common::version_string(run);
  j["timestamp"] = run.timestamp_unix_s;
  j["timestamp_ms"] = run.timestamp_unix_ms;
  j["time"] = fio_ctime(run.timestamp_unix_s);
  if (!run.global_options.empty()) {
    ordered_json global = ordered_json::object();
    for (const auto& [k, v] : run.global_options) global[k] = v;
    j["global options"] = std::move(global);
  }
  ordered_json jobs = ordered_json::array();
  for (const auto& job : run.jobs) jobs.push_back(job_json(job, plus));
  j["jobs"] = std::move(jobs);
  if (!run.disks.empty()) {
    ordered_json disks = ordered_json::array();
    for (const auto& d : run.disks) disks.push_back(disk_json(d));
    j["disk_util"] = std::move(disks);
  }
  j["hostmark"] = hostmark_json(run, plus);
  return j;
}

}  // namespace hostmark
