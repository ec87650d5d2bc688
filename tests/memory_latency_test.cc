// The pointer-chase cycle visits every node once, working sets double as documented, and cache
// levels are read correctly from sizes or from synthetic curves. No timing assertions.
#include "workloads/memory_latency.h"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

namespace hostmark {
namespace {

using Points = std::vector<std::pair<double, double>>;
constexpr double kKiB = 1024;
constexpr auto L1 = MemoryLevel::kL1;
constexpr auto L2 = MemoryLevel::kL2;
constexpr auto L3 = MemoryLevel::kL3;
constexpr auto DRAM = MemoryLevel::kDram;

// Working sets 4 KiB, 8 KiB, ... with the given latencies.
Points curve(const std::vector<double>& ns) {
  Points p;
  double bytes = 4 * kKiB;
  for (const double y : ns) {
    p.emplace_back(bytes, y);
    bytes *= 2;
  }
  return p;
}

TEST(RandomCycle, IsOneCycleThroughEveryNode) {
  for (const std::size_t n : {1, 2, 3, 64, 1000, 65536}) {
    const auto next = random_cycle(n, 42);
    ASSERT_EQ(next.size(), n);
    std::vector<bool> seen(n, false);
    std::size_t node = 0;
    for (std::size_t step = 0; step < n; ++step) {
      ASSERT_LT(next[node], n);
      ASSERT_FALSE(seen[node]) << "node " << node << " visited twice, n = " << n;
      seen[node] = true;
      node = next[node];
    }
    EXPECT_EQ(node, 0u) << "the cycle does not close after n steps, n = " << n;
  }
}

TEST(RandomCycle, IsRepeatableAndRandom) {
  EXPECT_EQ(random_cycle(4096, 7), random_cycle(4096, 7));
  EXPECT_NE(random_cycle(4096, 7), random_cycle(4096, 8));
  const auto next = random_cycle(4096, 7);
  int sequential = 0, same_page = 0;  // a prefetcher's friends: next line, or same 4 KiB page
  for (std::size_t i = 0; i < next.size(); ++i) {
    sequential += next[i] == i + 1;
    same_page += next[i] / 64 == i / 64;
  }
  EXPECT_LT(sequential, 20);
  EXPECT_LT(same_page, 200);  // 64 pages: about 1 in 64 by chance
}

TEST(WorkingSets, DoubleFromMinAndEndAtMax) {
  const auto a = working_set_sizes(4096, 1 << 20);
  ASSERT_EQ(a.size(), 9u);
  EXPECT_EQ(a.front(), 4096u);
  EXPECT_EQ(a.back(), 1u << 20);
  EXPECT_EQ(working_set_sizes(4096, 100000),
            (std::vector<std::uint64_t>{4096, 8192, 16384, 32768, 65536, 100000}));
  EXPECT_EQ(working_set_sizes(4096, 4096), (std::vector<std::uint64_t>{4096}));
  EXPECT_TRUE(working_set_sizes(8192, 4096).empty());
}

TEST(Classify, BySizesWhenKnown) {
  const CacheSizes sizes{32u << 10, 1u << 20, 32u << 20};
  // 4K..32K L1, 64K..1M L2, 2M..32M L3, 64M.. DRAM
  const Points p = curve({1, 1, 1, 1, 4, 4, 4, 4, 5, 12, 13, 14, 15, 20, 80, 95});
  const std::vector<MemoryLevel> want = {L1, L1, L1, L1, L2, L2, L2,   L2,
                                         L2, L3, L3, L3, L3, L3, DRAM, DRAM};
  EXPECT_EQ(classify_levels(p, sizes), want);
}

TEST(Classify, SlowPointsAreDramWhateverTheSizesSay) {
  const CacheSizes sizes{48u << 10, 1u << 20, 508u << 20};  // a VM shown a whole socket's L3
  const Points p = curve({1, 1, 1, 1, 4, 4, 4, 4, 9, 14, 18, 24, 140, 45, 180});
  const auto got = classify_levels(p, sizes);
  EXPECT_EQ(got[11], L3);
  EXPECT_EQ(got[12], DRAM);
  EXPECT_EQ(got[13], DRAM) << "levels never move back inwards";
  EXPECT_EQ(got[14], DRAM);
}

TEST(Classify, WithoutSizesFromTheCurvesSteps) {
  // Plateaus at 1, 4, 15, 90 ns with one-point transitions.
  const Points p = curve({1, 1, 1, 1, 2.5, 4, 4, 4, 4.5, 9, 14, 15, 15, 16, 40, 85, 90});
  const auto got = classify_levels(p, CacheSizes{});
  const std::vector<MemoryLevel> want = {L1, L1, L1, L1, L2, L2,   L2,   L2,  L2,
                                         L3, L3, L3, L3, L3, DRAM, DRAM, DRAM};
  EXPECT_EQ(got, want);
}

TEST(Classify, WithoutSizesASlowLastStepIsDram) {
  // No L3 step visible: L1, L2, then memory at 100 ns.
  const Points p = curve({1, 1, 1, 4, 4, 4, 100, 110});
  const std::vector<MemoryLevel> want = {L1, L1, L1, L2, L2, L2, DRAM, DRAM};
  EXPECT_EQ(classify_levels(p, CacheSizes{}), want);
  // A flat curve is one level.
  EXPECT_EQ(classify_levels(curve({1, 1.1, 1, 1.2}), CacheSizes{}),
            (std::vector<MemoryLevel>{L1, L1, L1, L1}));
  EXPECT_TRUE(classify_levels({}, CacheSizes{}).empty());
}

TEST(LevelLatencies, MedianPerLevelAndLargestForDram) {
  const Points p = curve({1, 2, 1, 4, 5, 6, 80, 90, 100});
  const std::vector<MemoryLevel> labels = {L1, L1, L1, L2, L2, L2, DRAM, DRAM, DRAM};
  const auto got = level_latencies(p, labels);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].level, L1);
  EXPECT_DOUBLE_EQ(got[0].ns_per_load, 1);
  EXPECT_EQ(got[1].level, L2);
  EXPECT_DOUBLE_EQ(got[1].ns_per_load, 5);
  EXPECT_EQ(got[2].level, DRAM);
  EXPECT_DOUBLE_EQ(got[2].ns_per_load, 100);
  EXPECT_EQ(memory_level_name(DRAM), "DRAM");
}

