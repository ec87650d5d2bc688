// The profiles of `hostmark disk`, the fio command line of each test (parsed back by the fio
// parser into the JobOptions that run), shell quoting, and best/average loop aggregation.
#include "storage/disk_profile.h"

#include <gtest/gtest.h>

#include "fio/job_parser.h"
#include "storage/disk_profile_stats.h"

namespace hostmark::storage {
namespace {

std::vector<std::string> labels(const DiskProfile& p) {
  std::vector<std::string> out;
  for (const auto& t : p.tests) out.push_back(t.label);
  return out;
}

TEST(DiskProfileTest, ProfilesHoldCrystalDiskMarksTests) {
  using V = std::vector<std::string>;
  EXPECT_EQ(labels(find_disk_profile("standard").value()),
            (V{"SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1"}));
  EXPECT_EQ(labels(find_disk_profile("nvme").value()),
            (V{"SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1"}));
  EXPECT_EQ(labels(find_disk_profile("peak").value()), (V{"SEQ1M Q8T1", "RND4K Q32T16"}));
  EXPECT_EQ(labels(find_disk_profile("realworld").value()), (V{"SEQ1M Q1T1", "RND4K Q1T1"}));
  for (const auto& name : disk_profile_names())
    EXPECT_EQ(find_disk_profile(name).value().aggregate, DiskAggregate::kBest) << name;
  EXPECT_EQ(parse_disk_aggregate("average").value(), DiskAggregate::kAverage);
  const auto mix = find_disk_profile("mix").value();
  EXPECT_TRUE(mix.mix);
  EXPECT_EQ(disk_steps(mix, true, true).size(), 4u);
  const auto nvme = find_disk_profile("nvme").value();
  EXPECT_EQ(nvme.tests[1].block_bytes, 128u * 1024);
  EXPECT_EQ(nvme.tests[2].threads, 16u);
  EXPECT_EQ(nvme.tests[2].queue_depth, 32u);
  const auto bad = find_disk_profile("fast");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().what, "--profile");
}

TEST(DiskProfileTest, StepsReadEveryTestThenWriteEveryTest) {
  const auto p = find_disk_profile("peak").value();
  std::vector<std::string> names;
  for (const auto& s : disk_steps(p, true, true)) names.push_back(s.name());
  EXPECT_EQ(names, (std::vector<std::string>{"SEQ1M Q8T1 read", "RND4K Q32T16 read",
                                             "SEQ1M Q8T1 write", "RND4K Q32T16 write"}));
  EXPECT_EQ(disk_steps(p, true, false).size(), 2u);
  EXPECT_EQ(disk_steps(p, false, true).front().direction, DiskDirection::kWrite);
}

fio::JobOptions parse_one(const std::vector<std::string>& args) {
  const auto parsed = fio::parse_fio_command_line(args, fio::system_parser_env()).value();
  EXPECT_EQ(parsed.jobs.size(), 1u);
  return parsed.jobs.at(0);
}

TEST(DiskProfileTest, FioArgumentsParseIntoTheJobThatRuns) {
  const DiskTarget target{"/var/tmp/x y/hostmark-disk.tmp", 8u << 20, 300'000'000};
  const auto nvme = find_disk_profile("nvme").value();
  const DiskStep rnd{nvme.tests[2], DiskDirection::kWrite};
  const auto job = parse_one(disk_fio_arguments(rnd, target));
  EXPECT_EQ(job.name, "RND4K_Q32T16_write");
  EXPECT_EQ(job.filenames, std::vector<std::string>{target.path});
  EXPECT_EQ(job.size, 8u << 20);
  EXPECT_EQ(job.ioengine, "libaio");
  EXPECT_TRUE(job.direct);
  EXPECT_TRUE(job.rw.write && job.rw.random && !job.rw.read);
  EXPECT_EQ(job.bs[1], 4096u);
  EXPECT_EQ(job.iodepth, 32u);
  EXPECT_EQ(job.numjobs, 16);
  EXPECT_TRUE(job.time_based);
  EXPECT_EQ(job.runtime_ns, 300'000'000u);
  EXPECT_TRUE(job.group_reporting);
  EXPECT_TRUE(job.end_fsync);

  const DiskStep seq{nvme.tests[1], DiskDirection::kRead};
  const auto read = parse_one(disk_fio_arguments(seq, target));
  EXPECT_TRUE(read.rw.read && !read.rw.write && !read.rw.random);
  EXPECT_EQ(read.bs[0], 128u * 1024);
  EXPECT_FALSE(read.end_fsync);

  const DiskStep mix{nvme.tests[0], DiskDirection::kMix};
  const auto m = parse_one(disk_fio_arguments(mix, target));
  EXPECT_TRUE(m.rw.read && m.rw.write);
  EXPECT_EQ(m.rwmixread, 70u);
  EXPECT_TRUE(m.end_fsync);

  const auto prep = parse_one(disk_prepare_arguments(target));
  EXPECT_TRUE(prep.rw.write && !prep.rw.random && prep.direct);
  EXPECT_FALSE(prep.unlink) << "the test file stays for the steps; the command removes it";
  EXPECT_EQ(prep.size, 8u << 20);
}

TEST(DiskProfileTest, ShellQuotingOnlyWhereNeeded) {
  EXPECT_EQ(shell_command_line("hostmark fio", {"--bs=4k", "--filename=/a b", "--name=it's"}),
            "hostmark fio --bs=4k '--filename=/a b' '--name=it'\\''s'");
}

DiskLoop loop(std::uint64_t read_bytes, std::uint64_t ns, std::uint64_t lat_ns) {
  DiskLoop l;
  l.read_bytes = read_bytes;
  l.read_ns = ns;
  l.ios = read_bytes / 4096;
  for (std::uint64_t i = 0; i < l.ios; ++i) l.lat.record(lat_ns);
  // Reads spread over 10 samples of 100 ms (the last one takes the rest).
  l.series.interval_ms = 100;
  for (std::uint64_t i = 1; i <= 10; ++i) {
    const std::uint64_t n = i < 10 ? l.ios / 10 : l.ios - 9 * (l.ios / 10);
    l.series.end_ms.push_back(static_cast<double>(i * ns / 10) / 1e6);
    l.series.read_ios.push_back(n);
    l.series.write_ios.push_back(0);
    l.series.read_bytes.push_back(n * 4096);
    l.series.write_bytes.push_back(0);
  }
  return l;
}

std::uint64_t sum_of(const std::vector<std::uint64_t>& v) {
  std::uint64_t n = 0;
  for (const auto x : v) n += x;
  return n;
}

TEST(DiskProfileTest, SeriesAndHistogramAreTheChosenLoopsOrAllOfThem) {
  const auto p = find_disk_profile("standard").value();
  const DiskStep step{p.tests[3], DiskDirection::kRead};
  const std::vector<DiskLoop> loops = {loop(4'096'000, 1'000'000'000, 100'000),
                                       loop(12'288'000, 1'000'000'000, 50'000)};
  const Phase best = disk_phase(step, loops, DiskAggregate::kBest);
  ASSERT_TRUE(best.time_series);
  EXPECT_EQ(sum_of(best.time_series->read_ios), 3000u) << "the second loop's";
  EXPECT_EQ(best.time_series->end_ms.back(), 1000);
  ASSERT_EQ(best.latency_histogram.size(), 1u);
  EXPECT_EQ(best.latency_histogram[0].count, best.latency->count);
  const Phase avg = disk_phase(step, loops, DiskAggregate::kAverage);
  ASSERT_TRUE(avg.time_series);
  EXPECT_EQ(sum_of(avg.time_series->read_ios), 4000u);
  EXPECT_EQ(avg.time_series->size(), 20u);
  EXPECT_EQ(avg.time_series->end_ms.back(), 2000) << "the loops one after the other";
  std::uint64_t counted = 0;
  for (const auto& b : avg.latency_histogram) counted += b.count;
  EXPECT_EQ(counted, avg.latency->count);
  EXPECT_EQ(avg.latency_histogram.size(), 2u);
}

TEST(DiskProfileTest, BestKeepsTheFastestLoopAverageAddsThemUp) {
  const auto p = find_disk_profile("standard").value();
  const DiskStep step{p.tests[3], DiskDirection::kRead};
  const std::vector<DiskLoop> loops = {loop(4'096'000, 1'000'000'000, 100'000),
                                       loop(12'288'000, 1'000'000'000, 50'000)};
  const Phase best = disk_phase(step, loops, DiskAggregate::kBest);
  EXPECT_EQ(best.name, "RND4K Q1T1 read");
  EXPECT_NEAR(best.metric("mb_per_s")->value, 12.288, 1e-9);
  EXPECT_EQ(best.metric("mb_per_s")->unit, "MB/s");
  EXPECT_NEAR(best.metric("iops")->value, 3000, 1e-9);
  EXPECT_NEAR(best.metric("lat_mean_us")->value, 50, 1e-9);
  EXPECT_EQ(best.metric("best_loop")->value, 2);
  const Phase avg = disk_phase(step, loops, DiskAggregate::kAverage);
  EXPECT_NEAR(avg.metric("mb_per_s")->value, 8.192, 1e-9);
  EXPECT_NEAR(avg.metric("iops")->value, 2000, 1e-9);
  EXPECT_NEAR(avg.metric("lat_mean_us")->value, 62.5, 1e-9);  // 1000 x 100 us + 3000 x 50 us
  EXPECT_EQ(avg.metric("loops")->value, 2);
  EXPECT_EQ(avg.metric("best_loop"), nullptr);
  EXPECT_NEAR(avg.metric("lat_p99_us")->value, 100, 0.5);
}

}  // namespace
}  // namespace hostmark::storage
