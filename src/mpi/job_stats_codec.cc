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

// One table of fields per struct, in wire order, for both directions: `a` is an Out (S const,
// writing) or an In (reading into S). A field added to fio::JobStats goes here once
// (tests/mpi_unit_test.cc round-trips a JobStats with every field set).
template <class A, class... F>
void each(A& a, F&... fields) {
  (a(fields), ...);
}

template <class A, class S>
void sample_fields(A& a, S& s) {
  each(a, s.min, s.max, s.mean, s.stddev, s.samples, s.agg_percent);
}

template <class A, class D>
void dir_fields(A& a, D& d) {
  each(a, d.io_bytes, d.total_ios, d.short_ios, d.drop_ios, d.runtime_ns, d.has_slat, d.slat,
       d.clat, d.lat, d.bw_kib_s, d.iops);
}

template <class A, class T>
void series_fields(A& a, T& t) {
  each(a, t.interval_ms, t.end_ms, t.read_ios, t.write_ios, t.read_bytes, t.write_bytes, t.events);
}

// Every field but `options` (every rank runs the same jobs: rank 0's are used).
template <class A, class J>
void job_fields(A& a, J& j) {
  each(a, j.jobnum, j.groupid, j.members, j.tid, j.dirs, j.sync_lat, j.sync_total,
       j.usr_cpu_percent, j.sys_cpu_percent, j.ctx, j.majf, j.minf);
  each(a, j.depths.level, j.depths.submit, j.depths.complete, j.depths.issued, j.depths.short_ios,
       j.depths.dropped);
  each(a, j.elapsed_ns, j.measured_ns, j.job_start_unix_ms, j.error, j.error_text, j.failed_ios,
       j.first_error, j.first_error_text, j.interrupted, j.notes, j.series);
}

class Out {
 public:
  explicit Out(WireWriter& w) : w_(w) {}
  void operator()(std::uint64_t v) { w_.u64(v); }
  void operator()(std::int64_t v) { w_.i64(v); }
  void operator()(int v) { w_.i64(v); }
  void operator()(double v) { w_.f64(v); }
  void operator()(bool v) { w_.boolean(v); }
  void operator()(const std::string& s) { w_.str(s); }
  void operator()(const Histogram& h) { put(w_, h); }
  void operator()(const fio::SampleStats& s) { sample_fields(*this, s); }
  void operator()(const fio::DirStats& d) { dir_fields(*this, d); }
  void operator()(const TimeSeries& t) { series_fields(*this, t); }
  template <class T>
  void operator()(const std::vector<T>& v) {
    w_.u64(v.size());
    for (const T& x : v) (*this)(x);
  }
  template <class T, std::size_t N>
  void operator()(const std::array<T, N>& v) {
    for (const T& x : v) (*this)(x);
  }

 private:
  WireWriter& w_;
};

class In {
 public:
  explicit In(WireReader& r) : r_(r) {}
  void operator()(std::uint64_t& v) { v = r_.u64(); }
  void operator()(std::int64_t& v) { v = r_.i64(); }
  void operator()(int& v) { v = r_.i32(); }
  void operator()(double& v) { v = r_.f64(); }
  void operator()(bool& v) { v = r_.boolean(); }
  void operator()(std::string& s) { s = r_.str(); }
  void operator()(Histogram& h) { h = get_histogram(r_); }
  void operator()(fio::SampleStats& s) { sample_fields(*this, s); }
  void operator()(fio::DirStats& d) { dir_fields(*this, d); }
  void operator()(TimeSeries& t) { series_fields(*this, t); }
  template <class T>
  void operator()(std::vector<T>& v) {
    v.assign(r_.u64_bounded(), T{});  // every element takes at least 8 bytes
    for (T& x : v) (*this)(x);
  }
  template <class T, std::size_t N>
  void operator()(std::array<T, N>& v) {
    for (T& x : v) (*this)(x);
  }

 private:
  WireReader& r_;
};

}  // namespace

std::string encode_job_stats(const std::vector<fio::JobStats>& jobs) {
  WireWriter w;
  Out out(w);
  w.u64(jobs.size());
  for (const auto& j : jobs) job_fields(out, j);
  return w.bytes();
}

std::vector<fio::JobStats> decode_job_stats(const std::string& bytes,
                                            const std::vector<fio::JobStats>& shape,
                                            const std::string& what) {
  WireReader r(bytes, what);
  In in(r);
  const std::uint64_t n = r.u64();
  if (n != shape.size()) {
    throw Failure(
        run_error(what, fmt::format("reported {} jobs where rank 0 ran {}", n, shape.size())));
  }
  std::vector<fio::JobStats> jobs;
  for (const auto& s : shape) {
    fio::JobStats j;
    j.options = s.options;
    job_fields(in, j);
    jobs.push_back(std::move(j));
  }
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
