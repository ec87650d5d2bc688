#include "runner/run_series.h"

namespace hostmark {

void RunSeries::start(std::uint64_t now_ns) {
  io_start_ = workload_.io_totals();
  recorder_.start(now_ns);
  started_ = true;
}

TimeTotals RunSeries::totals(std::uint64_t events) const {
  TimeTotals t;
  t.events = events;
  if (io_start_) {
    const TimeTotals now = workload_.io_totals().value_or(*io_start_);
    const auto since = [](std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; };
    t.read_ios = since(now.read_ios, io_start_->read_ios);
    t.write_ios = since(now.write_ios, io_start_->write_ios);
    t.read_bytes = since(now.read_bytes, io_start_->read_bytes);
    t.write_bytes = since(now.write_bytes, io_start_->write_bytes);
  }
  return t;
}

void RunSeries::tick(std::uint64_t now_ns, std::uint64_t events) {
  if (started_ && recorder_.due(now_ns)) recorder_.sample(now_ns, totals(events));
}

TimeSeries RunSeries::finish(std::uint64_t now_ns, std::uint64_t events) const {
  if (!started_) return {};
  return recorder_.finish(now_ns, totals(events));
}

}  // namespace hostmark
