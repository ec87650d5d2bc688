// stats/time_series.h: the recorder's samples add up to the final totals whatever the timing,
// long runs are coarsened to at most the cap, and series of jobs and loops combine without
// losing a count.
#include "stats/time_series.h"

#include <gtest/gtest.h>

namespace hostmark {
namespace {

constexpr std::uint64_t kMs = 1'000'000;

TimeTotals reads(std::uint64_t n) { return {n, 0, n * 4096, 0, 0}; }

TEST(TimeSeriesTest, SamplesOnTheGridAndEndsWithThePartialInterval) {
  TimeSeriesRecorder rec(true, 100 * kMs);
  rec.start(1000 * kMs);
  EXPECT_FALSE(rec.due(1099 * kMs));
  rec.sample(1050 * kMs, reads(5));  // not due: ignored
  ASSERT_TRUE(rec.due(1100 * kMs));
  rec.sample(1100 * kMs, reads(10));
  rec.sample(1201 * kMs, reads(30));
  const TimeSeries s = rec.finish(1250 * kMs, reads(35));
  EXPECT_EQ(s.interval_ms, 100u);
  EXPECT_EQ(s.end_ms, (std::vector<double>{100, 201, 250}));
  EXPECT_EQ(s.read_ios, (std::vector<std::uint64_t>{10, 20, 5}));
  EXPECT_EQ(s.read_bytes[1], 20u * 4096);
  EXPECT_EQ(s.write_ios, (std::vector<std::uint64_t>{0, 0, 0}));
  EXPECT_TRUE(s.events.empty());
  EXPECT_EQ(time_series_totals(s).read_ios, 35u);
}

TEST(TimeSeriesTest, ALateSamplerSkipsTheGridPointsItMissed) {
  TimeSeriesRecorder rec(false, 100 * kMs);
  rec.start(0);
  rec.sample(350 * kMs, {0, 0, 0, 0, 7});
  EXPECT_EQ(rec.next_due_ns(), 400 * kMs);
  const TimeSeries s = rec.finish(400 * kMs, {0, 0, 0, 0, 9});
  EXPECT_EQ(s.events, (std::vector<std::uint64_t>{7, 2}));
  EXPECT_TRUE(s.read_ios.empty());
  EXPECT_FALSE(s.io());
}

TEST(TimeSeriesTest, LongRunsAreCoarsenedWithoutLosingCounts) {
  TimeSeriesRecorder rec(true, 100 * kMs, 600);
  rec.start(0);
  std::uint64_t total = 0;
  for (std::uint64_t t = 100; t <= 600'000; t += 100) {  // 10 minutes, 100 ms apart
    total += t % 7;
    if (rec.due(t * kMs)) rec.sample(t * kMs, reads(total));
  }
  const TimeSeries s = rec.finish(600'050 * kMs, reads(total + 1));
  EXPECT_LE(s.size(), 600u);
  EXPECT_GE(s.size(), 300u);
  EXPECT_EQ(s.interval_ms % 100, 0u);
  EXPECT_GT(s.interval_ms, 100u);
  EXPECT_EQ(time_series_totals(s).read_ios, total + 1);
  for (std::size_t i = 1; i + 1 < s.size(); ++i)
    EXPECT_DOUBLE_EQ(s.end_ms[i] - s.end_ms[i - 1], static_cast<double>(s.interval_ms)) << i;
}

TEST(TimeSeriesTest, ATotalSampledTooHighIsLoweredSoNoCountIsNegative) {
  // A worker reset its counter after the first sample saw warm-up work.
  TimeSeriesRecorder rec(false, 100 * kMs);
  rec.start(0);
  rec.sample(100 * kMs, {0, 0, 0, 0, 50});
  rec.sample(200 * kMs, {0, 0, 0, 0, 20});
  const TimeSeries s = rec.finish(250 * kMs, {0, 0, 0, 0, 30});
  EXPECT_EQ(s.events, (std::vector<std::uint64_t>{20, 0, 10}));
}

TEST(TimeSeriesTest, NothingAfterTheLastSampleAddsNoEmptySample) {
  TimeSeriesRecorder rec(true, 100 * kMs);
  rec.start(0);
  rec.sample(100 * kMs, reads(3));
  const TimeSeries s = rec.finish(100 * kMs, reads(3));
  EXPECT_EQ(s.size(), 1u);
  EXPECT_EQ(s.read_ios[0], 3u);
  EXPECT_EQ(TimeSeriesRecorder(true).finish(5, reads(1)).size(), 0u) << "never started";
}

TimeSeries io_series(std::uint64_t interval_ms, std::vector<std::uint64_t> ios) {
  TimeSeries s;
  s.interval_ms = interval_ms;
  for (std::size_t i = 0; i < ios.size(); ++i) {
    s.end_ms.push_back(static_cast<double>((i + 1) * interval_ms));
    s.read_ios.push_back(ios[i]);
    s.write_ios.push_back(0);
    s.read_bytes.push_back(ios[i] * 512);
    s.write_bytes.push_back(0);
  }
  return s;
}

TEST(TimeSeriesTest, JobsOfAGroupAddAtTheCoarserInterval) {
  const TimeSeries a = io_series(100, {1, 2, 3, 4, 5});
  const TimeSeries b = io_series(200, {10, 20});
  const TimeSeries sum = add_time_series(a, b);
  EXPECT_EQ(sum.interval_ms, 200u);
  EXPECT_EQ(sum.read_ios, (std::vector<std::uint64_t>{13, 27, 5}));
  EXPECT_EQ(sum.end_ms, (std::vector<double>{200, 400, 500}));
  EXPECT_EQ(time_series_totals(sum).read_bytes, (15u + 30u) * 512);
  EXPECT_EQ(add_time_series(TimeSeries{}, b).read_ios, b.read_ios);
}

TEST(TimeSeriesTest, LoopsAppendOneAfterTheOther) {
  const TimeSeries s = append_time_series(io_series(100, {1, 2, 3}), io_series(100, {4, 5}));
  EXPECT_EQ(s.read_ios, (std::vector<std::uint64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(s.end_ms.back(), 500);
  const TimeSeries capped =
      append_time_series(io_series(100, {1, 2, 3}), io_series(100, {4, 5}), 2);
  EXPECT_LE(capped.size(), 2u);
  EXPECT_EQ(time_series_totals(capped).read_ios, 15u);
  EXPECT_EQ(capped.end_ms.back(), 500);
}

}  // namespace
}  // namespace hostmark
