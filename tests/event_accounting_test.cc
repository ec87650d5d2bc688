// The per-event accounting policies: sysbench's bookkeeping agrees with hostmark's histogram,
// keeps warm-up out of the shared histogram, stops at its own time limit; and the runner with
// EventAccounting::kSysbench returns sysbench's histogram of exactly the measured events.
#include "runner/event_accounting.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "runner/runner.h"

namespace hostmark {
namespace {

std::uint64_t total(const std::vector<std::pair<double, std::uint64_t>>& rows) {
  std::uint64_t n = 0;
  for (const auto& r : rows) n += r.second;
  return n;
}

TEST(RunnerSysbenchAccountingTest, TimerCounterAndHistogramsAgree) {
  Histogram latency;
  SysbenchTimer timer;
  SysbenchHistogram shared;
  SysbenchAccounting a(latency, timer, &shared, UINT64_MAX, 1);
  a.begin_measuring();
  for (int i = 0; i < 1000; ++i) {
    ASSERT_TRUE(a.more_events());
    const std::uint64_t start = a.event_start();
    const std::uint64_t end = a.event_stop(start);
    EXPECT_GE(end, start);
  }
  const ThreadTotals t = timer.totals();
  EXPECT_EQ(t.events, 1000u);
  EXPECT_EQ(latency.count(), 1000u);
  EXPECT_EQ(t.busy_ns, latency.sum_ns());
  EXPECT_EQ(timer.min_ns, latency.min_ns());
  EXPECT_EQ(timer.max_ns, latency.max_ns());
  EXPECT_EQ(timer.counted_events.load(), 1000u);
  EXPECT_EQ(total(shared.nonempty_ms()), 1000u);
}

TEST(RunnerSysbenchAccountingTest, LatencyIsMeasuredFromTheOriginGiven) {
  Histogram latency;
  SysbenchTimer timer;
  SysbenchAccounting a(latency, timer, nullptr, UINT64_MAX, 1);
  a.begin_measuring();
  const std::uint64_t origin = monotonic_ns() - 5'000'000;  // e.g. a --rate arrival 5 ms ago
  a.event_stop(origin);
  EXPECT_GE(latency.min_ns(), 5'000'000u);
  EXPECT_EQ(timer.totals().busy_ns, latency.sum_ns());
}

TEST(RunnerSysbenchAccountingTest, WarmupEventsNeverReachTheSharedHistogram) {
  Histogram latency;
  SysbenchTimer timer;
  SysbenchHistogram shared;
  SysbenchAccounting a(latency, timer, &shared, UINT64_MAX, 1);
  for (int i = 0; i < 10; ++i) a.event_stop(a.event_start());  // warm-up
  EXPECT_EQ(latency.count(), 10u);
  EXPECT_TRUE(shared.nonempty_ms().empty());
  a.begin_measuring();
  EXPECT_EQ(latency.count(), 0u);
  EXPECT_EQ(timer.totals().events, 0u);
  for (int i = 0; i < 3; ++i) a.event_stop(a.event_start());
  EXPECT_EQ(total(shared.nonempty_ms()), 3u);
  a.forget();
  EXPECT_EQ(latency.count(), 0u);
  EXPECT_EQ(timer.totals().events, 0u);
}

TEST(RunnerSysbenchAccountingTest, MoreEventsChecksTheClockAgainstTheDeadline) {
  Histogram latency;
  SysbenchTimer timer;
  EXPECT_FALSE(SysbenchAccounting(latency, timer, nullptr, monotonic_ns() - 1, 1).more_events());
  EXPECT_TRUE(SysbenchAccounting(latency, timer, nullptr, monotonic_ns() + 3'600'000'000'000, 1)
                  .more_events());
  EXPECT_TRUE(LeanAccounting(latency).more_events());
}

// Sleeps sleep_ns per event, forever.
class SleepyWorkload final : public Workload {
 public:
  explicit SleepyWorkload(std::uint64_t sleep_ns) : sleep_ns_(sleep_ns) {}
  std::atomic<std::uint64_t> executed{0};
  std::atomic<std::uint64_t> first_start_ns{0};  // monotonic_ns() as the first event began
  std::unique_ptr<EventWorker> make_worker(int, int) override {
    return std::make_unique<Worker>(*this);
  }

