// The log sinks of `hostmark fio` (io/fio_logs.h) without a run: fio's averaging windows, its
// latency buckets, and the histogram lines.
#include "io/fio_logs.h"

#include <gtest/gtest.h>

namespace hostmark::io {
namespace {

TEST(FioLogs, UnaveragedLogKeepsEverySample) {
  SampleLog log(0, false, true);
  log.add(0, 500, 4096, 8192, 3);
  log.add(1, 700, 512, 0, 3);
  log.close_windows(10);
  ASSERT_EQ(log.samples().size(), 2u);
  EXPECT_EQ(log.samples()[0].value, 500u);
  EXPECT_EQ(log.samples()[0].offset, 8192u);
  EXPECT_EQ(log.samples()[1].dir, 1);
  EXPECT_EQ(log.samples()[1].bytes, 512u);
}

TEST(FioLogs, LatencyWindowsCloseOnTheFirstSampleAtOrPastTheirEnd) {
  SampleLog log(100, false, true);
  log.add(0, 10, 4096, 0, 20);
  log.add(0, 21, 4096, 0, 99);  // 99 ms: a latency window is exact, still open
  EXPECT_TRUE(log.samples().empty());
  log.add(0, 30, 4096, 0, 130);  // closes at 130 with the rounded mean of 10, 21, 30
  ASSERT_EQ(log.samples().size(), 1u);
  EXPECT_EQ(log.samples()[0].msec, 130u);
  EXPECT_EQ(log.samples()[0].value, 20u);  // 61 / 3 = 20.33
  EXPECT_EQ(log.samples()[0].bytes, 0u);
  log.add(0, 5, 4096, 0, 150);  // the next window began at 100: open until 200
  EXPECT_EQ(log.samples().size(), 1u);
  log.close_windows(160);
  ASSERT_EQ(log.samples().size(), 2u);
  EXPECT_EQ(log.samples()[1].msec, 160u);
  EXPECT_EQ(log.samples()[1].value, 5u);
  log.close_windows(170);  // nothing left open
  EXPECT_EQ(log.samples().size(), 2u);
}

TEST(FioLogs, RateWindowsCloseOneMillisecondEarlyAndMaxReplacesTheMean) {
  SampleLog log(100, true, false);
  log.add(1, 10, 0, 0, 50);
  log.add(1, 40, 0, 0, 99);
  ASSERT_EQ(log.samples().size(), 1u);
  EXPECT_EQ(log.samples()[0].value, 40u);
  EXPECT_EQ(log.samples()[0].dir, 1);
}

TEST(FioLogs, BucketsAreFios) {
  EXPECT_EQ(HistLog::bucket(0), 0u);
  EXPECT_EQ(HistLog::bucket(127), 127u);
  EXPECT_EQ(HistLog::bucket(128), 128u);
  EXPECT_EQ(HistLog::bucket(255), 191u);
  EXPECT_EQ(HistLog::bucket(256), 192u);
  EXPECT_EQ(HistLog::bucket(UINT64_MAX), HistLog::kBuckets - 1);
  for (std::uint64_t v = 1; v < (1ULL << 40); v = v * 3 + 1)
    EXPECT_LE(HistLog::bucket(v - 1), HistLog::bucket(v));
}

TEST(FioLogs, HistogramLinesCountEachWindowsCompletions) {
  HistLog hist(100, true);
  hist.add(0, 1000, 4096, 5);  // starts the clock at 5
  hist.add(0, 1000, 4096, 50);
  hist.add(0, 100, 4096, 104);
  EXPECT_TRUE(hist.lines().empty());
  hist.add(0, 100, 8192, 107);  // 102 ms after 5
  ASSERT_EQ(hist.lines().size(), 1u);
  const auto& line = hist.lines()[0];
  EXPECT_EQ(line.msec, 107u);
  EXPECT_EQ(line.bytes, 8192u);
  EXPECT_EQ(line.counts[HistLog::bucket(1000)], 2u);
  EXPECT_EQ(line.counts[100], 2u);
  hist.add(0, 100, 4096, 204);  // the next window runs from 105 (the 2 ms of drift kept)
  EXPECT_EQ(hist.lines().size(), 1u);
  hist.add(0, 100, 4096, 205);
  ASSERT_EQ(hist.lines().size(), 2u);
  EXPECT_EQ(hist.lines()[1].counts[100], 2u);
}

TEST(FioLogs, NoLogOptionMakesNoSink) {
  fio::JobOptions job;
  EXPECT_EQ(JobLogs::for_job(job, 1, false), nullptr);
  job.iops_log = "";
  EXPECT_NE(JobLogs::for_job(job, 1, false), nullptr);
}

}  // namespace
}  // namespace hostmark::io
