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

// The share of `draws` draws from [0, 9999] that fall in [first, last].
double share_in(RandSpec spec, std::uint64_t first, std::uint64_t last, int draws = 20000) {
  SysbenchRandom r(spec, 1);
  int in = 0;
  for (int i = 0; i < draws; ++i) {
    const std::uint64_t v = r.next(0, 9999);
    in += v >= first && v <= last ? 1 : 0;
  }
  return static_cast<double>(in) / draws;
}

// Over [0, 9999] (t = 9999) the special window is 4949.5 + [0, 100.99) and a draw u in
// [1 - res/100, 1) lands at 4949.5 + u x 100.99. The gaussian puts about 4.79 x (w / 10000) of
// its draws on a central window of w values.
TEST(SysbenchRandomTest, SpecialDrawsGoToTheMiddleOfTheRangeAsInSysbench) {
  RandSpec spec;  // 75 %: u in [0.25, 1) -> values 4974-5050
  EXPECT_NEAR(share_in(spec, 4974, 5050), 0.75 + 0.25 * 0.037, 0.015);
  EXPECT_LT(share_in(spec, 0, 99), 0.001);      // not the first 1 % (hostmark before 2026-12-04)
  EXPECT_LT(share_in(spec, 4950, 4973), 0.01);  // the window's lower quarter: gaussian only
  spec.spec_pct = 10;                           // 4499.55 + u x 1000.9 -> values 4749-5500
  EXPECT_NEAR(share_in(spec, 4749, 5500), 0.75 + 0.25 * 0.348, 0.015);
}

TEST(SysbenchRandomTest, SpecialShareIsSpecRes) {
  RandSpec spec;
  spec.spec_res = 60;  // u in [0.4, 1) -> values 4989-5050
  EXPECT_NEAR(share_in(spec, 4989, 5050), 0.6 + 0.4 * 0.030, 0.015);
  spec.spec_res = 90;  // u in [0.1, 1) -> values 4959-5050
  EXPECT_NEAR(share_in(spec, 4959, 5050), 0.9 + 0.1 * 0.044, 0.015);
  spec.spec_res = 40;  // u in [0.6, 1) -> values 5010-5050
  EXPECT_NEAR(share_in(spec, 5010, 5050), 0.4 + 0.6 * 0.020, 0.015);
  spec.spec_res = 100;  // every draw special: the whole window, 4949-5050
  EXPECT_EQ(share_in(spec, 4949, 5050), 1.0);
  spec.spec_res = 0;  // the gaussian alone
  EXPECT_NEAR(share_in(spec, 4989, 5050), 0.030, 0.01);
}

TEST(SysbenchRandomTest, SpecialStaysInRangeAtTheEdges) {
  RandSpec spec;
  for (double pct : {-5.0, 0.0, 0.001, 50.0, 100.0, 250.0}) {
    spec.spec_pct = pct;
    SysbenchRandom r(spec, 7);
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t v = r.next(3, 12);
      ASSERT_GE(v, 3u) << pct;
      ASSERT_LE(v, 12u) << pct;
    }
  }
}

TEST(SysbenchRandomTest, ParseRandTypeNamesTheOption) {
  EXPECT_EQ(parse_rand_type("pareto").value(), RandType::kPareto);
  const auto bad = parse_rand_type("zipf");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().what, "--rand-type");
}

}  // namespace
}  // namespace hostmark
