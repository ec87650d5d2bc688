// results/report_series.h and output/svg_histogram.h: rates over time, log bins and the dense
// percentile curve the report draws from time series and histograms.
#include "results/report_series.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

#include "output/svg_histogram.h"
#include "report_sample.h"

namespace hostmark {
namespace {

TEST(ReportSeriesTest, RatesPerSampleLeaveOutAShortTail) {
  TimeSeries s;
  s.interval_ms = 100;
  s.end_ms = {100, 200, 250, 260};
  s.read_ios = {10, 20, 5, 1};
  s.write_ios = {0, 0, 5, 0};
  s.read_bytes = {10'000, 20'000, 5'000, 1'000};
  s.write_bytes = {0, 0, 5'000, 0};
  const RatesOverTime r = rates_over_time(s);
  ASSERT_EQ(r.read_iops.size(), 3u) << "the 10 ms tail is left out";
  EXPECT_DOUBLE_EQ(r.read_iops[0].first, 0.1);
  EXPECT_DOUBLE_EQ(r.read_iops[0].second, 100);
  EXPECT_DOUBLE_EQ(r.read_iops[1].second, 200);
  EXPECT_DOUBLE_EQ(r.write_iops[2].second, 100);  // 5 in 50 ms
  EXPECT_DOUBLE_EQ(r.read_mb_per_s[0].second, 0.1);
  EXPECT_TRUE(r.events_per_s.empty());

  TimeSeries e;
  e.interval_ms = 1000;
  e.end_ms = {1000, 2000};
  e.events = {500, 700};
  const RatesOverTime er = rates_over_time(e);
  EXPECT_TRUE(er.read_iops.empty());
  ASSERT_EQ(er.events_per_s.size(), 2u);
  EXPECT_DOUBLE_EQ(er.events_per_s[1].second, 700);
}

TEST(ReportSeriesTest, LogBinsShareOutEveryValue) {
  const std::vector<LatencyBucket> buckets = {{100, 100, 1}, {1000, 1007, 2}, {9000, 9063, 1}};
  const auto bins = latency_bins(buckets, 10);
  ASSERT_EQ(bins.size(), 20u);  // 10^2 .. 10^4: two decades, empty bins between kept
  EXPECT_NEAR(bins.front().lower_ns, 100, 1e-9);
  EXPECT_NEAR(bins.back().upper_ns, 10000, 1e-6);
  double sum = 0;
  for (const auto& b : bins) sum += b.percent;
  EXPECT_NEAR(sum, 100, 1e-9);
  EXPECT_DOUBLE_EQ(bins[0].percent, 25);
  EXPECT_DOUBLE_EQ(bins[10].percent, 50);
  EXPECT_DOUBLE_EQ(bins[5].percent, 0);
  EXPECT_TRUE(latency_bins({}).empty());
}

TEST(ReportSeriesTest, PercentileCurveRisesFromMinToMax) {
  std::vector<LatencyBucket> buckets;
  for (std::uint64_t i = 1; i <= 1000; ++i) buckets.push_back({i * 1000, i * 1000, 1});
  const auto curve = histogram_percentile_curve(buckets);
  ASSERT_GT(curve.size(), 50u);
  EXPECT_EQ(curve.front().percent, 0);
  EXPECT_EQ(curve.front().value_ns, 1000);
  EXPECT_EQ(curve.back().value_ns, 1'000'000);
  EXPECT_NEAR(percentile_nines(curve.back().percent), 3, 1e-9);  // 1000 values: three nines
  for (std::size_t i = 1; i < curve.size(); ++i) {
    EXPECT_GT(curve[i].percent, curve[i - 1].percent);
    EXPECT_GE(curve[i].value_ns, curve[i - 1].value_ns);
  }
  EXPECT_TRUE(histogram_percentile_curve({}).empty());
}

TEST(SvgHistogramTest, DrawsABarPerDrawableBin) {
  ChartAxis x;  // built with fmt: gcc 12's -Wrestrict misfires on assigning short literals here
  x.title = fmt::format("{}", "latency");
  x.unit = fmt::format("{}", "\u00b5s");
  ChartAxis y;
  y.unit = fmt::format("{}", "%");
  HistogramChart chart{fmt::format("{}", "Latency <histogram>"), x, y, {}};
  chart.bars = {{10, 12.6, 40}, {12.6, 15.8, 60}, {0, 1, 5}, {20, 10, 5}, {30, 40, NAN}};
  const std::string svg = render_histogram_chart(chart);
  EXPECT_EQ(svg.rfind("<svg class=\"chart\"", 0), 0u);
  EXPECT_EQ(count_occurrences(svg, "<rect x="), 2) << "zero, reversed and NaN bins left out";
  EXPECT_NE(svg.find("Latency &lt;histogram&gt;"), std::string::npos);
  EXPECT_NE(svg.find("latency [\u00b5s]"), std::string::npos);
  chart.bars = {{0, 1, 5}};
  EXPECT_EQ(render_histogram_chart(chart), "");
}

}  // namespace
}  // namespace hostmark
