#include "results/report_data.h"

#include <gtest/gtest.h>

#include <cmath>

#include "report_sample.h"

namespace hostmark {
namespace {

TEST(ReportData, TimeUnitKeepsValuesReadable) {
  EXPECT_STREQ(time_unit_for(999).name, "ns");
  EXPECT_STREQ(time_unit_for(1500).name, "\u00b5s");
  EXPECT_DOUBLE_EQ(time_unit_for(4'000'000).ns, 1e6);
  EXPECT_STREQ(time_unit_for(2e9).name, "s");
  EXPECT_STREQ(time_unit_for(0).name, "ns");
}

TEST(ReportData, PercentileNines) {
  EXPECT_NEAR(percentile_nines(90), 1, 1e-12);
  EXPECT_NEAR(percentile_nines(99.9), 3, 1e-9);
  EXPECT_NEAR(percentile_nines(50), std::log10(2), 1e-12);
}

TEST(ReportData, PercentileCurveIsSortedWithoutDuplicatesOrImpossiblePercents) {
  LatencyStats l;
  l.percentiles_ns = {{95, 700}, {50, 300}, {99, 900}, {95, 700}, {100, 1000}, {-1, 1}};
  const auto curve = percentile_curve(l);
  ASSERT_EQ(curve.size(), 3u);
  EXPECT_EQ(curve[0].percent, 50);
  EXPECT_EQ(curve[1].percent, 95);
  EXPECT_EQ(curve[2].percent, 99);
  EXPECT_EQ(curve[2].value_ns, 900);
}

TEST(ReportData, CpuScalingPairsOneAndAllThreadsOfTheSameStep) {
  const auto s = cpu_scalings(report_sample_result());
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].step, "cpu");
  EXPECT_EQ(s[0].single_events_per_s, 1000);
  EXPECT_EQ(s[0].all_events_per_s, 3800);
  EXPECT_EQ(s[0].all_threads, 4);
  EXPECT_EQ(s[0].ideal_events_per_s, 4000);

  Result plain;  // `hostmark cpu`'s names, no threads metric
  const auto add = [&](const std::string& name, double eps) {
    Phase p;
    p.name = name;
    p.metrics = {{"events_per_s", eps, "events/s"}};
    plain.phases.push_back(p);
  };
  add("single-thread", 10);
  add("all-threads", 15);
  add("other.all-threads", 99);
  const auto p = cpu_scalings(plain);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].step, "");
  EXPECT_EQ(p[0].all_events_per_s, 15);
  EXPECT_EQ(p[0].ideal_events_per_s, 0);
}

TEST(ReportData, RateGroupsAcrossAndWithinPhases) {
  EXPECT_TRUE(is_rate_unit("events/s"));
  EXPECT_TRUE(is_rate_unit("MiB/s"));
  EXPECT_TRUE(is_rate_unit("tps"));
  EXPECT_FALSE(is_rate_unit("ns"));
  EXPECT_FALSE(is_rate_unit("%"));
  EXPECT_FALSE(is_rate_unit("/s"));
  const auto groups = rate_groups(report_sample_result());
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].title, "events_per_s by phase");
  ASSERT_EQ(groups[0].values.size(), 2u);
  EXPECT_EQ(groups[0].values[1].first, "cpu.all-threads");
  EXPECT_EQ(groups[1].title, "memory.bandwidth");
  EXPECT_EQ(groups[1].unit, "GB/s");
  ASSERT_EQ(groups[1].values.size(), 2u);
  EXPECT_EQ(groups[1].values[0].first, "copy_gb_per_s");
}

TEST(ReportData, ActivityRows) {
  const auto rows = activity_rows(report_sample_result());
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].phase, "fs.RND4K Q1T1 read");
  EXPECT_TRUE(rows[0].has_device);
  EXPECT_EQ(rows[0].device_requests_per_s, 9000);
  EXPECT_DOUBLE_EQ(rows[0].device_await_ms, 0.1);
  EXPECT_EQ(rows[0].device_util_pct, 87);
  EXPECT_EQ(rows[0].cpu_busy_pct, 30);
  EXPECT_EQ(rows[0].cpu_iowait_pct, 10);
}

TEST(ReportData, ReferenceBarsOnlyForSharedKeys) {
  const std::vector<Figure> mine = {{"a", "A", 10, "u", true}, {"b", "B", 5, "u", false}};
  ReferenceMachine r1{"r1", "Ref 1", "", "", {{"b", "B", 7, "u", false}}};
  ReferenceMachine r2{"r2", "Ref 2", "", "", {{"b", "B", 3, "u", false}, {"c", "C", 1, "u", true}}};
  const auto bars = reference_bars(mine, {&r1, &r2, nullptr});
  ASSERT_EQ(bars.size(), 1u);
  EXPECT_EQ(bars[0].figure.key, "b");
  ASSERT_EQ(bars[0].references.size(), 2u);
  EXPECT_EQ(bars[0].references[0], (std::pair<std::string, double>{"Ref 1", 7}));
  EXPECT_EQ(bars[0].references[1].second, 3);
  EXPECT_TRUE(reference_bars(mine, {}).empty());
}

TEST(ReportData, FiguresSideBySideWithDifferenceFromTheFirst) {
  const std::vector<std::vector<Figure>> in = {
      {{"a", "A", 100, "u", true}, {"z", "Z", 0, "u", true}},
      {{"b", "B", 1, "u", true}, {"a", "A", 150, "u", true}, {"z", "Z", 3, "u", true}},
  };
  const auto rows = figures_side_by_side(in);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].key, "a");
  EXPECT_EQ(rows[1].key, "z");
  EXPECT_EQ(rows[2].key, "b");
  EXPECT_EQ(rows[0].values[1], 150);
  ASSERT_TRUE(rows[0].diff_pct[1].has_value());
  EXPECT_DOUBLE_EQ(*rows[0].diff_pct[1], 50);
  EXPECT_DOUBLE_EQ(*rows[0].diff_pct[0], 0);
  EXPECT_FALSE(rows[1].diff_pct[1].has_value());  // from 0: no percentage
  EXPECT_FALSE(rows[2].values[0].has_value());
  EXPECT_FALSE(rows[2].diff_pct[1].has_value());
  EXPECT_TRUE(figures_side_by_side({}).empty());
}

}  // namespace
}  // namespace hostmark
