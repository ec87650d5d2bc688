// The pure helpers behind the fio formatters: latency summary and bucket table, percentile
// list, percentile precision, DirStats rates, and fio's num2str / ctime spellings.
#include <gtest/gtest.h>

#include <cmath>
#include <ctime>
#include <string>

#include "fio/report_stats.h"
#include "fio/run_stats.h"
#include "output/fio_text.h"

namespace hostmark {
namespace {

TEST(FioReportStats, LatSummaryUsesSampleStddev) {
  Histogram h;
  for (int i = 0; i < 900; ++i) h.record(50'000);
  for (int i = 0; i < 100; ++i) h.record(150'000);
  const fio::LatSummary s = fio::lat_summary(h);
  EXPECT_EQ(s.samples, 1000u);
  EXPECT_EQ(s.min_ns, 50'000u);
  EXPECT_EQ(s.max_ns, 150'000u);
  EXPECT_DOUBLE_EQ(s.mean_ns, 60'000.0);
  // Population sd is 30000 exactly; fio divides by n - 1.
  EXPECT_NEAR(s.stddev_ns, 30'000.0 * std::sqrt(1000.0 / 999.0), 1e-6);
}

TEST(FioReportStats, LatSummaryOfEmptyAndSingleSample) {
  Histogram h;
  const fio::LatSummary empty = fio::lat_summary(h);
  EXPECT_EQ(empty.samples, 0u);
  EXPECT_EQ(empty.min_ns, 0u);
  EXPECT_EQ(empty.max_ns, 0u);
  h.record(777);
  const fio::LatSummary one = fio::lat_summary(h);
  EXPECT_EQ(one.min_ns, 777u);
  EXPECT_EQ(one.max_ns, 777u);
  EXPECT_EQ(one.stddev_ns, 0.0);
}

TEST(FioReportStats, BucketOfFollowsFioBoundaries) {
  using P = std::pair<int, int>;
  EXPECT_EQ(fio::latency_bucket_of(0), P(0, 0));  // nsec "2="
  EXPECT_EQ(fio::latency_bucket_of(1), P(0, 0));
  EXPECT_EQ(fio::latency_bucket_of(2), P(0, 1));     // nsec "4="
  EXPECT_EQ(fio::latency_bucket_of(249), P(0, 6));   // nsec "250="
  EXPECT_EQ(fio::latency_bucket_of(250), P(0, 7));   // nsec "500="
  EXPECT_EQ(fio::latency_bucket_of(999), P(0, 9));   // nsec "1000="
  EXPECT_EQ(fio::latency_bucket_of(1000), P(1, 0));  // usec "2="
  EXPECT_EQ(fio::latency_bucket_of(1999), P(1, 0));
  EXPECT_EQ(fio::latency_bucket_of(2000), P(1, 1));
  EXPECT_EQ(fio::latency_bucket_of(249'999), P(1, 6));  // usec "250="
  EXPECT_EQ(fio::latency_bucket_of(250'000), P(1, 7));  // usec "500="
  EXPECT_EQ(fio::latency_bucket_of(999'999), P(1, 9));
  EXPECT_EQ(fio::latency_bucket_of(1'000'000), P(2, 0));       // msec "2="
  EXPECT_EQ(fio::latency_bucket_of(999'999'999), P(2, 9));     // msec "1000="
  EXPECT_EQ(fio::latency_bucket_of(1'000'000'000), P(2, 10));  // msec "2000="
  EXPECT_EQ(fio::latency_bucket_of(1'999'999'999), P(2, 10));
  EXPECT_EQ(fio::latency_bucket_of(2'000'000'000), P(2, 11));  // msec ">=2000="
}

TEST(FioReportStats, LatencyBucketPercentagesByHand) {
  // 10000 I/Os over two directions: 1 at 30 ns, 6999 at 5 us, 2000 at 300 us, 999 at 3 ms,
  // 1 at 2.5 s. Shares: 0.01 %, 69.99 %, 20 %, 9.99 %, 0.01 %.
  Histogram read;
  Histogram write;
  read.record(30);
  for (int i = 0; i < 6999; ++i) read.record(5'000);
  for (int i = 0; i < 2000; ++i) write.record(300'000);
  for (int i = 0; i < 999; ++i) write.record(3'000'000);
  write.record(2'500'000'000);
  const fio::LatencyBuckets b = fio::latency_buckets({&read, &write}, 10'000);
  EXPECT_DOUBLE_EQ(b.nsec[4], 0.01);   // "50=": [20, 50) ns
  EXPECT_DOUBLE_EQ(b.usec[2], 69.99);  // "10=": [4, 10) us
  EXPECT_DOUBLE_EQ(b.usec[7], 20.0);   // "500=": [250, 500) us
  EXPECT_DOUBLE_EQ(b.msec[1], 9.99);   // "4=": [2, 4) ms
  EXPECT_DOUBLE_EQ(b.msec[11], 0.01);  // ">=2000="
  double sum = 0;
  for (double p : b.nsec) sum += p;
  for (double p : b.usec) sum += p;
  for (double p : b.msec) sum += p;
  EXPECT_NEAR(sum, 100.0, 1e-9);
  EXPECT_EQ(b.nsec_count[4], 1u);
  EXPECT_EQ(b.usec_count[2], 6999u);
  EXPECT_EQ(b.total_ios, 10'000u);
}

TEST(FioReportStats, TinyShareShowsAsOneHundredthLikeFio) {
  Histogram h;
  h.record(100);  // "250=" nsec
  for (int i = 0; i < 99'999; ++i) h.record(1'500);
  const fio::LatencyBuckets b = fio::latency_buckets({&h}, 100'000);
  EXPECT_DOUBLE_EQ(b.nsec[6], 0.01);  // 0.001 % shown as 0.01 %, as fio does
  EXPECT_DOUBLE_EQ(b.usec[0], 99.999);
}

TEST(FioReportStats, EmptyTableWhenNoIos) {
  Histogram h;
  const fio::LatencyBuckets b = fio::latency_buckets({&h}, 0);
  for (double p : b.usec) EXPECT_EQ(p, 0.0);
}

TEST(FioReportStats, PercentilesSortedCappedAndZeroWhenEmpty) {
  Histogram h;
  for (std::uint64_t v = 1; v <= 100; ++v) h.record(v);  // exact buckets below 128 ns
  std::vector<double> list{99, 50, 1};
  auto p = fio::percentiles(h, list);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0], std::make_pair(1.0, std::uint64_t{1}));
  EXPECT_EQ(p[1], std::make_pair(50.0, std::uint64_t{50}));
  EXPECT_EQ(p[2], std::make_pair(99.0, std::uint64_t{99}));
  std::vector<double> long_list;
  for (int i = 1; i <= 25; ++i) long_list.push_back(i);
  EXPECT_EQ(fio::percentiles(h, long_list).size(), fio::kMaxPercentiles);
  Histogram empty;
  for (const auto& [pct, v] : fio::percentiles(empty, list)) EXPECT_EQ(v, 0u) << pct;
}

TEST(FioReportStats, PercentilePrecision) {
  const std::vector<double> def{1,  5,  10, 20, 30,   40,   50,    60,   70,
                                80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
  EXPECT_EQ(fio::percentile_precision(def, ""), 2);
  EXPECT_EQ(fio::percentile_precision({50, 99}, ""), 0);
  EXPECT_EQ(fio::percentile_precision({99.999}, ""), 3);
  // As written wins: "99.90" has two decimals although the value needs one.
  EXPECT_EQ(fio::percentile_precision({50, 99.9}, "50:99.90"), 2);
  EXPECT_EQ(fio::percentile_precision({50, 99}, "50:99"), 0);
}

TEST(FioReportStats, DirStatsRates) {
  fio::DirStats d;
  EXPECT_EQ(d.bw_bytes_per_s(), 0u);
  EXPECT_EQ(d.iops_mean(), 0.0);
  EXPECT_EQ(d.runtime_ms(), 0u);
  d.io_bytes = 4'096'000;
  d.total_ios = 1000;
  d.runtime_ns = 100'000'000;
  EXPECT_EQ(d.bw_bytes_per_s(), 40'960'000u);
  EXPECT_DOUBLE_EQ(d.iops_mean(), 10'000.0);
  EXPECT_EQ(d.runtime_ms(), 100u);
  d.runtime_ns = 2'600'000;  // 2.6 ms: fio prints 3 msec; the rate keeps the exact time
  EXPECT_EQ(d.runtime_ms(), 3u);
  EXPECT_EQ(d.bw_bytes_per_s(), 1'575'384'615u);
  d.io_bytes = 40'000'000'000;  // io_bytes * 1e9 does not fit in 64 bits
  d.runtime_ns = 10'000'000'000;
  EXPECT_EQ(d.bw_bytes_per_s(), 4'000'000'000u);
  EXPECT_EQ(fio::ceil_ms(1), 1u);
  EXPECT_EQ(fio::ceil_ms(1'000'000), 1u);
  EXPECT_EQ(fio::ceil_ms(1'000'001), 2u);
}

TEST(FioText, Num2strMatchesFio) {
  // Cases from fio's own unit test (unittests/lib/num2str.c) and from real fio 3.33 output.
  EXPECT_EQ(fio_num2str(1, 1, 1, false, FioUnit::kNone), "1");
  EXPECT_EQ(fio_num2str(UINT64_MAX, 99, 1, false, FioUnit::kNone), "18446744073709551615");
  EXPECT_EQ(fio_num2str(18446744073709551ull, 2, 1, false, FioUnit::kNone), "18P");
  EXPECT_EQ(fio_num2str(18446744073709551ull, 4, 1, false, FioUnit::kNone), "18.4P");
  EXPECT_EQ(fio_num2str(UINT64_MAX, 2, 1, false, FioUnit::kNone), "18");
  EXPECT_EQ(fio_num2str(UINT64_MAX, 4, 1, false, FioUnit::kNone), "18.4");
  // fio 3.33: "read: IOPS=13.4k, BW=52.4MiB/s (54.9MB/s)(1984KiB/37msec)", io=1984KiB (2032kB)
  EXPECT_EQ(fio_num2str(13405, 4, 1, false, FioUnit::kNone), "13.4k");
  EXPECT_EQ(fio_num2str(9902, 4, 1, false, FioUnit::kNone), "9902");
  EXPECT_EQ(fio_num2str(10000, 4, 1, false, FioUnit::kNone), "10.0k");
  EXPECT_EQ(fio_num2str(54'908'540, 4, 1, true, FioUnit::kBytePerSec), "52.4MiB/s");
  EXPECT_EQ(fio_num2str(54'908'540, 4, 1, false, FioUnit::kBytePerSec), "54.9MB/s");
  EXPECT_EQ(fio_num2str(2'031'616, 4, 1, true, FioUnit::kByte), "1984KiB");
  EXPECT_EQ(fio_num2str(2'031'616, 4, 1, false, FioUnit::kByte), "2032kB");
  // fio 3.33 with size=12984320: "io=12.4MiB (13.0MB)" (rounding carries into the integer).
  EXPECT_EQ(fio_num2str(12'984'320, 4, 1, true, FioUnit::kByte), "12.4MiB");
  EXPECT_EQ(fio_num2str(12'984'320, 4, 1, false, FioUnit::kByte), "13.0MB");
  // fio 3.33: "BW=1000MiB/s (1049MB/s)" for 1 MiB in 1 ms.
  EXPECT_EQ(fio_num2str(1'048'576'000, 4, 1, true, FioUnit::kBytePerSec), "1000MiB/s");
  EXPECT_EQ(fio_num2str(1'048'576'000, 4, 1, false, FioUnit::kBytePerSec), "1049MB/s");
  // display_lat uses 6 digits and no unit.
  EXPECT_EQ(fio_num2str(41258, 6, 1, false, FioUnit::kNone), "41258");
  EXPECT_EQ(fio_num2str(34'810'123, 6, 1, false, FioUnit::kNone), "34810k");
  // base: a number already in KiB.
  EXPECT_EQ(fio_num2str(2048, 4, 1024, true, FioUnit::kByte), "2048KiB");
  EXPECT_EQ(fio_num2str(3, 4, 1, true, FioUnit::kBit), "24bit");
}

TEST(FioText, CtimeMatchesLibc) {
  for (std::int64_t t :
       {std::int64_t{0}, std::int64_t{1'796'210'339}, std::int64_t{1'700'000'000}}) {
    const auto tt = static_cast<std::time_t>(t);
    char buf[64];
    ASSERT_NE(ctime_r(&tt, buf), nullptr);
    std::string expected(buf);
    expected.pop_back();  // newline
    EXPECT_EQ(fio_ctime(t), expected);
  }
}

}  // namespace
}  // namespace hostmark
