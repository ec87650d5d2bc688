// The pure parts of distributed runs (src/mpi/): launch checks, node layout, option splitting,
// per-rank jobs, the exact wire form of histograms and job stats, the aggregate of ranks, and
// the removal of a rank's files when the launcher ends it with SIGTERM.
// The mpirun-driven runs are in mpi_cli_test.cc.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "mpi/comm.h"
#include "mpi/dist_options.h"
#include "mpi/fio_aggregate.h"
#include "mpi/job_stats_codec.h"
#include "mpi/node_layout.h"
#include "mpi/options_hash.h"
#include "mpi/rank_jobs.h"
#include "mpi/remove_on_term.h"
#include "scratch_dir.h"

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

fio::SampleStats samples(std::uint64_t base) {
  const double b = static_cast<double>(base);
  return {base, base + 1, b + 0.25, b + 0.5, base + 2, b + 0.75};
}

// Every field of fio::JobStats set to a value of its own (options aside: not sent).
fio::JobStats every_field_set() {
  fio::JobStats j;
  j.options = job_named("sent");
  j.jobnum = 2;
  j.groupid = 1;
  j.members = 3;
  j.tid = 4242;
  for (int d = 0; d < fio::kDirs; ++d) {
    auto& dir = j.dirs[d];
    const auto k = static_cast<std::uint64_t>(d + 1) * 100;
    dir.io_bytes = k + 1;
    dir.total_ios = k + 2;
    dir.short_ios = k + 3;
    dir.drop_ios = k + 4;
    dir.runtime_ns = k + 5;
    dir.has_slat = d != 1;
    dir.slat.record(k + 6);
    dir.clat.record(k + 7);
    dir.clat.record(k + 70);
    dir.lat.record(k + 8);
    dir.bw_kib_s = samples(k + 9);
    dir.iops = samples(k + 10);
  }
  j.sync_lat.record(55);
  j.sync_total = 6;
  j.usr_cpu_percent = 12.5;
  j.sys_cpu_percent = 7.25;
  j.ctx = 77;
  j.majf = 8;
  j.minf = 9;
  for (std::size_t i = 0; i < 7; ++i) {
    j.depths.level[i] = 1.5 + static_cast<double>(i);
    j.depths.submit[i] = 2.5 + static_cast<double>(i);
    j.depths.complete[i] = 3.5 + static_cast<double>(i);
  }
  j.depths.issued = {11, 12, 13};
  j.depths.short_ios = {14, 15, 16};
  j.depths.dropped = {17, 18, 19};
  j.elapsed_ns = 123'456;
  j.measured_ns = 120'000;
  j.job_start_unix_ms = 1'796'203'153'523;
  j.error = 28;
  j.error_text = "f: No space left on device";
  j.failed_ios = 5;
  j.first_error = 5;
  j.first_error_text = "f: read at offset 8192: Input/output error";
  j.interrupted = true;
  j.notes = {"n1", "n2"};
  j.series.interval_ms = 100;
  j.series.end_ms = {100.5, 200.25};
  j.series.read_ios = {1, 2};
  j.series.write_ios = {3, 4};
  j.series.read_bytes = {4096, 8192};
  j.series.write_bytes = {12288, 16384};
  j.series.events = {5, 6};
  return j;
}

void expect_same(const fio::SampleStats& a, const fio::SampleStats& b) {
  EXPECT_EQ(a.min, b.min);
  EXPECT_EQ(a.max, b.max);
  EXPECT_EQ(a.mean, b.mean);
  EXPECT_EQ(a.stddev, b.stddev);
  EXPECT_EQ(a.samples, b.samples);
  EXPECT_EQ(a.agg_percent, b.agg_percent);
}

void expect_same(const TimeSeries& a, const TimeSeries& b) {
  EXPECT_EQ(a.interval_ms, b.interval_ms);
  EXPECT_EQ(a.end_ms, b.end_ms);
  EXPECT_EQ(a.read_ios, b.read_ios);
  EXPECT_EQ(a.write_ios, b.write_ios);
  EXPECT_EQ(a.read_bytes, b.read_bytes);
  EXPECT_EQ(a.write_bytes, b.write_bytes);
  EXPECT_EQ(a.events, b.events);
}

