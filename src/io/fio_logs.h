#pragma once
// fio's per-job log files, as fio 3.33 writes them (stat.c add_log_sample, iolog.c
// flush_samples): write_lat_log (<prefix>_lat, _clat and _slat), write_bw_log (_bw),
// write_iops_log (_iops) and write_hist_log (_clat_hist), named <prefix>_<kind>.<thread>.log,
// or <prefix>_<kind>.log (appended to) with per_job_logs=0.
//
// A line is "msec, value, direction, bytes, prio" (with log_offset=1 "msec, value, direction,
// bytes, offset, prio"); msec counts from the start of the measurement (after ramp_time);
// latencies in ns, per-I/O bandwidth as fio computes it (bytes * 10^6 / clat ns), averaged
// bandwidth in KiB/s; prio is 0 (hostmark sets no I/O priority). Without log_avg_msec every
// I/O is a line; with it, each window's mean (log_max_value=1: maximum) with bytes 0.
// Histogram lines are "msec, direction, bytes, count..." over fio's 1856 latency buckets,
// 2^log_hist_coarseness summed per column, one every log_hist_msec.
//
// One JobLogs per job thread, fed by that thread only (no locks; samples kept in memory, as
// fio keeps them); the runner writes the files after the threads have ended.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fio/job_options.h"

namespace hostmark::io {

struct LogSample {
  std::uint64_t msec = 0;
  std::uint64_t value = 0;
  std::uint64_t offset = 0;
  std::uint32_t bytes = 0;
  std::uint8_t dir = 0;
};

// One log with fio's averaging: per direction, a window of log_avg_msec whose mean (or maximum)
// becomes one sample when a sample at least that much later arrives. `exact_windows` is fio's
// inline_log (latency logs); bandwidth and IOPS logs close a window up to 1 ms early.
class SampleLog {
 public:
  SampleLog(std::uint32_t avg_msec, bool log_max, bool exact_windows)
      : avg_msec_(avg_msec), log_max_(log_max), exact_(exact_windows) {}
  void add(int dir, std::uint64_t value, std::uint32_t bytes, std::uint64_t offset,
           std::uint64_t msec);
  void close_windows(std::uint64_t msec);  // the end of the job: what the open windows hold
  const std::vector<LogSample>& samples() const { return samples_; }
  std::uint32_t avg_msec() const { return avg_msec_; }

 private:
  struct Window {
    std::uint64_t n = 0, max = 0;
    double mean = 0;
  };
  void close_window(int dir, std::uint64_t msec);

  std::uint32_t avg_msec_;
  bool log_max_, exact_;
  std::vector<LogSample> samples_;
  fio::PerDir<Window> windows_{};
  fio::PerDir<std::uint64_t> window_start_{};
};

// write_hist_log: the completion latencies of each log_hist_msec, in fio's buckets.
class HistLog {
 public:
  static constexpr std::size_t kBuckets = 1856;  // fio's FIO_IO_U_PLAT_NR
  static std::size_t bucket(std::uint64_t ns);   // fio's plat_val_to_idx

  HistLog(std::uint32_t hist_msec, bool counting) : hist_msec_(hist_msec), counting_(counting) {}
  void add(int dir, std::uint64_t clat_ns, std::uint32_t bytes, std::uint64_t msec);

  struct Line {
    std::uint64_t msec = 0;
    std::uint32_t bytes = 0;
    std::uint8_t dir = 0;
    std::vector<std::uint64_t> counts;  // kBuckets
  };
  const std::vector<Line>& lines() const { return lines_; }

 private:
  std::uint32_t hist_msec_;
  bool counting_;  // clat_percentiles=0 leaves fio's buckets empty
  fio::PerDir<std::vector<std::uint64_t>> window_;
  fio::PerDir<std::uint64_t> last_{};
  std::vector<Line> lines_;
};

class JobLogs {
 public:
  // nullptr when the job writes no log. thread_number: fio's, 1-based over all threads in order.
  static std::unique_ptr<JobLogs> for_job(const fio::JobOptions& job, int thread_number,
                                          bool async_engine);

  // The measurement starts (msec 0); anything logged before (ramp_time) is forgotten.
  void start(std::uint64_t now_ns);
  // An asynchronous engine took the I/O: its submission latency.
  void submitted(fio::Dir d, std::uint32_t bytes, std::uint64_t offset, std::uint64_t start_ns,
                 std::uint64_t submit_ns);
  // The I/O completed with `bytes` moved.
  void completed(fio::Dir d, std::uint64_t bytes, std::uint64_t offset, std::uint64_t start_ns,
                 std::uint64_t submit_ns, std::uint64_t end_ns);
  void finish(std::uint64_t now_ns);

  // Writes the files; returns "<file>: could not write the log file: <why>" for each that
  // could not be written.
  std::vector<std::string> write() const;

 private:
  JobLogs(const fio::JobOptions& job, int thread_number, bool async_engine);
  std::uint64_t msec(std::uint64_t ns) const {
    return ns > epoch_ns_ ? (ns - epoch_ns_) / 1'000'000 : 0;
  }
  void rate_samples(std::uint64_t now_ns);
  std::string file_name(const std::string& prefix, const char* kind) const;

  fio::JobOptions job_;  // the log options and name
  int thread_number_;
  bool async_;
  std::uint64_t epoch_ns_ = 0;
  std::unique_ptr<SampleLog> lat_, slat_, clat_, bw_, iops_;
  std::unique_ptr<HistLog> hist_;
  // Averaged bandwidth and IOPS (log_avg_msec): taken from these totals every period, as fio's
  // helper thread does.
  bool rate_logs_ = false;
  std::uint64_t bw_period_ms_ = 0, iops_period_ms_ = 0;
  std::uint64_t bw_last_ns_ = 0, iops_last_ns_ = 0;
  fio::PerDir<std::uint64_t> bytes_{}, ios_{}, bytes_mark_{}, ios_mark_{};
};

}  // namespace hostmark::io
