// The pure parts of distributed runs (src/mpi/): launch checks, node layout, option splitting,
// per-rank jobs, the exact wire form of histograms and job stats, and the aggregate of ranks.
// The mpirun-driven runs are in mpi_cli_test.cc.
#include <gtest/gtest.h>

#include <random>

#include "mpi/comm.h"
#include "mpi/dist_options.h"
#include "mpi/fio_aggregate.h"
#include "mpi/job_stats_codec.h"
#include "mpi/node_layout.h"
#include "mpi/options_hash.h"
#include "mpi/rank_jobs.h"

namespace hostmark::mpi {
namespace {

TEST(MpiLaunchTest, AnnouncedRanksWithAGroupOfOneIsAUsageError) {
  LaunchInfo slurm{4, "SLURM_NTASKS=4", false};
  const Status without = check_launch(slurm, 1, false);
  ASSERT_FALSE(without.ok());
  EXPECT_EQ(without.error().exit_code(), 2);
  EXPECT_NE(without.error().message().find("SLURM_NTASKS=4 says 4 ranks"), std::string::npos);
  EXPECT_NE(without.error().message().find("built without MPI"), std::string::npos);
  const Status with = check_launch(slurm, 1, true);
  ASSERT_FALSE(with.ok());
  EXPECT_NE(with.error().message().find("MPI sees one"), std::string::npos);
  EXPECT_TRUE(check_launch(slurm, 4, true).ok());
  EXPECT_TRUE(check_launch(LaunchInfo{1, "OMPI_COMM_WORLD_SIZE=1", true}, 1, true).ok());
  EXPECT_TRUE(check_launch(LaunchInfo{}, 1, false).ok());
}

TEST(MpiLaunchTest, SingleProcessCommIsAGroupOfOne) {
  SingleProcessComm c;
  EXPECT_EQ(c.rank(), 0);
  EXPECT_EQ(c.size(), 1);
  ASSERT_EQ(c.host_names().size(), 1u);
  EXPECT_EQ(c.host_names()[0], this_host_name());
  EXPECT_EQ(c.sum_u64(7), 7u);
  EXPECT_EQ(c.max_u64s({1, 2}), (std::vector<std::uint64_t>{1, 2}));
  EXPECT_EQ(c.gather_to_root("abc"), (std::vector<Bytes>{"abc"}));
  EXPECT_EQ(c.bcast_from_root("xyz"), "xyz");
}

TEST(MpiNodeLayoutTest, RanksCountedPerHost) {
  const std::vector<std::string> hosts{"a", "a", "b", "b", "a"};
  EXPECT_EQ(node_layout(hosts, 0).node_rank, 0);
  EXPECT_EQ(node_layout(hosts, 4).node_rank, 2);
  EXPECT_EQ(node_layout(hosts, 3).node_rank, 1);
  EXPECT_EQ(node_layout(hosts, 3).node_count, 2);
  EXPECT_EQ(node_layout(hosts, 3).ranks_per_node, 3);
  // IOR -C: the rank ranks_per_node further on, wrapping.
  EXPECT_EQ(reordered_rank(0, 4, 2), 2);
  EXPECT_EQ(reordered_rank(3, 4, 2), 1);
  EXPECT_EQ(reordered_rank(0, 1, 1), 0);
}

TEST(MpiDistOptionsTest, OwnOptionsAreTakenOutTheRestKeptInOrder) {
  const auto split = split_dist_options({"--name=a", "--shared-file", "--rw=read",
                                         "--mpi-stonewall", "--reorder-tasks", "--no-save",
                                         "--results-db=/tmp/x.db", "--mpi-fail-rank=3", "job.fio"})
                         .value();
  // --no-save and --results-db are fio-parser options of every run: they stay.
  EXPECT_EQ(split.fio_args, (std::vector<std::string>{"--name=a", "--rw=read", "--no-save",
                                                      "--results-db=/tmp/x.db", "job.fio"}));
  EXPECT_TRUE(split.dist.shared_file);
  EXPECT_TRUE(split.dist.stonewall);
  EXPECT_TRUE(split.dist.reorder_tasks);
  EXPECT_EQ(split.dist.fail_rank, 3);
  EXPECT_FALSE(split_dist_options({"--stonewall", "--name=x"}).value().dist.any())
      << "fio's own stonewall stays fio's";
  EXPECT_FALSE(split_dist_options({"--results-db=/tmp/x.db", "--name=x"}).value().dist.any())
      << "saving does not make a single run distributed";
  const auto bad = split_dist_options({"--mpi-fail-rank=x"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().what, "--mpi-fail-rank");
}

fio::JobOptions job_named(const std::string& name) {
  fio::JobOptions j;
  j.name = name;
  return j;
}

TEST(MpiRankJobsTest, FilePerProcessAppendsTheRank) {
  auto a = job_named("a");
  a.filenames = {"/x/f"};
  auto b = job_named("b");
  b.directory = "/x";
  const auto jobs = jobs_for_rank({a, b}, DistOptions{}, RankPlace{3, 4, 1}).value();
  EXPECT_EQ(jobs[0].filenames, (std::vector<std::string>{"/x/f.3"}));
  EXPECT_EQ(jobs[1].filename_format, "$jobname.$jobnum.$filenum.3");
  auto dev = job_named("d");
  dev.filenames = {"/dev/sdz"};
  EXPECT_FALSE(jobs_for_rank({dev}, DistOptions{}, RankPlace{0, 2, 1}).ok());
}

TEST(MpiRankJobsTest, ReorderTasksReadsTheNextNodesFilesAndWritesItsOwn) {
  auto w = job_named("w");
  w.filenames = {"/x/f"};
  w.rw.read = false;
  w.rw.write = true;
  auto r = job_named("r");
  r.filenames = {"/x/f"};
  DistOptions o;
  o.reorder_tasks = true;
  const auto jobs = jobs_for_rank({w, r}, o, RankPlace{1, 4, 2}).value();
  EXPECT_EQ(jobs[0].filenames[0], "/x/f.1");
  EXPECT_EQ(jobs[1].filenames[0], "/x/f.3");
}

TEST(MpiRankJobsTest, SharedFileGivesEachRankAndThreadItsOwnSegment) {
  auto j = job_named("s");
  j.filenames = {"/x/shared"};
  j.size = 1 << 20;
  j.numjobs = 2;
  j.offset = 4096;
  DistOptions o;
  o.shared_file = true;
  const auto r2 = jobs_for_rank({j}, o, RankPlace{2, 4, 4}).value();
  EXPECT_EQ(r2[0].filenames[0], "/x/shared");
  EXPECT_EQ(r2[0].offset, 4096u + 2u * 2u * (1u << 20));  // 2 threads x 1 MiB before it per rank
  EXPECT_EQ(r2[0].offset_increment, 1u << 20);
  const auto whole = shared_file_layout_job(j, 4);
  EXPECT_EQ(whole.offset, 4096u);
  EXPECT_EQ(whole.size, 4u * 2u * (1u << 20));
  auto no_size = j;
  no_size.size = 0;
  EXPECT_FALSE(jobs_for_rank({no_size}, o, RankPlace{0, 2, 1}).ok());
  auto no_name = j;
  no_name.filenames.clear();
  EXPECT_FALSE(jobs_for_rank({no_name}, o, RankPlace{0, 2, 1}).ok());
}

TEST(MpiRankJobsTest, StonewallNeedsOneThreadPerJobAndOneWave) {
  DistOptions o;
  o.stonewall = true;
  auto j = job_named("a");
  EXPECT_TRUE(jobs_for_rank({j}, o, RankPlace{0, 2, 1}).ok());
  auto many = j;
  many.numjobs = 2;
  EXPECT_FALSE(jobs_for_rank({many}, o, RankPlace{0, 2, 1}).ok());
  auto later = job_named("b");
  later.stonewall = true;
  EXPECT_FALSE(jobs_for_rank({j, later}, o, RankPlace{0, 2, 1}).ok());
}

TEST(MpiOptionsHashTest, DiffersWhenAnOptionDiffers) {
  fio::ParsedJobs a;
  a.jobs.push_back(job_named("j"));
  a.jobs[0].given = {{"size", "1M"}};
  fio::ParsedJobs b = a;
  EXPECT_EQ(hash_parsed_jobs(a), hash_parsed_jobs(b));
  b.jobs[0].given = {{"size", "2M"}};
  EXPECT_NE(hash_parsed_jobs(a), hash_parsed_jobs(b));
}

void expect_same(const Histogram& a, const Histogram& b) {
  EXPECT_EQ(a.count(), b.count());
  EXPECT_EQ(a.sum_ns(), b.sum_ns());
  EXPECT_EQ(a.min_ns(), b.min_ns());
  EXPECT_EQ(a.max_ns(), b.max_ns());
  EXPECT_EQ(a.sum_sq_ns2(), b.sum_sq_ns2());
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i)
    ASSERT_EQ(a.bucket_count(i), b.bucket_count(i)) << "bucket " << i;
  for (double p : {1.0, 50.0, 90.0, 99.0, 99.9, 99.99})
    EXPECT_EQ(a.percentile_ns(p), b.percentile_ns(p)) << p;
}

TEST(MpiCodecTest, HistogramRoundTripsExactly) {
  Histogram h;
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> lat(10.0, 1.5);
  for (int i = 0; i < 20000; ++i) h.record(static_cast<std::uint64_t>(lat(rng)));
  h.record(UINT64_MAX / 3);  // a sum of squares past 64 bits
  expect_same(decode_histogram(encode_histogram(h)), h);
  expect_same(decode_histogram(encode_histogram(Histogram{})), Histogram{});
  EXPECT_THROW(decode_histogram(encode_histogram(h).substr(0, 20)), Failure);
}

TEST(MpiCodecTest, JobStatsRoundTripWithRankZerosOptions) {
  fio::JobStats j;
  j.options = job_named("sent");
  j.jobnum = 2;
  j.groupid = 1;
  j.dirs[1].io_bytes = 12345;
  j.dirs[1].total_ios = 3;
  j.dirs[1].runtime_ns = 999;
  j.dirs[1].clat.record(100);
  j.dirs[1].bw_kib_s.mean = 1.5;
  j.depths.level[0] = 100;
  j.error = 28;
  j.error_text = "f: No space left on device";
  j.notes = {"n1", "n2"};
  fio::JobStats shape;
  shape.options = job_named("rank0");
  const auto back = decode_job_stats(encode_job_stats({j}), {shape}, "rank 1");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].options.name, "rank0");
  EXPECT_EQ(back[0].jobnum, 2);
  EXPECT_EQ(back[0].groupid, 1);
  EXPECT_EQ(back[0].dirs[1].io_bytes, 12345u);
  EXPECT_EQ(back[0].dirs[1].total_ios, 3u);
  EXPECT_EQ(back[0].dirs[1].runtime_ns, 999u);
  EXPECT_EQ(back[0].dirs[1].clat.count(), 1u);
  EXPECT_EQ(back[0].dirs[1].bw_kib_s.mean, 1.5);
  EXPECT_EQ(back[0].depths.level[0], 100);
  EXPECT_EQ(back[0].error, 28);
  EXPECT_EQ(back[0].error_text, j.error_text);
  EXPECT_EQ(back[0].notes, j.notes);
  EXPECT_THROW(decode_job_stats(encode_job_stats({j, j}), {shape}, "rank 1"), Failure);
}

