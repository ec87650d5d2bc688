#include "runner/runner.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "runner/clock.h"

namespace hostmark {
namespace {

// Counts every execute() across threads and notes when the first began; optionally sleeps per
// event, stops after a quota, or throws on a given event.
class FakeWorkload final : public Workload {
 public:
  std::atomic<std::uint64_t> executed{0};
  std::atomic<std::uint64_t> first_start_ns{0};  // monotonic_ns() as the first event began
  std::atomic<int> workers_made{0};
  std::uint64_t per_thread_quota = UINT64_MAX;
  std::uint64_t sleep_ns = 0;
  std::uint64_t throw_at = UINT64_MAX;

  std::unique_ptr<EventWorker> make_worker(int, int) override {
    workers_made.fetch_add(1);
    return std::make_unique<Worker>(*this);
  }

 private:
  class Worker final : public EventWorker {
   public:
    explicit Worker(FakeWorkload& w) : w_(w) {}
    bool execute() override {
      if (done_ >= w_.per_thread_quota) return false;
      ++done_;
      std::uint64_t none = 0;
      w_.first_start_ns.compare_exchange_strong(none, monotonic_ns());
      const std::uint64_t n = w_.executed.fetch_add(1) + 1;
      if (n == w_.throw_at) throw std::runtime_error("boom");
      if (w_.sleep_ns) std::this_thread::sleep_for(std::chrono::nanoseconds(w_.sleep_ns));
      return true;
    }

   private:
    FakeWorkload& w_;
    std::uint64_t done_ = 0;
  };
};

TEST(RunnerTest, EventLimitIsSplitEvenlyOverThreads) {
  FakeWorkload w;
  RunSpec spec;
  spec.threads = 2;
  spec.max_events = 100;
  spec.time_limit_ns = 0;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(out.latency.count(), 100u);
  EXPECT_EQ(w.executed.load(), 100u);
  ASSERT_EQ(out.threads.size(), 2u);
  EXPECT_EQ(out.threads[0].events, 50u);
  EXPECT_EQ(out.threads[1].events, 50u);
  EXPECT_EQ(w.workers_made.load(), 2);
  EXPECT_FALSE(out.interrupted);
}

TEST(RunnerTest, UnevenEventLimitGivesRemainderToFirstThreads) {
  FakeWorkload w;
  RunSpec spec;
  spec.threads = 3;
  spec.max_events = 10;
  spec.time_limit_ns = 0;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(out.threads[0].events, 4u);
  EXPECT_EQ(out.threads[1].events, 3u);
  EXPECT_EQ(out.threads[2].events, 3u);
}

TEST(RunnerTest, MoreThreadsThanEventsRunsOnlyTheEvents) {
  FakeWorkload w;
  RunSpec spec;
  spec.threads = 4;
  spec.max_events = 2;
  spec.time_limit_ns = 0;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(out.latency.count(), 2u);
  EXPECT_EQ(w.executed.load(), 2u);
}

TEST(RunnerTest, TimeLimitStopsAnEndlessWorkload) {
  FakeWorkload w;
  w.sleep_ns = 1'000'000;
  RunSpec spec;
  spec.threads = 2;
  spec.time_limit_ns = 150'000'000;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_GT(out.latency.count(), 0u);
  // From the measured start to the last event's end; the workers ran until they saw the limit
  // pass, so, as sysbench's "total time", never less than the limit (by construction, not by
  // speed: a slow machine only makes it longer).
  EXPECT_GE(out.wall_ns, spec.time_limit_ns);
  EXPECT_EQ(out.latency.count(), w.executed.load());
  // Busy time of each thread is the sum of its latencies; every latency is at least the sleep.
  EXPECT_GE(out.latency.min_ns(), w.sleep_ns);
  EXPECT_EQ(out.threads[0].busy_ns + out.threads[1].busy_ns, out.latency.sum_ns());
}

TEST(RunnerTest, WaitingForTheLastEventAfterTheDeadlineSleeps) {
  // One 400 ms event overruns a 10 ms limit; the control thread must sleep meanwhile (spinning
  // would burn ~400 ms of CPU and slow events that yield the CPU, like sysbench's threads test).
  // On a loaded machine the worker may begin only after the 10 ms: it then runs no event and
  // there is nothing to wait for, so such a run is tried again (up to 20 times).
  std::uint64_t events = 0;
  double cpu_s = 0;
  for (int attempt = 0; attempt < 20 && events == 0; ++attempt) {
    FakeWorkload w;
    w.sleep_ns = 400'000'000;
    w.per_thread_quota = 1;
    RunSpec spec;
    spec.time_limit_ns = 10'000'000;
    timespec before{};
    timespec after{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &before);
    const RunOutcome out = run_workload(w, spec, nullptr);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &after);
    cpu_s = static_cast<double>(after.tv_sec - before.tv_sec) +
            static_cast<double>(after.tv_nsec - before.tv_nsec) / 1e9;
    events = out.latency.count();
    EXPECT_EQ(events, w.executed.load());
  }
  EXPECT_EQ(events, 1u);
  EXPECT_LT(cpu_s, 0.1);
}

TEST(RunnerTest, ControlThreadSleepsDuringARunWithoutObserver) {
  // 400 ms of sleeping events with no observer: the control thread wakes for ticks only.
  FakeWorkload w;
  w.sleep_ns = 100'000'000;
  RunSpec spec;
  spec.time_limit_ns = 400'000'000;
  timespec before{};
  timespec after{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &before);
  const RunOutcome out = run_workload(w, spec, nullptr);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &after);
  const double cpu_s = static_cast<double>(after.tv_sec - before.tv_sec) +
                       static_cast<double>(after.tv_nsec - before.tv_nsec) / 1e9;
  // The run lasted its 400 ms, so the CPU figure covers all of it. How many 100 ms events fit
  // depends on how late a loaded machine wakes the sleeping thread (about four when idle), so
  // only what holds at any speed: some ran, one after the other within the measured time.
  EXPECT_GE(out.wall_ns, spec.time_limit_ns);
  EXPECT_GE(out.latency.count(), 1u);
  EXPECT_LE(out.latency.count() * w.sleep_ns, out.wall_ns);
  EXPECT_LT(cpu_s, 0.1);
}

