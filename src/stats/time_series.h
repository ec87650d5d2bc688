#pragma once
// Building a TimeSeries (stats/measures.h) from running totals, and combining series.
// Pure: no clocks or threads here; callers pass monotonic times in ns.
//
// TimeSeriesRecorder keeps the *cumulative* totals at the end of each interval. When it holds
// kMaxTimeSamples of them it drops every other one, which doubles the interval without losing
// any count (the kept totals still end on the new grid). finish() turns the totals into per-
// sample counts. Cost: a compare per due() call, a push_back per interval.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "stats/measures.h"

namespace hostmark {

inline constexpr std::size_t kMaxTimeSamples = 600;
inline constexpr std::uint64_t kFirstSampleIntervalNs = 100'000'000;  // 100 ms

// Running totals since the measured start (all counters only grow).
struct TimeTotals {
  std::uint64_t read_ios = 0, write_ios = 0, read_bytes = 0, write_bytes = 0;
  std::uint64_t events = 0;
};

class TimeSeriesRecorder {
 public:
  // `io`: the series counts reads and writes (else events). interval_ns >= 1 ms.
  explicit TimeSeriesRecorder(bool io, std::uint64_t interval_ns = kFirstSampleIntervalNs,
                              std::size_t max_samples = kMaxTimeSamples);

  // Starts (or restarts, forgetting all samples) the series at `now_ns` with zero totals.
  void start(std::uint64_t now_ns);
  // The next sample is due at or after this time.
  std::uint64_t next_due_ns() const { return next_ns_; }
  bool due(std::uint64_t now_ns) const { return now_ns >= next_ns_; }
  // Records the totals at `now_ns` (call when due(); earlier calls are ignored).
  void sample(std::uint64_t now_ns, const TimeTotals& totals);
  // The series ending at `now_ns` with `totals` (the exact final ones): the samples so far plus
  // a last partial one when anything happened or time passed since the last sample. Totals
  // sampled higher than later ones (a counter reset the sampler saw late) are lowered so that
  // every count is >= 0 and the counts sum to `totals`.
  TimeSeries finish(std::uint64_t now_ns, const TimeTotals& totals) const;

 private:
  void coarsen();

  bool io_;
  std::uint64_t first_interval_ns_;
  std::size_t max_samples_;
  std::uint64_t start_ns_ = 0;
  std::uint64_t interval_ns_ = 0;
  std::uint64_t next_ns_ = UINT64_MAX;  // not started
  std::vector<std::uint64_t> end_ns_;   // since start_ns_
  std::vector<TimeTotals> totals_;
};

// Sums of the counts over the samples.
TimeTotals time_series_totals(const TimeSeries& s);

// Adds adjacent pairs of samples until at most `max_samples` remain (interval doubled each time).
void coarsen_time_series(TimeSeries& s, std::size_t max_samples = kMaxTimeSamples);

// The work of two series measured at the same time (jobs of one group): both are brought to the
// larger interval, then added sample by sample (aligned at their measured starts); a sample's end
// is the later of the two.
TimeSeries add_time_series(const TimeSeries& a, const TimeSeries& b);

// `b` measured after `a` (the loops of a test, run one after the other): b's samples follow a's,
// their ends shifted by a's last end; then coarsened to at most max_samples.
TimeSeries append_time_series(const TimeSeries& a, const TimeSeries& b,
                              std::size_t max_samples = kMaxTimeSamples);

}  // namespace hostmark
