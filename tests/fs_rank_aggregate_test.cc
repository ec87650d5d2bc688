// The aggregate of a distributed fs run's phases (fsbench/rank_aggregate.h) and their trip
// between ranks (mpi/phase_codec.h): rates over the longest time, work summed, and the merged
// latency histogram equal to one histogram of every rank's samples.
#include <gtest/gtest.h>

#include <random>

#include "core/error.h"
#include "fsbench/rank_aggregate.h"
#include "fsbench/test_meter.h"
#include "mpi/phase_codec.h"
#include "stats/histogram_buckets.h"

namespace hostmark {
namespace {

// A rank's phase as the fs tests make it with every bucket kept.
Phase rank_phase(const std::string& name, const Histogram& h, double seconds, double work,
                 const std::string& unit) {
  Phase p;
  p.name = name;
  p.duration_s = seconds;
  p.metrics.push_back({"rate", unit == "KiB/s" ? work / 1024 / seconds : work / seconds, unit});
  p.metrics.push_back({"cpu_pct", 50, "%"});
  p.metrics.push_back({"work", work, unit == "KiB/s" ? "bytes" : "files"});
  p.latency = fsbench::latency_stats(h);
  p.latency_histogram = histogram_buckets(h, Histogram::kBuckets);
  return p;
}

TEST(FsRankAggregateTest, MergedHistogramEqualsOneHistogramOfEverySample) {
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> latency(10.0, 1.5);  // ~20 us, a wide spread
  std::vector<Histogram> ranks(3);
  Histogram all;
  for (auto& h : ranks)
    for (int i = 0; i < 5000; ++i) {
      const auto v = static_cast<std::uint64_t>(latency(rng)) + 1;
      h.record(v);
      all.record(v);
    }
  std::vector<Phase> phases;
  for (std::size_t r = 0; r < ranks.size(); ++r)
    phases.push_back(
        rank_phase("seq_create", ranks[r], 1.0 + static_cast<double>(r), 5000, "files/s"));
  const Phase agg = fsbench::aggregate_rank_phases(phases);
  ASSERT_TRUE(agg.latency);
  EXPECT_EQ(agg.latency->count, all.count());
  EXPECT_EQ(agg.latency->sum_ns, all.sum_ns());
  EXPECT_EQ(agg.latency->min_ns, all.min_ns());
  EXPECT_EQ(agg.latency->max_ns, all.max_ns());
  EXPECT_DOUBLE_EQ(agg.latency->mean_ns, all.mean_ns());
  EXPECT_NEAR(agg.latency->stddev_ns, all.stddev_ns(), all.stddev_ns() * 1e-6);
  EXPECT_EQ(agg.latency->percentiles_ns, fsbench::latency_stats(all).percentiles_ns);
  const auto want = histogram_buckets(all);
  ASSERT_EQ(agg.latency_histogram.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(agg.latency_histogram[i].lower_ns, want[i].lower_ns);
    EXPECT_EQ(agg.latency_histogram[i].count, want[i].count);
  }
  // 15000 files over the longest rank's 3 s.
  EXPECT_EQ(agg.duration_s, 3.0);
  EXPECT_DOUBLE_EQ(agg.metric("rate")->value, 15000.0 / 3.0);
  EXPECT_EQ(agg.metric("work")->value, 15000.0);
  EXPECT_EQ(agg.metric("ranks")->value, 3.0);
  EXPECT_EQ(agg.metric("rank2.time_s")->value, 3.0);
  EXPECT_DOUBLE_EQ(agg.metric("rank0.rate")->value, 5000.0);
}

TEST(FsRankAggregateTest, BytePhasesAreKiBAndDecimalMB) {
  Histogram h;
  h.record(1000);
  const Phase one = rank_phase("put_block", h, 2.0, 4e6, "KiB/s");
  const Phase agg = fsbench::aggregate_rank_phases({one, one});
  EXPECT_EQ(agg.metric("rate")->unit, "KiB/s");
  EXPECT_DOUBLE_EQ(agg.metric("rate")->value, 8e6 / 1024 / 2.0);
  EXPECT_DOUBLE_EQ(agg.metric("mb_per_s")->value, 4.0);
  EXPECT_EQ(agg.metric("mb_per_s")->unit, "MB/s");
}

TEST(FsRankAggregateTest, RanksWithOtherTestsAreNamed) {
  Histogram h;
  h.record(1000);
  const Phase a = rank_phase("seq_create", h, 1, 1, "files/s");
  const Phase b = rank_phase("seq_stat", h, 1, 1, "files/s");
  try {
    fsbench::aggregate_ranks({{a, b}, {a, b}, {a}});
    FAIL() << "no error";
  } catch (const Failure& f) {
    EXPECT_NE(std::string(f.what()).find("rank 2"), std::string::npos) << f.what();
  }
}

TEST(FsRankAggregateTest, PhasesTravelBetweenRanksUnchanged) {
  Histogram h;
  for (std::uint64_t v : {100u, 2000u, 30000u, 30001u}) h.record(v);
  Phase p = rank_phase("ran_read", h, 0.25, 4, "files/s");
  p.metrics.push_back({"threads", 2, "threads"});
  const Phase bare = [] {
    Phase q;
    q.name = "empty";
    return q;
  }();
  const auto back = mpi::decode_phases(mpi::encode_phases({p, bare}), "rank 1");
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].name, "ran_read");
  EXPECT_EQ(back[0].duration_s, 0.25);
  ASSERT_EQ(back[0].metrics.size(), p.metrics.size());
  EXPECT_EQ(back[0].metrics[3].name, "threads");
  EXPECT_EQ(back[0].metrics[3].unit, "threads");
  ASSERT_TRUE(back[0].latency);
  EXPECT_EQ(back[0].latency->sum_ns, h.sum_ns());
  EXPECT_EQ(back[0].latency->percentiles_ns, p.latency->percentiles_ns);
  ASSERT_EQ(back[0].latency_histogram.size(), p.latency_histogram.size());
  EXPECT_EQ(back[0].latency_histogram.back().count, p.latency_histogram.back().count);
  EXPECT_FALSE(back[1].latency);
  const std::string bytes = mpi::encode_phases({p});
  EXPECT_THROW(mpi::decode_phases(bytes.substr(0, bytes.size() - 3), "rank 1"), Failure);
}

}  // namespace
}  // namespace hostmark