TEST(RunnerTest, WorkloadEndStopsTheRun) {
  FakeWorkload w;
  w.per_thread_quota = 7;
  RunSpec spec;
  spec.threads = 3;
  spec.time_limit_ns = 60'000'000'000;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(out.latency.count(), 21u);
}

// Notes when the worker threads were ready: the clock (and warm-up) starts right after.
class ReadyObserver final : public RunObserver {
 public:
  std::uint64_t ready_ns = 0;
  void on_threads_ready() override { ready_ns = monotonic_ns(); }
};

TEST(RunnerTest, WarmupEventsAreNotCounted) {
  FakeWorkload w;
  w.sleep_ns = 1'000'000;
  RunSpec spec;
  spec.threads = 1;
  spec.warmup_ns = 100'000'000;
  spec.time_limit_ns = 100'000'000;
  ReadyObserver ready;
  const RunOutcome out = run_workload(w, spec, &ready);
  EXPECT_GT(out.latency.count(), 0u);
  EXPECT_LE(out.latency.count(), w.executed.load());
  // An event that began before ready + warm-up began during the warm-up (which ends no
  // earlier) and must not be counted. On an idle machine the first event begins at once; a
  // loaded one may start the thread only after the warm-up, and then every event counts.
  ASSERT_NE(w.first_start_ns.load(), 0u);
  if (w.first_start_ns.load() < ready.ready_ns + spec.warmup_ns) {
    EXPECT_LT(out.latency.count(), w.executed.load());
  }
}

TEST(RunnerTest, StoppedDuringWarmupMeasuresNothing) {
  FakeWorkload w;
  w.per_thread_quota = 5;  // the workload ends long before warm-up does
  RunSpec spec;
  spec.threads = 2;
  spec.warmup_ns = 60'000'000'000;
  spec.time_limit_ns = 60'000'000'000;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(w.executed.load(), 10u);
  EXPECT_EQ(out.latency.count(), 0u);
  EXPECT_EQ(out.wall_ns, 0u);
}

class FailingSetupWorkload final : public Workload {
 public:
  std::unique_ptr<EventWorker> make_worker(int index, int) override {
    if (index == 1) throw std::runtime_error("no memory for thread 1");
    return inner_.make_worker(index, 2);
  }

 private:
  FakeWorkload inner_;
};

TEST(RunnerTest, SetupFailureStopsTheOtherThreadsAtOnce) {
  FailingSetupWorkload w;
  RunSpec spec;
  spec.threads = 2;
  spec.time_limit_ns = 3'600'000'000'000;  // an hour: the test would time out if not stopped
  EXPECT_THROW(run_workload(w, spec, nullptr), std::runtime_error);
}

