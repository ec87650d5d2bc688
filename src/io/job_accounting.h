#pragma once
// What one job thread counts while it runs: per-direction bytes, I/Os and latencies (slat, clat,
// lat), bandwidth and IOPS samples every bwavgtime/iopsavgtime, queue-depth distributions, sync
// latencies, reads and writes per interval (a TimeSeries), and live totals the status line
// reads from another thread. Single writer (the job thread); the live totals are relaxed
// atomics. finish() hands everything to a fio::JobStats.
#include <array>
#include <atomic>
#include <cstdint>

#include "fio/run_stats.h"
#include "stats/time_series.h"

namespace hostmark::io {

// Totals another thread may read while the job runs (for the status line).
struct LiveCounters {
  std::array<std::atomic<std::uint64_t>, fio::kDirs> bytes{};
  std::array<std::atomic<std::uint64_t>, fio::kDirs> ios{};
  std::atomic<bool> measuring{false};  // past ramp_time
  std::atomic<bool> done{false};
};

// Streaming min/max/mean/stddev of periodic samples (Welford).
class SampleAccumulator {
 public:
  void add(std::uint64_t v);
  fio::SampleStats stats() const;

 private:
  std::uint64_t n_ = 0, min_ = 0, max_ = 0;
  double mean_ = 0, m2_ = 0;
};

class JobAccounting {
 public:
  JobAccounting(const fio::JobOptions& job, bool async_engine, LiveCounters& live);

  // Forgets everything counted so far (the end of ramp_time) and starts the clock at `now_ns`.
  void start_measuring(std::uint64_t now_ns);

  // One completed I/O of `bytes` in direction d: issued at start, reached the kernel at submit
  // (== start for synchronous engines), completed at end.
  void complete(fio::Dir d, std::uint64_t bytes, std::uint64_t start_ns, std::uint64_t submit_ns,
                std::uint64_t end_ns) {
    auto& s = dirs_[static_cast<int>(d)];
    s.io_bytes += bytes;
    ++s.total_ios;
    if (clat_) s.clat.record(end_ns - submit_ns);
    if (lat_) s.lat.record(end_ns - start_ns);
    if (slat_) s.slat.record(submit_ns - start_ns);
  }
  void short_io(fio::Dir d) { ++dirs_[static_cast<int>(d)].short_ios; }
  void sync_done(std::uint64_t latency_ns) {
    sync_lat_.record(latency_ns);
    ++sync_total_;
  }
  // Queue-depth bookkeeping: depth after queueing one I/O; I/Os per submit and per reap call.
  void queued_at_depth(unsigned depth) { ++depth_level_[depth_bucket(depth)]; }
  void submitted(unsigned batch) {
    ++submit_batches_[batch_bucket(batch)];
    ++submit_calls_;
  }
  void reaped(unsigned batch) {
    ++complete_batches_[batch_bucket(batch)];
    ++complete_calls_;
  }

  // Takes bandwidth/IOPS samples (and the time series' totals) when a sample period has passed
  // and publishes live totals. Cheap when no period has passed (one compare).
  void tick(std::uint64_t now_ns) {
    if (now_ns >= next_event_ns_) publish(now_ns);
  }

  // Ends the measurement at `now_ns`; fills out.dirs, sync, depths. A direction that did I/O ran
  // for `runtime_ns[d]` when given (> 0), else from the start of the measurement to now_ns.
  void finish(std::uint64_t now_ns, fio::JobStats& out,
              const fio::PerDir<std::uint64_t>& runtime_ns = {0, 0, 0});
  std::uint64_t measure_start_ns() const { return start_ns_; }
  std::uint64_t bytes(fio::Dir d) const { return dirs_[static_cast<int>(d)].io_bytes; }
  std::uint64_t ios(fio::Dir d) const { return dirs_[static_cast<int>(d)].total_ios; }

 private:
  static int depth_bucket(unsigned depth);  // 1,2,4,8,16,32,>=64 (lower bounds)
  static int batch_bucket(unsigned batch);  // 0,4,8,16,32,64,>=64 (fio's "submit"/"complete")
  void publish(std::uint64_t now_ns);

  bool async_;
  bool clat_, lat_, slat_;  // measured (disable_clat, disable_lat, disable_slat unset)
  LiveCounters& live_;
  std::uint64_t bw_period_ns_, iops_period_ns_;
  std::array<fio::DirStats, fio::kDirs> dirs_;
  Histogram sync_lat_;
  std::uint64_t sync_total_ = 0;
  std::array<std::uint64_t, 7> depth_level_{}, submit_batches_{}, complete_batches_{};
  std::uint64_t submit_calls_ = 0, complete_calls_ = 0;
  std::uint64_t start_ns_ = 0, next_publish_ns_ = 0, next_event_ns_ = 0;
  std::uint64_t next_bw_ns_ = 0, next_iops_ns_ = 0, last_bw_ns_ = 0, last_iops_ns_ = 0;
  std::array<std::uint64_t, fio::kDirs> bw_mark_{}, iops_mark_{};
  std::array<SampleAccumulator, fio::kDirs> bw_samples_, iops_samples_;
  TimeSeriesRecorder series_{true};
  TimeTotals series_totals() const;
};

}  // namespace hostmark::io
