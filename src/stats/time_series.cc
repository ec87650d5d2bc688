#include "stats/time_series.h"

#include <algorithm>
#include <iterator>

namespace hostmark {
namespace {

// The counters a TimeSeries holds, by pointer, so every operation treats them alike.
using Column = std::vector<std::uint64_t> TimeSeries::*;
constexpr Column kSeriesColumns[] = {&TimeSeries::read_ios, &TimeSeries::write_ios,
                                     &TimeSeries::read_bytes, &TimeSeries::write_bytes,
                                     &TimeSeries::events};
using Field = std::uint64_t TimeTotals::*;
constexpr Field kFields[] = {&TimeTotals::read_ios, &TimeTotals::write_ios, &TimeTotals::read_bytes,
                             &TimeTotals::write_bytes, &TimeTotals::events};

// One coarsening step: samples (0,1), (2,3)... added; an odd last one stays alone.
void pair_up(TimeSeries& s) {
  const std::size_t n = s.size();
  TimeSeries out;
  out.interval_ms = s.interval_ms * 2;
  for (std::size_t i = 0; i < n; i += 2) {
    const std::size_t last = std::min(i + 1, n - 1);
    out.end_ms.push_back(s.end_ms[last]);
    for (const Column c : kSeriesColumns) {
      if ((s.*c).empty()) continue;
      (out.*c).push_back((s.*c)[i] + (last != i ? (s.*c)[last] : 0));
    }
  }
  s = std::move(out);
}

// Brings the finer of the two to the coarser one's interval (power-of-2 multiples).
void same_interval(TimeSeries& a, TimeSeries& b) {
  while (a.interval_ms > 0 && a.interval_ms * 2 <= b.interval_ms) pair_up(a);
  while (b.interval_ms > 0 && b.interval_ms * 2 <= a.interval_ms) pair_up(b);
}

}  // namespace

TimeSeriesRecorder::TimeSeriesRecorder(bool io, std::uint64_t interval_ns, std::size_t max_samples)
    : io_(io),
      first_interval_ns_(std::max<std::uint64_t>(interval_ns, 1'000'000)),
      max_samples_(std::max<std::size_t>(max_samples, 2)) {}

void TimeSeriesRecorder::start(std::uint64_t now_ns) {
  start_ns_ = now_ns;
  interval_ns_ = first_interval_ns_;
  next_ns_ = now_ns + interval_ns_;
  end_ns_.clear();
  totals_.clear();
}

void TimeSeriesRecorder::sample(std::uint64_t now_ns, const TimeTotals& totals) {
  if (!due(now_ns)) return;
  end_ns_.push_back(now_ns - start_ns_);
  totals_.push_back(totals);
  if (totals_.size() >= max_samples_) coarsen();
  // The next point of the grid after now (a late sampler skips the points it missed).
  const std::uint64_t intervals = (now_ns - start_ns_) / interval_ns_ + 1;
  next_ns_ = start_ns_ + intervals * interval_ns_;
}

void TimeSeriesRecorder::coarsen() {
  // Cumulative totals: keeping every second one loses nothing.
  std::size_t kept = 0;
  for (std::size_t i = 1; i < totals_.size(); i += 2, ++kept) {
    end_ns_[kept] = end_ns_[i];
    totals_[kept] = totals_[i];
  }
  end_ns_.resize(kept);
  totals_.resize(kept);
  interval_ns_ *= 2;
}

TimeSeries TimeSeriesRecorder::finish(std::uint64_t now_ns, const TimeTotals& totals) const {
  TimeSeries s;
  s.interval_ms = interval_ns_ / 1'000'000;
  if (next_ns_ == UINT64_MAX) return s;  // never started
  std::vector<std::uint64_t> ends = end_ns_;
  std::vector<TimeTotals> cumulative = totals_;
  const std::uint64_t end = now_ns > start_ns_ ? now_ns - start_ns_ : 0;
  bool moved = ends.empty() || end > ends.back();
  for (const Field f : kFields)
    moved = moved || (cumulative.empty() ? 0 : cumulative.back().*f) != totals.*f;
  if (moved) {
    ends.push_back(std::max(end, ends.empty() ? 0 : ends.back()));
    cumulative.push_back(totals);
  } else {
    cumulative.back() = totals;
  }
  // Never above a later total (so no count is negative and they sum to the final totals).
  for (std::size_t i = cumulative.size() - 1; i-- > 0;) {
    for (const Field f : kFields)
      cumulative[i].*f = std::min(cumulative[i].*f, cumulative[i + 1].*f);
  }
  TimeTotals previous;
  for (std::size_t i = 0; i < cumulative.size(); ++i) {
    s.end_ms.push_back(static_cast<double>(ends[i]) / 1e6);
    const TimeTotals& t = cumulative[i];
    if (io_) {
      s.read_ios.push_back(t.read_ios - previous.read_ios);
      s.write_ios.push_back(t.write_ios - previous.write_ios);
      s.read_bytes.push_back(t.read_bytes - previous.read_bytes);
      s.write_bytes.push_back(t.write_bytes - previous.write_bytes);
    } else {
      s.events.push_back(t.events - previous.events);
    }
    previous = t;
  }
  return s;
}

TimeTotals time_series_totals(const TimeSeries& s) {
  TimeTotals t;
  for (std::size_t k = 0; k < std::size(kSeriesColumns); ++k) {
    for (const std::uint64_t v : s.*kSeriesColumns[k]) t.*kFields[k] += v;
  }
  return t;
}

void coarsen_time_series(TimeSeries& s, std::size_t max_samples) {
  while (s.size() > std::max<std::size_t>(max_samples, 1)) pair_up(s);
}

TimeSeries add_time_series(const TimeSeries& a, const TimeSeries& b) {
  if (a.size() == 0) return b;
  if (b.size() == 0) return a;
  TimeSeries x = a, y = b;
  same_interval(x, y);
  if (x.size() < y.size()) std::swap(x, y);  // x is the longer
  for (std::size_t i = 0; i < y.size(); ++i) x.end_ms[i] = std::max(x.end_ms[i], y.end_ms[i]);
  for (const Column c : kSeriesColumns) {
    if ((y.*c).empty()) continue;
    if ((x.*c).empty()) (x.*c).assign(x.size(), 0);
    for (std::size_t i = 0; i < y.size(); ++i) (x.*c)[i] += (y.*c)[i];
  }
  return x;
}

TimeSeries append_time_series(const TimeSeries& a, const TimeSeries& b, std::size_t max_samples) {
  if (a.size() == 0) return b;
  if (b.size() == 0) return a;
  TimeSeries x = a, y = b;
  same_interval(x, y);
  const std::size_t xn = x.size();
  const double offset = x.end_ms.back();
  for (const double e : y.end_ms) x.end_ms.push_back(offset + e);
  for (const Column c : kSeriesColumns) {
    if ((x.*c).empty() && (y.*c).empty()) continue;
    (x.*c).resize(xn, 0);
    if ((y.*c).empty()) (x.*c).resize(x.end_ms.size(), 0);
    else (x.*c).insert((x.*c).end(), (y.*c).begin(), (y.*c).end());
  }
  coarsen_time_series(x, max_samples);
  return x;
}

}  // namespace hostmark