TEST(RunnerTest, WorkloadExceptionIsRethrownAfterStoppingEveryThread) {
  FakeWorkload w;
  w.throw_at = 50;
  RunSpec spec;
  spec.threads = 2;
  spec.time_limit_ns = 60'000'000'000;
  EXPECT_THROW(run_workload(w, spec, nullptr), std::runtime_error);
}

TEST(RunnerTest, RateLimitedLatencyIncludesQueueTime) {
  // Arrivals every ~1 ms on average, service takes 5 ms: the queue grows, so the latency
  // measured from arrival must exceed the service time by far for later events.
  // Ten events, not a time limit: however slowly a loaded machine runs them, the tenth arrives
  // ~9 ms after the first (seed 42) and cannot start before 9 services of 5 ms are done.
  FakeWorkload w;
  w.sleep_ns = 5'000'000;
  RunSpec spec;
  spec.threads = 1;
  spec.rate_per_s = 1000;
  spec.seed = 42;
  spec.max_events = 10;
  spec.time_limit_ns = 0;
  const RunOutcome out = run_workload(w, spec, nullptr);
  ASSERT_EQ(out.latency.count(), 10u);
  EXPECT_GT(out.latency.max_ns(), 3 * w.sleep_ns);
}

TEST(RunnerTest, RateLimitedRunDoesNotRunAhead) {
  // 50 events/s for 300 ms: a Poisson process has ~15 arrivals; running ahead of the schedule
  // would give thousands with a no-op event.
  FakeWorkload w;
  RunSpec spec;
  spec.threads = 2;
  spec.rate_per_s = 50;
  spec.seed = 7;
  spec.time_limit_ns = 300'000'000;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_LT(out.latency.count(), 100u);
}

class RecordingObserver final : public RunObserver {
 public:
  std::vector<IntervalSample> samples;
  void on_interval(const IntervalSample& s) override { samples.push_back(s); }
};

TEST(RunnerTest, IntermediateReportsCoverTheEventsOfTheirInterval) {
  FakeWorkload w;
  w.sleep_ns = 1'000'000;
  RunSpec spec;
  spec.threads = 2;
  spec.time_limit_ns = 350'000'000;
  spec.report_interval_ns = 100'000'000;
  RecordingObserver obs;
  const RunOutcome out = run_workload(w, spec, &obs);
  ASSERT_GE(obs.samples.size(), 2u);
  EXPECT_EQ(obs.samples.size(), out.intervals.size());
  double reported = 0;
  for (std::size_t i = 0; i < obs.samples.size(); ++i) {
    EXPECT_NEAR(obs.samples[i].time_s, 0.1 * static_cast<double>(i + 1), 1e-9);
    // A control thread woken 100 ms late on a loaded machine makes two reports at once, the
    // second with no events: an interval may be empty, not negative; one with events has
    // their latency.
    EXPECT_GE(obs.samples[i].events_per_s, 0);
    if (obs.samples[i].events_per_s > 0) {
      EXPECT_GE(obs.samples[i].latency_pct_ns, w.sleep_ns);
    }
    reported += obs.samples[i].events_per_s * 0.1;
  }
  EXPECT_GT(reported, 0);
  EXPECT_LE(reported, static_cast<double>(out.latency.count()) + 0.5);
}

TEST(RunnerTest, SigintStopsTheRunAndKeepsWhatWasMeasured) {
  FakeWorkload w;
  w.sleep_ns = 1'000'000;
  RunSpec spec;
  spec.threads = 2;
  spec.time_limit_ns = 60'000'000'000;
  const pthread_t self = pthread_self();
  // SIGINT once an event has begun (the run holds SIGINT by then, and that event will be
  // counted), not after a fixed 100 ms a loaded machine may spend starting the threads.
  std::thread killer([self, &w] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (w.executed.load() == 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pthread_kill(self, SIGINT);
  });
  const RunOutcome out = run_workload(w, spec, nullptr);
  killer.join();
  EXPECT_TRUE(out.interrupted);
  EXPECT_FALSE(out.forced_shutdown);
  EXPECT_GT(out.latency.count(), 0u);
  EXPECT_EQ(out.latency.count(), w.executed.load());
}

}  // namespace
}  // namespace hostmark
