#include "mpi/job_stats_codec.h"

#include <fmt/format.h>

#include "mpi/wire.h"

namespace hostmark::mpi {
namespace {

void put(WireWriter& w, const Histogram& h) {
  std::uint64_t non_empty = 0;
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) non_empty += h.bucket_count(i) ? 1 : 0;
  w.u64(non_empty);
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
    if (h.bucket_count(i) == 0) continue;
    w.u64(i);
    w.u64(h.bucket_count(i));
  }
  w.u64(h.count());
  w.u64(h.sum_ns());
  w.u64(h.min_ns());
  w.u64(h.max_ns());
  const Uint128 sq = h.sum_sq_ns2();
  w.u64(static_cast<std::uint64_t>(sq));
  w.u64(static_cast<std::uint64_t>(sq >> 64));
}

Histogram get_histogram(WireReader& r) {
  Histogram::BucketCounts buckets(r.u64_bounded());
  for (auto& [index, n] : buckets) {
    index = static_cast<std::size_t>(r.u64());
    n = r.u64();
  }
  const std::uint64_t count = r.u64();
  const std::uint64_t sum = r.u64();
  const std::uint64_t min = r.u64();
  const std::uint64_t max = r.u64();
  const Uint128 low = r.u64();
  const Uint128 high = r.u64();
  return Histogram::from_state(buckets, count, sum, min, max, (high << 64) | low);
}

void put(WireWriter& w, const fio::SampleStats& s) {
  w.u64(s.min);
  w.u64(s.max);
  w.f64(s.mean);
  w.f64(s.stddev);
  w.u64(s.samples);
  w.f64(s.agg_percent);
}

fio::SampleStats get_samples(WireReader& r) {
  fio::SampleStats s;
  s.min = r.u64();
  s.max = r.u64();
  s.mean = r.f64();
  s.stddev = r.f64();
  s.samples = r.u64();
  s.agg_percent = r.f64();
  return s;
}

template <std::size_t N>
void put(WireWriter& w, const std::array<double, N>& a) {
  for (double v : a) w.f64(v);
}
template <std::size_t N>
void get(WireReader& r, std::array<double, N>& a) {
  for (double& v : a) v = r.f64();
}
template <std::size_t N>
void put(WireWriter& w, const std::array<std::uint64_t, N>& a) {
  for (std::uint64_t v : a) w.u64(v);
}
template <std::size_t N>
void get(WireReader& r, std::array<std::uint64_t, N>& a) {
  for (std::uint64_t& v : a) v = r.u64();
}

void put(WireWriter& w, const fio::JobStats& j) {
  w.i64(j.jobnum);
  w.i64(j.groupid);
  w.i64(j.members);
  w.i64(j.tid);
  for (const auto& d : j.dirs) {
    w.u64(d.io_bytes);
    w.u64(d.total_ios);
    w.u64(d.short_ios);
    w.u64(d.drop_ios);
    w.u64(d.runtime_ns);
    w.boolean(d.has_slat);
    put(w, d.slat);
    put(w, d.clat);
    put(w, d.lat);
    put(w, d.bw_kib_s);
    put(w, d.iops);
  }
  put(w, j.sync_lat);
  w.u64(j.sync_total);
  w.f64(j.usr_cpu_percent);
  w.f64(j.sys_cpu_percent);
  w.u64(j.ctx);
  w.u64(j.majf);
  w.u64(j.minf);
  put(w, j.depths.level);
  put(w, j.depths.submit);
  put(w, j.depths.complete);
  put(w, j.depths.issued);
  put(w, j.depths.short_ios);
  put(w, j.depths.dropped);
  w.u64(j.elapsed_ns);
  w.u64(j.measured_ns);
  w.i64(j.job_start_unix_ms);
  w.i64(j.error);
  w.str(j.error_text);
  w.boolean(j.interrupted);
  w.strs(j.notes);
}

fio::JobStats get_job(WireReader& r, const fio::JobOptions& options) {
  fio::JobStats j;
  j.options = options;
  j.jobnum = r.i32();
  j.groupid = r.i32();
  j.members = r.i32();
  j.tid = r.i64();
  for (auto& d : j.dirs) {
    d.io_bytes = r.u64();
    d.total_ios = r.u64();
    d.short_ios = r.u64();
    d.drop_ios = r.u64();
    d.runtime_ns = r.u64();
    d.has_slat = r.boolean();
    d.slat = get_histogram(r);
    d.clat = get_histogram(r);
    d.lat = get_histogram(r);
    d.bw_kib_s = get_samples(r);
    d.iops = get_samples(r);
  }
  j.sync_lat = get_histogram(r);
  j.sync_total = r.u64();
  j.usr_cpu_percent = r.f64();
  j.sys_cpu_percent = r.f64();
  j.ctx = r.u64();
  j.majf = r.u64();
  j.minf = r.u64();
  get(r, j.depths.level);
  get(r, j.depths.submit);
  get(r, j.depths.complete);
  get(r, j.depths.issued);
  get(r, j.depths.short_ios);
  get(r, j.depths.dropped);
  j.elapsed_ns = r.u64();
  j.measured_ns = r.u64();
  j.job_start_unix_ms = r.i64();
  j.error = r.i32();
  j.error_text = r.str();
  j.interrupted = r.boolean();
  j.notes = r.strs();
  return j;
}

}  // namespace

std::string encode_job_stats(const std::vector<fio::JobStats>& jobs) {
  WireWriter w;
  w.u64(jobs.size());
  for (const auto& j : jobs) put(w, j);
  return w.bytes();
}

std::vector<fio::JobStats> decode_job_stats(const std::string& bytes,
                                            const std::vector<fio::JobStats>& shape,
                                            const std::string& what) {
  WireReader r(bytes, what);
  const std::uint64_t n = r.u64();
  if (n != shape.size()) {
    throw Failure(
        run_error(what, fmt::format("reported {} jobs where rank 0 ran {}", n, shape.size())));
  }
  std::vector<fio::JobStats> jobs;
  for (const auto& s : shape) jobs.push_back(get_job(r, s.options));
  if (!r.done())
    throw Failure(run_error(what, "message from another rank is longer than expected"));
  return jobs;
}

std::string encode_histogram(const Histogram& h) {
  WireWriter w;
  put(w, h);
  return w.bytes();
}

Histogram decode_histogram(const std::string& bytes) {
  WireReader r(bytes, "histogram");
  return get_histogram(r);
}

}  // namespace hostmark::mpi