// Every field the single-process report, JSON and saved result show crosses the wire: a rank's
// continue_on_error errors and time series included (they were dropped once).
TEST(MpiCodecTest, JobStatsRoundTripCarriesEveryField) {
  const fio::JobStats j = every_field_set();
  fio::JobStats shape;
  shape.options = job_named("rank0");
  const auto back = decode_job_stats(encode_job_stats({j}), {shape}, "rank 1");
  ASSERT_EQ(back.size(), 1u);
  const fio::JobStats& b = back[0];
  EXPECT_EQ(b.options.name, "rank0");
  EXPECT_EQ(b.jobnum, j.jobnum);
  EXPECT_EQ(b.groupid, j.groupid);
  EXPECT_EQ(b.members, j.members);
  EXPECT_EQ(b.tid, j.tid);
  for (int d = 0; d < fio::kDirs; ++d) {
    SCOPED_TRACE(d);
    EXPECT_EQ(b.dirs[d].io_bytes, j.dirs[d].io_bytes);
    EXPECT_EQ(b.dirs[d].total_ios, j.dirs[d].total_ios);
    EXPECT_EQ(b.dirs[d].short_ios, j.dirs[d].short_ios);
    EXPECT_EQ(b.dirs[d].drop_ios, j.dirs[d].drop_ios);
    EXPECT_EQ(b.dirs[d].runtime_ns, j.dirs[d].runtime_ns);
    EXPECT_EQ(b.dirs[d].has_slat, j.dirs[d].has_slat);
    expect_same(b.dirs[d].slat, j.dirs[d].slat);
    expect_same(b.dirs[d].clat, j.dirs[d].clat);
    expect_same(b.dirs[d].lat, j.dirs[d].lat);
    expect_same(b.dirs[d].bw_kib_s, j.dirs[d].bw_kib_s);
    expect_same(b.dirs[d].iops, j.dirs[d].iops);
  }
  expect_same(b.sync_lat, j.sync_lat);
  EXPECT_EQ(b.sync_total, j.sync_total);
  EXPECT_EQ(b.usr_cpu_percent, j.usr_cpu_percent);
  EXPECT_EQ(b.sys_cpu_percent, j.sys_cpu_percent);
  EXPECT_EQ(b.ctx, j.ctx);
  EXPECT_EQ(b.majf, j.majf);
  EXPECT_EQ(b.minf, j.minf);
  EXPECT_EQ(b.depths.level, j.depths.level);
  EXPECT_EQ(b.depths.submit, j.depths.submit);
  EXPECT_EQ(b.depths.complete, j.depths.complete);
  EXPECT_EQ(b.depths.issued, j.depths.issued);
  EXPECT_EQ(b.depths.short_ios, j.depths.short_ios);
  EXPECT_EQ(b.depths.dropped, j.depths.dropped);
  EXPECT_EQ(b.elapsed_ns, j.elapsed_ns);
  EXPECT_EQ(b.measured_ns, j.measured_ns);
  EXPECT_EQ(b.job_start_unix_ms, j.job_start_unix_ms);
  EXPECT_EQ(b.error, j.error);
  EXPECT_EQ(b.error_text, j.error_text);
  EXPECT_EQ(b.failed_ios, j.failed_ios);
  EXPECT_EQ(b.first_error, j.first_error);
  EXPECT_EQ(b.first_error_text, j.first_error_text);
  EXPECT_EQ(b.interrupted, j.interrupted);
  EXPECT_EQ(b.notes, j.notes);
  expect_same(b.series, j.series);
  const std::string bytes = encode_job_stats({j});
  EXPECT_THROW(decode_job_stats(bytes.substr(0, bytes.size() - 1), {shape}, "rank 1"), Failure);
  EXPECT_THROW(decode_job_stats(bytes + "x", {shape}, "rank 1"), Failure);
}

