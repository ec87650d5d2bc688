// The runner's sysbench checkpoints (RunSpec::checkpoints_ns) and event-queue limit
// (RunSpec::max_backlog).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "core/error.h"
#include "runner/runner.h"

namespace hostmark {
namespace {

// Every event sleeps `event_ns`; counts the events of all threads.
class NappingWorkload final : public Workload {
 public:
  explicit NappingWorkload(std::uint64_t event_ns) : event_ns_(event_ns) {}
  std::atomic<std::uint64_t> events{0};
  std::unique_ptr<EventWorker> make_worker(int, int) override {
    return std::make_unique<Napper>(*this);
  }

 private:
  class Napper final : public EventWorker {
   public:
    explicit Napper(NappingWorkload& w) : w_(w) {}
    bool execute() override {
      std::this_thread::sleep_for(std::chrono::nanoseconds(w_.event_ns_));
      w_.events.fetch_add(1);
      return true;
    }

   private:
    NappingWorkload& w_;
  };
  std::uint64_t event_ns_;
};

class CheckpointLog final : public RunObserver {
 public:
  std::vector<std::uint64_t> elapsed_ns;
  std::vector<RunOutcome> reports;
  void on_checkpoint(std::uint64_t elapsed, const RunOutcome& since) override {
    elapsed_ns.push_back(elapsed);
    reports.push_back(since);
  }
};

TEST(RunnerCheckpointTest, EachCheckpointReportsWhatRanSinceThePreviousAndResets) {
  NappingWorkload w(1'000'000);
  RunSpec spec;
  spec.threads = 2;
  spec.time_limit_ns = 400'000'000;
  spec.checkpoints_ns = {100'000'000, 200'000'000};
  CheckpointLog log;
  const RunOutcome out = run_workload(w, spec, &log);
  // Two reports when the control thread wakes on time; one when a loaded machine wakes it
  // after 200 ms for the first (a checkpoint passed while reporting is skipped, as sysbench
  // skips it). Whichever came, each is at or after its checkpoint and starts where the previous
  // part ended.
  ASSERT_GE(log.reports.size(), 1u);
  ASSERT_LE(log.reports.size(), 2u);
  for (std::size_t i = 0; i < log.reports.size(); ++i) {
    EXPECT_GE(log.elapsed_ns[i], spec.checkpoints_ns[i]);
    EXPECT_EQ(log.reports[i].before_checkpoint_ns, i == 0 ? 0u : log.elapsed_ns[i - 1]);
  }
  EXPECT_EQ(out.before_checkpoint_ns, log.elapsed_ns.back());  // the final part starts there
  // Nothing lost, nothing counted twice: the three parts add up to the events run.
  std::uint64_t sum = out.latency.count();
  for (const auto& r : log.reports) {
    sum += r.latency.count();
    ASSERT_EQ(r.threads.size(), 2u);
    EXPECT_EQ(r.threads[0].events + r.threads[1].events, r.latency.count());
  }
  EXPECT_EQ(sum, w.events.load());
  EXPECT_EQ(out.threads[0].events + out.threads[1].events, out.latency.count());
}

// Events of ~nothing while checkpoints come every millisecond: a checkpoint's snapshot of a
// thread's latencies is taken while that thread records dozens of events, which is when an
// event was counted twice (once in the snapshot's count, again in the next part's buckets).
TEST(RunnerCheckpointTest, ShortEventsAreCountedOnceOverManyCheckpoints) {
  NappingWorkload w(0);
  RunSpec spec;
  spec.threads = 2;
  // 300 ms, not less: a checkpoint the control thread reaches only after the time limit is never
  // reported, and a loaded machine can wake it 100 ms late.
  spec.time_limit_ns = 300'000'000;
  for (std::uint64_t ms = 1; ms < 300; ++ms) spec.checkpoints_ns.push_back(ms * 1'000'000);
  CheckpointLog log;
  const RunOutcome out = run_workload(w, spec, &log);
  ASSERT_FALSE(log.reports.empty());
  std::uint64_t sum = out.latency.count();
  std::uint64_t busy_ns = out.threads[0].busy_ns + out.threads[1].busy_ns;
  for (const auto& r : log.reports) {
    sum += r.latency.count();
    busy_ns += r.threads[0].busy_ns + r.threads[1].busy_ns;
    EXPECT_EQ(r.threads[0].events + r.threads[1].events, r.latency.count());
  }
  EXPECT_EQ(sum, w.events.load()) << log.reports.size() << " checkpoints";
  EXPECT_GT(busy_ns, 0u);
}

TEST(RunnerCheckpointTest, CheckpointsAfterTheEndAreNeverReported) {
  NappingWorkload w(100'000);
  RunSpec spec;
  spec.max_events = 20;
  spec.time_limit_ns = 0;
  spec.checkpoints_ns = {3'600'000'000'000};
  CheckpointLog log;
  const RunOutcome out = run_workload(w, spec, &log);
  EXPECT_TRUE(log.reports.empty());
  EXPECT_EQ(out.latency.count(), 20u);
  EXPECT_EQ(out.before_checkpoint_ns, 0u);
}

// sysbench's event queue: a rate the workers cannot keep up with stops the run with an error.
TEST(RunnerCheckpointTest, FullEventQueueIsARunError) {
  NappingWorkload w(1'000'000);
  RunSpec spec;
  spec.rate_per_s = 1e9;
  spec.max_backlog = 1000;
  spec.time_limit_ns = 60'000'000'000;
  try {
    run_workload(w, spec, nullptr);
    FAIL() << "a run 1000 events behind its rate went on";
  } catch (const RateBacklogFull& f) {  // its own type: the sysbench face words it as sysbench
    EXPECT_NE(std::string(f.what()).find("the event queue is full"), std::string::npos) << f.what();
    EXPECT_EQ(f.error().what, "--rate");
    EXPECT_TRUE(f.error().peer_text.empty()) << "the runner speaks hostmark only";
  }
}

}  // namespace
}  // namespace hostmark
