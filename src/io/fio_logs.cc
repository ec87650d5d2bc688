#include "io/fio_logs.h"

#include <algorithm>

namespace hostmark::io {
namespace {

constexpr std::uint64_t kSlackMsec = 1;                   // fio's LOG_MSEC_SLACK
constexpr std::uint64_t kDefaultAvgTimeNs = 500'000'000;  // bwavgtime/iopsavgtime unset
constexpr int kPlatBits = 6;                              // fio's FIO_IO_U_PLAT_BITS
constexpr std::uint64_t kPlatVal = 1u << kPlatBits;

}  // namespace

void SampleLog::add(int dir, std::uint64_t value, std::uint32_t bytes, std::uint64_t offset,
                    std::uint64_t msec) {
  if (avg_msec_ == 0) {
    samples_.push_back(LogSample{msec, value, offset, bytes, static_cast<std::uint8_t>(dir)});
    return;
  }
  Window& w = windows_[dir];
  w.max = std::max(w.max, value);
  ++w.n;
  w.mean += (static_cast<double>(value) - w.mean) / static_cast<double>(w.n);
  if (msec < window_start_[dir]) return;
  const std::uint64_t elapsed = msec - window_start_[dir];
  if (elapsed < avg_msec_ && (exact_ || avg_msec_ - elapsed > kSlackMsec)) return;
  close_window(dir, msec);
  window_start_[dir] = msec - msec % avg_msec_;
}

void SampleLog::close_window(int dir, std::uint64_t msec) {
  Window& w = windows_[dir];
  if (w.n > 0) {
    const std::uint64_t v = log_max_ ? w.max : static_cast<std::uint64_t>(w.mean + 0.5);
    samples_.push_back(LogSample{msec, v, 0, 0, static_cast<std::uint8_t>(dir)});
  }
  w = Window{};
}

void SampleLog::close_windows(std::uint64_t msec) {
  if (avg_msec_ == 0) return;
  for (int d = 0; d < fio::kDirs; ++d) close_window(d, msec);
}

std::size_t HistLog::bucket(std::uint64_t ns) {
  if (ns < 2 * kPlatVal) return static_cast<std::size_t>(ns);  // exact below 128 ns
  const int msb = 63 - __builtin_clzll(ns);
  const int error_bits = msb - kPlatBits;
  const std::uint64_t base = static_cast<std::uint64_t>(error_bits + 1) << kPlatBits;
  const std::uint64_t index = base + ((ns >> error_bits) & (kPlatVal - 1));
  return static_cast<std::size_t>(std::min<std::uint64_t>(index, kBuckets - 1));
}

void HistLog::add(int dir, std::uint64_t clat_ns, std::uint32_t bytes, std::uint64_t msec) {
  if (hist_msec_ == 0) return;  // fio writes no line, and the file empty
  auto& window = window_[dir];
  if (window.empty()) window.assign(kBuckets, 0);
  if (counting_) ++window[bucket(clat_ns)];
  if (last_[dir] == 0) last_[dir] = msec;  // fio's first sample starts the clock (0 stays 0)
  const std::uint64_t elapsed = msec - last_[dir];
  if (elapsed < hist_msec_) return;
  lines_.push_back(Line{msec, bytes, static_cast<std::uint8_t>(dir), window});
  std::fill(window.begin(), window.end(), 0);
  last_[dir] = msec - (elapsed - hist_msec_);
}

std::unique_ptr<JobLogs> JobLogs::for_job(const fio::JobOptions& job, int thread_number,
                                          bool async_engine) {
  if (!job.bw_log && !job.lat_log && !job.iops_log && !job.hist_log) return nullptr;
  return std::unique_ptr<JobLogs>(new JobLogs(job, thread_number, async_engine));
}

JobLogs::JobLogs(const fio::JobOptions& job, int thread_number, bool async_engine)
    : job_(job), thread_number_(thread_number), async_(async_engine) {
  job_.given.clear();
  const std::uint32_t avg = job.log_avg_msec;
  if (job.lat_log) {
    lat_ = std::make_unique<SampleLog>(avg, job.log_max, true);
    slat_ = std::make_unique<SampleLog>(avg, job.log_max, true);
    clat_ = std::make_unique<SampleLog>(avg, job.log_max, true);
  }
  if (job.hist_log) hist_ = std::make_unique<HistLog>(job.log_hist_msec, job.clat_percentiles);
  // As fio: an explicit bwavgtime (iopsavgtime) is the sampling period and caps the window;
  // otherwise both are log_avg_msec.
  const auto period = [avg](std::uint64_t avgtime_ns) -> std::uint64_t {
    return avgtime_ns != kDefaultAvgTimeNs ? avgtime_ns / 1'000'000 : avg;
  };
  const auto window = [avg](std::uint64_t avgtime_ns) -> std::uint32_t {
    return avgtime_ns != kDefaultAvgTimeNs
               ? static_cast<std::uint32_t>(std::min<std::uint64_t>(avg, avgtime_ns / 1'000'000))
               : avg;
  };
  if (job.bw_log) {
    bw_ = std::make_unique<SampleLog>(window(job.bwavgtime_ns), job.log_max, false);
    bw_period_ms_ = period(job.bwavgtime_ns);
  }
  if (job.iops_log) {
    iops_ = std::make_unique<SampleLog>(window(job.iopsavgtime_ns), job.log_max, false);
    iops_period_ms_ = period(job.iopsavgtime_ns);
  }
  rate_logs_ = (bw_ && bw_->avg_msec() > 0) || (iops_ && iops_->avg_msec() > 0);
}

void JobLogs::start(std::uint64_t now_ns) {
  const std::uint32_t avg = job_.log_avg_msec;
  for (auto* log : {&lat_, &slat_, &clat_}) {
    if (*log) *log = std::make_unique<SampleLog>(avg, job_.log_max, true);
  }
  if (bw_) bw_ = std::make_unique<SampleLog>(bw_->avg_msec(), job_.log_max, false);
  if (iops_) iops_ = std::make_unique<SampleLog>(iops_->avg_msec(), job_.log_max, false);
  if (hist_) hist_ = std::make_unique<HistLog>(job_.log_hist_msec, job_.clat_percentiles);
  epoch_ns_ = bw_last_ns_ = iops_last_ns_ = now_ns;
  bytes_ = ios_ = bytes_mark_ = ios_mark_ = {};
}

void JobLogs::submitted(fio::Dir d, std::uint32_t bytes, std::uint64_t offset,
                        std::uint64_t start_ns, std::uint64_t submit_ns) {
  if (slat_ && async_)
    slat_->add(static_cast<int>(d), submit_ns - start_ns, bytes, offset, msec(submit_ns));
}

void JobLogs::completed(fio::Dir d, std::uint64_t bytes, std::uint64_t offset,
                        std::uint64_t start_ns, std::uint64_t submit_ns, std::uint64_t end_ns) {
  const int dir = static_cast<int>(d);
  const std::uint64_t ms = msec(end_ns);
  const std::uint64_t clat = end_ns - submit_ns;
  const auto b = static_cast<std::uint32_t>(bytes);
  // In fio's order: lat, clat (and the histogram), bandwidth, IOPS.
  if (lat_) lat_->add(dir, end_ns - start_ns, b, offset, ms);
  if (clat_) clat_->add(dir, clat, b, offset, ms);
  if (hist_) hist_->add(dir, clat, b, ms);
  if (bw_ && bw_->avg_msec() == 0)
    bw_->add(dir, clat ? bytes * 1'000'000 / clat : 0, b, offset, ms);
  if (iops_ && iops_->avg_msec() == 0) iops_->add(dir, 1, b, offset, ms);
  if (rate_logs_) {
    bytes_[dir] += bytes;
    ++ios_[dir];
    rate_samples(end_ns);
  }
}

void JobLogs::rate_samples(std::uint64_t now_ns) {
  // fio's __add_samples: due when the period has passed (less 1 ms of slack); a rate for each
  // direction that moved data since the last sample.
  const auto take = [&](SampleLog& log, std::uint64_t period_ms, std::uint64_t& last_ns,
                        fio::PerDir<std::uint64_t>& totals, fio::PerDir<std::uint64_t>& marks,
                        bool kib) {
    const std::uint64_t spent = (now_ns - last_ns) / 1'000'000;
    if (spent < period_ms && period_ms - spent > kSlackMsec) return;
    for (int d = 0; d < fio::kDirs; ++d) {
      const std::uint64_t delta = totals[d] - marks[d];
      if (delta == 0) continue;
      std::uint64_t rate = spent ? delta * 1000 / spent : 0;
      if (kib) rate /= 1024;
      log.add(d, rate, 0, 0, msec(now_ns));
      marks[d] = totals[d];
    }
    last_ns = now_ns;
  };
  if (bw_ && bw_->avg_msec() > 0) take(*bw_, bw_period_ms_, bw_last_ns_, bytes_, bytes_mark_, true);
  if (iops_ && iops_->avg_msec() > 0)
    take(*iops_, iops_period_ms_, iops_last_ns_, ios_, ios_mark_, false);
}

void JobLogs::finish(std::uint64_t now_ns) {
  const std::uint64_t ms = msec(now_ns);
  for (auto* log : {lat_.get(), slat_.get(), clat_.get(), bw_.get(), iops_.get()})
    if (log != nullptr) log->close_windows(ms);
}

}  // namespace hostmark::io