// The aggregate of ranks is what one process would have measured with all the samples:
// counts summed, the histogram identical bucket for bucket, so every percentile is exact.
TEST(MpiAggregateTest, MergedHistogramEqualsOneProcessOfTheSameSamples) {
  std::mt19937_64 rng(42);
  std::lognormal_distribution<double> lat(11.0, 1.0);
  Histogram all;
  std::vector<RankRun> ranks;
  for (int r = 0; r < 4; ++r) {
    fio::JobStats j;
    j.options = job_named("agg");
    auto& d = j.dirs[0];
    const int n = 1000 * (r + 1);  // unequal ranks, so averaging percentiles would be wrong
    for (int i = 0; i < n; ++i) {
      const auto v = static_cast<std::uint64_t>(lat(rng)) * static_cast<std::uint64_t>(r + 1);
      d.clat.record(v);
      all.record(v);
    }
    d.total_ios = static_cast<std::uint64_t>(n);
    d.io_bytes = d.total_ios * 4096;
    d.runtime_ns = 1'000'000'000ull * static_cast<std::uint64_t>(r + 1);
    // Through the wire, as rank 0 receives them.
    fio::JobStats shape;
    shape.options = j.options;
    RankRun rr{r, r < 2 ? "hostA" : "hostB",
               decode_job_stats(encode_job_stats({j}), {shape}, "rank"), 0, 0};
    ranks.push_back(std::move(rr));
  }
  fio::FioRun base;
  const fio::FioRun agg = aggregate_fio_runs(base, ranks);
  ASSERT_EQ(agg.jobs.size(), 1u);
  const auto& d = agg.jobs[0].dirs[0];
  expect_same(d.clat, all);
  EXPECT_EQ(d.total_ios, 10'000u);
  EXPECT_EQ(d.io_bytes, 10'000u * 4096u);
  EXPECT_EQ(d.runtime_ns, 4'000'000'000u) << "the longest rank's runtime";
  EXPECT_EQ(agg.jobs[0].members, 4);
  ASSERT_EQ(agg.groups.size(), 1u);
  EXPECT_EQ(agg.groups[0].agg_bytes_per_s[0], 10'000u * 4096u / 4u);  // total bytes / longest

  const DistSummary s = summarize_ranks(ranks);
  ASSERT_EQ(s.rank_rows.size(), 4u);
  EXPECT_EQ(s.rank_rows[2].ios[0], 3000u);
  ASSERT_EQ(s.host_rows.size(), 2u);
  EXPECT_EQ(s.host_rows[1].host, "hostB");
  EXPECT_EQ(s.host_rows[1].ranks, (std::vector<int>{2, 3}));
  EXPECT_EQ(s.host_rows[1].io_bytes[0], 7000u * 4096u);
  EXPECT_EQ(s.nodes, 2);
}

TEST(MpiAggregateTest, WearOutPassAddsToTheJob) {
  fio::JobStats a, b;
  a.dirs[1].total_ios = 10;
  a.dirs[1].io_bytes = 100;
  a.dirs[1].runtime_ns = 5;
  a.dirs[1].clat.record(7);
  b.dirs[1].total_ios = 3;
  b.dirs[1].io_bytes = 30;
  b.dirs[1].runtime_ns = 2;
  b.dirs[1].clat.record(9);
  append_pass(a, b);
  EXPECT_EQ(job_ios(a), 13u);
  EXPECT_EQ(a.dirs[1].io_bytes, 130u);
  EXPECT_EQ(a.dirs[1].runtime_ns, 7u);
  EXPECT_EQ(a.dirs[1].clat.count(), 2u);
}

}  // namespace
}  // namespace hostmark::mpi
