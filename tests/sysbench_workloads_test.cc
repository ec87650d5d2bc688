#include <gtest/gtest.h>

#include <set>

#include "runner/runner.h"
#include "workloads/cpu_prime.h"
#include "workloads/sysbench_memory.h"
#include "workloads/sysbench_mutex.h"
#include "workloads/sysbench_random.h"
#include "workloads/sysbench_threads.h"

namespace hostmark {
namespace {

RunSpec until_done(int threads) {
  RunSpec s;
  s.threads = threads;
  s.time_limit_ns = 120'000'000'000;
  return s;
}

TEST(CpuPrimeTest, CountsPrimesLikeTrialDivision) {
  EXPECT_EQ(count_primes_trial_division(3), 0u);
  EXPECT_EQ(count_primes_trial_division(4), 1u);         // 3
  EXPECT_EQ(count_primes_trial_division(10), 3u);        // 3 5 7
  EXPECT_EQ(count_primes_trial_division(10000), 1228u);  // 1229 primes below 10^4, minus 2
  EXPECT_EQ(count_primes_trial_division(100000), 9591u);
}

TEST(SysbenchMemoryTest, EachThreadRunsItsShareOfTheTotal) {
  SysbenchMemorySpec spec;
  spec.block_bytes = 1024;
  spec.total_bytes = 1 << 20;
  SysbenchMemoryWorkload w(spec);
  const RunOutcome out = run_workload(w, until_done(3), nullptr);
  EXPECT_EQ(out.latency.count(), 3u * 341u);  // 1024 blocks / 3 threads, rounded down
  for (const auto& t : out.threads) EXPECT_EQ(t.events, 341u);
}

TEST(SysbenchMemoryTest, EveryModeRunsAndEndsAtItsQuota) {
  for (MemoryOper oper : {MemoryOper::kRead, MemoryOper::kWrite, MemoryOper::kNone}) {
    for (bool global : {true, false}) {
      for (bool rnd : {false, true}) {
        SysbenchMemorySpec spec;
        spec.block_bytes = 4096;
        spec.total_bytes = 4096 * 64;
        spec.oper = oper;
        spec.global_scope = global;
        spec.random_access = rnd;
        spec.rand.type = RandType::kUniform;
        SysbenchMemoryWorkload w(spec);
        EXPECT_EQ(run_workload(w, until_done(2), nullptr).latency.count(), 64u);
      }
    }
  }
}

TEST(SysbenchMemoryTest, WriteModeReallyWritesTheBlock) {
  SysbenchMemorySpec spec;
  spec.block_bytes = 256;
  spec.total_bytes = 256 * 5;
  spec.global_scope = false;
  SysbenchMemoryWorkload w(spec);
  auto worker = w.make_worker(0, 1);
  int events = 0;
  while (worker->execute()) ++events;
  EXPECT_EQ(events, 5);
}

TEST(SysbenchMutexTest, OneEventPerThreadWithEveryLockTaken) {
  SysbenchMutexSpec spec{64, 1000, 10, 1};
  SysbenchMutexWorkload w(spec);
  const RunOutcome out = run_workload(w, until_done(2), nullptr);
  EXPECT_EQ(out.latency.count(), 2u);
  EXPECT_EQ(w.total_increments(), 2000u);
}

TEST(SysbenchThreadsTest, RunsEventsUnderContentionWithoutDeadlock) {
  SysbenchThreadsWorkload w(10, 2);
  RunSpec spec = until_done(3);
  spec.max_events = 30;
  const RunOutcome out = run_workload(w, spec, nullptr);
  EXPECT_EQ(out.latency.count(), 30u);
}

TEST(SysbenchRandomTest, EveryDistributionStaysInRangeAndIsRepeatable) {
  for (RandType t :
       {RandType::kUniform, RandType::kGaussian, RandType::kSpecial, RandType::kPareto}) {
    RandSpec spec;
    spec.type = t;
    SysbenchRandom a(spec, 99);
    SysbenchRandom b(spec, 99);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t v = a.next(10, 109);
      ASSERT_GE(v, 10u);
      ASSERT_LE(v, 109u);
      ASSERT_EQ(v, b.next(10, 109));
      seen.insert(v);
    }
    EXPECT_GT(seen.size(), 20u) << static_cast<int>(t);
  }
}

TEST(SysbenchRandomTest, SpecialFavoursTheSpecialValues) {
  RandSpec spec;  // 75% of draws in the first 1% of the range
  SysbenchRandom r(spec, 1);
  int special = 0;
  for (int i = 0; i < 10000; ++i) special += r.next(0, 9999) < 100 ? 1 : 0;
  EXPECT_GT(special, 7000);
  EXPECT_LT(special, 8000);
}

TEST(SysbenchRandomTest, ParseRandTypeNamesTheOption) {
  EXPECT_EQ(parse_rand_type("pareto").value(), RandType::kPareto);
  const auto bad = parse_rand_type("zipf");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().what, "--rand-type");
}

}  // namespace
}  // namespace hostmark