 private:
  class Worker final : public EventWorker {
   public:
    explicit Worker(SleepyWorkload& w) : w_(w) {}
    bool execute() override {
      std::uint64_t none = 0;
      w_.first_start_ns.compare_exchange_strong(none, monotonic_ns());
      w_.executed.fetch_add(1);
      if (w_.sleep_ns_) std::this_thread::sleep_for(std::chrono::nanoseconds(w_.sleep_ns_));
      return true;
    }

   private:
    SleepyWorkload& w_;
  };
  std::uint64_t sleep_ns_;
};

TEST(RunnerSysbenchAccountingTest, RunnerReturnsSysbenchHistogramOfTheMeasuredEvents) {
  SleepyWorkload w(0);
  RunSpec spec;
  spec.threads = 2;
  spec.max_events = 10000;
  spec.time_limit_ns = 0;
  spec.accounting = EventAccounting::kSysbench;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(out.latency.count(), 10000u);
  EXPECT_EQ(out.threads[0].events, 5000u);
  ASSERT_TRUE(out.sysbench_histogram_ms.has_value());
  EXPECT_EQ(total(*out.sysbench_histogram_ms), 10000u);
}

TEST(RunnerSysbenchAccountingTest, NoSysbenchHistogramWithoutPercentileOrInLeanRuns) {
  SleepyWorkload w(0);
  RunSpec spec;
  spec.max_events = 100;
  spec.time_limit_ns = 0;
  spec.accounting = EventAccounting::kSysbench;
  spec.percentile = 0;  // sysbench skips its histogram then
  EXPECT_FALSE(run_workload(w, spec, nullptr).sysbench_histogram_ms.has_value());
  spec.percentile = 95;
  spec.accounting = EventAccounting::kLean;
  const RunOutcome lean = run_workload(w, spec, nullptr);
  EXPECT_EQ(lean.latency.count(), 100u);
  EXPECT_FALSE(lean.sysbench_histogram_ms.has_value());
}

// Notes when the worker threads were ready: the clock (and warm-up) starts right after.
class ThreadsReadyTime final : public RunObserver {
 public:
  std::uint64_t ready_ns = 0;
  void on_threads_ready() override { ready_ns = monotonic_ns(); }
};

TEST(RunnerSysbenchAccountingTest, TimeLimitAndWarmupWithSysbenchAccounting) {
  SleepyWorkload w(1'000'000);
  RunSpec spec;
  spec.threads = 2;
  spec.warmup_ns = 60'000'000;
  spec.time_limit_ns = 120'000'000;
  spec.accounting = EventAccounting::kSysbench;
  ThreadsReadyTime ready;
  const auto t0 = std::chrono::steady_clock::now();
  const RunOutcome out = run_workload(w, spec, &ready);
  const double took_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(took_s, 0.18);
  EXPECT_LT(took_s, 30.0);
  EXPECT_GT(out.latency.count(), 0u);
  EXPECT_LE(out.latency.count(), w.executed.load());
  // Warm-up events ran but are not counted: certain when an event began before ready +
  // warm-up (the warm-up ends no earlier), as on an idle machine; a loaded one may start both
  // threads only after the 60 ms warm-up, and then every event counts.
  ASSERT_NE(w.first_start_ns.load(), 0u);
  if (w.first_start_ns.load() < ready.ready_ns + spec.warmup_ns) {
    EXPECT_LT(out.latency.count(), w.executed.load());
  }
  ASSERT_TRUE(out.sysbench_histogram_ms.has_value());
  EXPECT_EQ(total(*out.sysbench_histogram_ms), out.latency.count());
  EXPECT_GE(out.latency.min_ns(), 1'000'000u);
}

}  // namespace
}  // namespace hostmark