// continue_on_error's errors of every rank reach the aggregate: summed, the first error the
// lowest failing rank's with the rank named, and the warning a single run gives.
TEST(MpiAggregateTest, ContinuedErrorsOfEveryRankAreSummedAndTheFirstNamesItsRank) {
  std::vector<RankRun> ranks;
  for (int r = 0; r < 3; ++r) {
    fio::JobStats j;
    j.options = job_named("c");
    j.options.continue_on_error = 1;
    j.dirs[0].total_ios = 10;
    if (r > 0) {
      j.failed_ios = static_cast<std::uint64_t>(r) * 2;
      j.first_error = 5;
      j.first_error_text = fmt::format("c.{}: read at offset 0: Input/output error", r);
    }
    j.series.interval_ms = 100;
    j.series.end_ms = {100};
    j.series.read_ios = {10};
    j.series.write_ios = {0};
    j.series.read_bytes = {40960};
    j.series.write_bytes = {0};
    fio::JobStats shape;
    shape.options = j.options;
    ranks.push_back(RankRun{r, "node" + std::to_string(r),
                            decode_job_stats(encode_job_stats({j}), {shape}, "rank"), 0, 0});
  }
  const fio::FioRun agg = aggregate_fio_runs(fio::FioRun{}, ranks);
  ASSERT_EQ(agg.jobs.size(), 1u);
  const auto& j = agg.jobs[0];
  EXPECT_EQ(j.failed_ios, 6u);
  EXPECT_EQ(j.first_error, 5);
  EXPECT_EQ(j.first_error_text, "rank 1 (node1): c.1: read at offset 0: Input/output error");
  EXPECT_EQ(fio::continued_errors_warning(j),
            "job c: 6 I/O error(s) continued past (continue_on_error), the first: rank 1 "
            "(node1): c.1: read at offset 0: Input/output error");
  ASSERT_EQ(j.series.size(), 1u) << "the ranks' series added sample by sample";
  EXPECT_EQ(j.series.read_ios[0], 30u);
  const DistSummary s = summarize_ranks(ranks);
  EXPECT_EQ(s.rank_rows[0].failed_ios, 0u);
  EXPECT_EQ(s.rank_rows[2].failed_ios, 4u);
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
  b.failed_ios = 2;
  b.first_error = 5;
  b.first_error_text = "f.1: write at offset 0: Input/output error";
  a.series.interval_ms = b.series.interval_ms = 100;
  a.series.end_ms = {100};
  b.series.end_ms = {50};
  a.series.read_ios = a.series.read_bytes = b.series.read_ios = b.series.read_bytes = {0};
  a.series.write_ios = {10};
  a.series.write_bytes = {100};
  b.series.write_ios = {3};
  b.series.write_bytes = {30};
  append_pass(a, b);
  EXPECT_EQ(job_ios(a), 13u);
  EXPECT_EQ(a.dirs[1].io_bytes, 130u);
  EXPECT_EQ(a.dirs[1].runtime_ns, 7u);
  EXPECT_EQ(a.dirs[1].clat.count(), 2u);
  EXPECT_EQ(a.failed_ios, 2u) << "the wear-out's continue_on_error errors are kept";
  EXPECT_EQ(a.first_error, 5);
  EXPECT_EQ(a.first_error_text, b.first_error_text);
  ASSERT_EQ(a.series.size(), 2u) << "the wear-out's samples follow the first pass's";
  EXPECT_EQ(a.series.write_ios, (std::vector<std::uint64_t>{10, 3}));
  EXPECT_EQ(a.series.end_ms, (std::vector<double>{100, 150}));
}

// What Open MPI does to the other ranks when one calls MPI_Abort: SIGTERM (then SIGKILL). The
// rank removes the files it listed and still dies of SIGTERM; files it did not list stay.
TEST(MpiRemoveOnTermTest, SigtermRemovesTheListedFilesAndStillEndsTheProcess) {
  GTEST_FLAG_SET(death_test_style, "fast");  // fork: the child sees this ScratchDir
  ScratchDir d;
  const std::string mine = d.file("x.0"), other = d.file("before");
  std::ofstream(other) << "existed before the run";
  ASSERT_EQ(missing_paths({mine, other, mine}), (std::vector<std::string>{mine}));
  std::ofstream(mine) << "laid out by the run";
  EXPECT_EXIT(
      {
        RemoveOnTerm guard({mine});
        ::raise(SIGTERM);
      },
      ::testing::KilledBySignal(SIGTERM), "");
  EXPECT_FALSE(std::filesystem::exists(mine));
  EXPECT_TRUE(std::filesystem::exists(other));
  {
    RemoveOnTerm guard({mine});
    EXPECT_THROW(RemoveOnTerm second({other}), std::logic_error) << "one list per process";
  }
  std::ofstream(mine) << "again";
  EXPECT_EXIT(
      {
        RemoveOnTerm guard({mine});
        guard.replace({});  // the run's own files already removed
        ::raise(SIGTERM);
      },
      ::testing::KilledBySignal(SIGTERM), "");
  EXPECT_TRUE(std::filesystem::exists(mine)) << "a replaced list is not used";
}

}  // namespace
}  // namespace hostmark::mpi