TEST(MeasureLatency, MeasuresEveryWorkingSet) {
  LatencyOptions o;
  o.min_bytes = 4096;
  o.max_bytes = 64u << 10;
  o.target_ns_per_point = 1'000'000;
  int calls = 0;
  const auto r = measure_load_latency(o, [&](std::uint64_t, int i, int n) {
    EXPECT_EQ(i, ++calls);
    EXPECT_EQ(n, 5);
  });
  ASSERT_TRUE(r.ok()) << r.error().message();
  ASSERT_EQ(r.value().size(), 5u);
  for (const auto& p : r.value()) {
    EXPECT_GT(p.ns_per_load, 0);
    EXPECT_TRUE(std::isfinite(p.ns_per_load));
    EXPECT_GE(p.loads, 16u);
  }
  const Series s = latency_series(r.value());
  EXPECT_EQ(s.name, "load_latency");
  EXPECT_EQ(s.x_unit, "bytes");
  EXPECT_EQ(s.y_unit, "ns");
  EXPECT_EQ(s.points.back().first, 64 * kKiB);
}

TEST(MeasureLatency, StopsAfterTheWorkingSetWhereStopWasAsked) {
  LatencyOptions o;
  o.min_bytes = 4096;
  o.max_bytes = 64u << 10;  // 5 working sets
  o.target_ns_per_point = 1'000'000;
  int asked = 0;
  const auto r = measure_load_latency(o, {}, [&] { return ++asked == 2; });
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(asked, 2);
  ASSERT_EQ(r.value().size(), 2u);
  EXPECT_EQ(r.value()[0].working_set_bytes, 4096u);
  EXPECT_EQ(r.value()[1].working_set_bytes, 8192u);
  int never = 0;  // not asked after the last working set
  o.max_bytes = 4096;
  const auto one = measure_load_latency(o, {}, [&] { return ++never > 0; });
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one.value().size(), 1u);
  EXPECT_EQ(never, 0);
}

TEST(MeasureLatency, RejectsBadRanges) {
  LatencyOptions o;
  o.min_bytes = 32;
  EXPECT_EQ(measure_load_latency(o).error().kind, ErrorKind::kUsage);
  o.min_bytes = 8192;
  o.max_bytes = 4096;
  EXPECT_EQ(measure_load_latency(o).error().kind, ErrorKind::kUsage);
}

}  // namespace
}  // namespace hostmark
