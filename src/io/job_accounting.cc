#include "io/job_accounting.h"

#include <algorithm>
#include <cmath>

namespace hostmark::io {
namespace {
constexpr std::uint64_t kPublishPeriodNs = 50'000'000;  // live totals 20 times a second
}

void SampleAccumulator::add(std::uint64_t v) {
  if (n_ == 0) min_ = max_ = v;
  min_ = std::min(min_, v);
  max_ = std::max(max_, v);
  ++n_;
  const double x = static_cast<double>(v);
  const double delta = x - mean_;
  mean_ += delta / static_cast<double>(n_);
  m2_ += delta * (x - mean_);
}

fio::SampleStats SampleAccumulator::stats() const {
  fio::SampleStats s;
  s.samples = n_;
  if (n_ == 0) return s;
  s.min = min_;
  s.max = max_;
  s.mean = mean_;
  // fio reports the sample standard deviation (n - 1).
  s.stddev = n_ > 1 ? std::sqrt(m2_ / static_cast<double>(n_ - 1)) : 0.0;
  return s;
}

JobAccounting::JobAccounting(const fio::JobOptions& job, bool async_engine, LiveCounters& live)
    : async_(async_engine),
      clat_(!job.disable_clat),
      lat_(!job.disable_lat),
      slat_(async_engine && !job.disable_slat),
      live_(live),
      bw_period_ns_(std::max<std::uint64_t>(job.bwavgtime_ns, 1'000'000)),
      iops_period_ns_(std::max<std::uint64_t>(job.iopsavgtime_ns, 1'000'000)) {
  for (auto& d : dirs_) d.has_slat = slat_;
}

void JobAccounting::start_measuring(std::uint64_t now_ns) {
  for (auto& d : dirs_) {
    d = fio::DirStats{};
    d.has_slat = async_;
  }
  sync_lat_.reset();
  sync_total_ = 0;
  depth_level_ = {};
  submit_batches_ = {};
  complete_batches_ = {};
  submit_calls_ = complete_calls_ = 0;
  bw_samples_ = {};
  iops_samples_ = {};
  bw_mark_ = {};
  iops_mark_ = {};
  start_ns_ = now_ns;
  last_bw_ns_ = last_iops_ns_ = now_ns;
  next_bw_ns_ = now_ns + bw_period_ns_;
  next_iops_ns_ = now_ns + iops_period_ns_;
  next_publish_ns_ = now_ns;
  next_event_ns_ = now_ns;
  series_.start(now_ns);
  for (int i = 0; i < fio::kDirs; ++i) {
    live_.bytes[i].store(0, std::memory_order_relaxed);
    live_.ios[i].store(0, std::memory_order_relaxed);
  }
  live_.measuring.store(true, std::memory_order_relaxed);
}

void JobAccounting::publish(std::uint64_t now_ns) {
  next_publish_ns_ = now_ns + kPublishPeriodNs;
  next_event_ns_ = 0;  // recomputed below
  for (int i = 0; i < fio::kDirs; ++i) {
    live_.bytes[i].store(dirs_[i].io_bytes, std::memory_order_relaxed);
    live_.ios[i].store(dirs_[i].total_ios, std::memory_order_relaxed);
  }
  if (now_ns >= next_bw_ns_) {
    const double secs = static_cast<double>(now_ns - last_bw_ns_) / 1e9;
    for (int i = 0; i < fio::kDirs; ++i) {
      if (dirs_[i].total_ios == 0) continue;  // fio samples only directions that ran
      const double kib = static_cast<double>(dirs_[i].io_bytes - bw_mark_[i]) / 1024.0;
      bw_samples_[i].add(static_cast<std::uint64_t>(std::llround(kib / secs)));
      bw_mark_[i] = dirs_[i].io_bytes;
    }
    last_bw_ns_ = now_ns;
    while (next_bw_ns_ <= now_ns) next_bw_ns_ += bw_period_ns_;  // a fixed grid, as fio's
  }
  if (now_ns >= next_iops_ns_) {
    const double secs = static_cast<double>(now_ns - last_iops_ns_) / 1e9;
    for (int i = 0; i < fio::kDirs; ++i) {
      if (dirs_[i].total_ios == 0) continue;
      const double ios = static_cast<double>(dirs_[i].total_ios - iops_mark_[i]);
      iops_samples_[i].add(static_cast<std::uint64_t>(std::llround(ios / secs)));
      iops_mark_[i] = dirs_[i].total_ios;
    }
    last_iops_ns_ = now_ns;
    while (next_iops_ns_ <= now_ns) next_iops_ns_ += iops_period_ns_;
  }
  series_.sample(now_ns, series_totals());
  next_event_ns_ = std::min({next_publish_ns_, next_bw_ns_, next_iops_ns_, series_.next_due_ns()});
}

TimeTotals JobAccounting::series_totals() const {
  const auto& r = dirs_[static_cast<int>(fio::Dir::kRead)];
  const auto& w = dirs_[static_cast<int>(fio::Dir::kWrite)];
  return TimeTotals{r.total_ios, w.total_ios, r.io_bytes, w.io_bytes, 0};
}

int JobAccounting::depth_bucket(unsigned depth) {
  // fio's buckets are lower bounds: 1, 2..3, 4..7, 8..15, 16..31, 32..63, >=64.
  if (depth <= 1) return 0;
  return std::min(6, 31 - __builtin_clz(depth));
}

int JobAccounting::batch_bucket(unsigned batch) {
  if (batch == 0) return 0;
  if (batch <= 4) return 1;
  if (batch > 64) return 6;
  return std::min(6, 32 - __builtin_clz(batch - 1) - 1);  // 5..8->2, 9..16->3, 17..32->4, 33..64->5
}

void JobAccounting::finish(std::uint64_t now_ns, fio::JobStats& out,
                           const fio::PerDir<std::uint64_t>& runtime_ns) {
  publish(now_ns);
  out.series = series_.finish(now_ns, series_totals());
  const std::uint64_t elapsed = now_ns > start_ns_ ? now_ns - start_ns_ : 0;
  for (int i = 0; i < fio::kDirs; ++i) {
    auto& d = dirs_[i];
    if (d.total_ios > 0) d.runtime_ns = runtime_ns[i] ? runtime_ns[i] : elapsed;
    d.bw_kib_s = bw_samples_[i].stats();
    d.iops = iops_samples_[i].stats();
    out.dirs[i] = std::move(d);
    out.depths.issued[i] = out.dirs[i].total_ios;
    out.depths.short_ios[i] = out.dirs[i].short_ios;
  }
  out.sync_lat = std::move(sync_lat_);
  out.sync_total = sync_total_;
  auto percents = [](const std::array<std::uint64_t, 7>& counts, std::array<double, 7>& to) {
    std::uint64_t total = 0;
    for (auto c : counts) total += c;
    for (std::size_t i = 0; i < counts.size(); ++i)
      to[i] = total ? 100.0 * static_cast<double>(counts[i]) / static_cast<double>(total) : 0.0;
  };
  percents(depth_level_, out.depths.level);
  percents(submit_batches_, out.depths.submit);
  percents(complete_batches_, out.depths.complete);
  live_.done.store(true, std::memory_order_relaxed);
}

}  // namespace hostmark::io
