// IoPlanner: coverage, order, mixes, sizes, distributions, seeds, files and budgets, each
// checked against an independently computed answer (counts, formulas, exact sequences).
#include "io/io_planner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace hostmark::io {
namespace {

constexpr std::uint64_t kBs = 4096;

fio::JobOptions job_for(bool read, bool write, bool random) {
  fio::JobOptions job;
  job.rw.read = read;
  job.rw.write = write;
  job.rw.random = random;
  return job;
}

// Every I/O the planner gives until nullopt (at most `cap`, to fail instead of hanging).
std::vector<PlannedIo> drain(IoPlanner& p, std::size_t cap = 10'000'000) {
  std::vector<PlannedIo> out;
  while (out.size() < cap) {
    auto io = p.next();
    if (!io) break;
    out.push_back(*io);
  }
  return out;
}

// Hits per block (index = (offset - base) / kBs) of `n` blocks.
std::vector<std::uint64_t> block_hits(const std::vector<PlannedIo>& ios, std::uint64_t base,
                                      std::uint64_t n) {
  std::vector<std::uint64_t> hits(n, 0);
  for (const auto& io : ios) {
    EXPECT_GE(io.offset, base);
    const std::uint64_t b = (io.offset - base) / kBs;
    EXPECT_LT(b, n);
    if (b < n) ++hits[b];
  }
  return hits;
}

// Share of all hits taken by the `top` most-hit blocks.
double top_share(std::vector<std::uint64_t> hits, std::size_t top) {
  std::sort(hits.begin(), hits.end(), std::greater<>());
  double total = 0, sum = 0;
  for (std::size_t i = 0; i < hits.size(); ++i) {
    total += static_cast<double>(hits[i]);
    if (i < top) sum += static_cast<double>(hits[i]);
  }
  return sum / total;
}

TEST(IoPlanner, SequentialReadCoversRegionInOrderThenStops) {
  const FileRegion region{1 << 20, 1000 * kBs};
  IoPlanner p(job_for(true, false, false), {region}, 1, region.length, 0);
  const auto ios = drain(p);
  ASSERT_EQ(ios.size(), 1000u);
  for (std::size_t i = 0; i < ios.size(); ++i) {
    EXPECT_EQ(ios[i].dir, fio::Dir::kRead);
    EXPECT_EQ(ios[i].file, 0u);
    EXPECT_EQ(ios[i].offset, region.offset + i * kBs);
    EXPECT_EQ(ios[i].length, kBs);
  }
  EXPECT_FALSE(p.next());
  EXPECT_EQ(p.bytes_planned(), region.length);
  EXPECT_EQ(p.ios_planned(), 1000u);
}

TEST(IoPlanner, SequentialClipsLastBlockAtRegionEndAndWraps) {
  const FileRegion region{8192, 10000};
  IoPlanner p(job_for(true, false, false), {region}, 1, 2 * region.length, 0);
  const auto ios = drain(p);
  ASSERT_EQ(ios.size(), 6u);
  const std::uint64_t want_off[] = {0, 4096, 8192, 0, 4096, 8192};
  const std::uint32_t want_len[] = {4096, 4096, 1808, 4096, 4096, 1808};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(ios[i].offset, region.offset + want_off[i]) << i;
    EXPECT_EQ(ios[i].length, want_len[i]) << i;
  }
}

void expect_random_map_covers_once(std::uint64_t blocks) {
  const FileRegion region{4096 * 7, blocks * kBs};
  IoPlanner p(job_for(true, false, true), {region}, 42, region.length, 0);
  const auto ios = drain(p);
  ASSERT_EQ(ios.size(), blocks);
  const auto hits = block_hits(ios, region.offset, blocks);
  for (std::uint64_t b = 0; b < blocks; ++b) EXPECT_EQ(hits[b], 1u) << "block " << b;
  // Random, not sequential: few I/Os follow their predecessor directly.
  std::size_t in_order = 0;
  for (std::size_t i = 1; i < ios.size(); ++i) in_order += ios[i].offset == ios[i - 1].offset + kBs;
  EXPECT_LE(in_order, blocks / 4);
  EXPECT_FALSE(p.next());
}

TEST(IoPlanner, RandomMapCoversEveryBlockOncePerPass) {
  expect_random_map_covers_once(1000);
  expect_random_map_covers_once(4099);             // not a multiple of 64
  expect_random_map_covers_once(64 * 64 * 3 + 5);  // three map levels
  expect_random_map_covers_once(1);
}

TEST(IoPlanner, NorandommapRepeatsBlocks) {
  auto job = job_for(true, false, true);
  job.norandommap = true;
  const FileRegion region{0, 1000 * kBs};
  IoPlanner p(job, {region}, 42, region.length, 0);
  const auto hits = block_hits(drain(p), 0, 1000);
  const auto distinct = std::count_if(hits.begin(), hits.end(), [](auto h) { return h > 0; });
  // Uniform with replacement: expected distinct = n(1 - (1-1/n)^n) = 632.3, sd ~ 9.
  EXPECT_GT(distinct, 590);
  EXPECT_LT(distinct, 675);
}

TEST(IoPlanner, LfsrVisitsEveryBlockOnceWithoutTheMap) {
  // fio's t0021: random_generator=lfsr with norandommap reads every block once, out of order.
  for (std::uint64_t blocks : {1u, 2u, 256u, 1000u, 4099u}) {
    auto job = job_for(true, false, true);
    job.norandommap = true;
    job.random_generator = "lfsr";
    const FileRegion region{0, blocks * kBs};
    IoPlanner p(job, {region}, 42, region.length, 0);
    const auto ios = drain(p);
    ASSERT_EQ(ios.size(), blocks);
    const auto hits = block_hits(ios, 0, blocks);
    EXPECT_TRUE(std::all_of(hits.begin(), hits.end(), [](auto h) { return h == 1; }))
        << blocks << " blocks";
    std::size_t ascending = 0;
    for (std::size_t i = 1; i < ios.size(); ++i)
      ascending += ios[i].offset == ios[i - 1].offset + kBs ? 1 : 0;
    EXPECT_LE(ascending, std::max<std::size_t>(10, blocks / 100)) << blocks << " blocks";
  }
}

TEST(IoPlanner, RestartStartsANewPassWithANewOrder) {
  const FileRegion region{0, 500 * kBs};
  IoPlanner p(job_for(true, false, true), {region}, 7, region.length, 0);
  const auto first = drain(p);
  EXPECT_FALSE(p.next());
  p.restart();
  const auto second = drain(p);
  ASSERT_EQ(second.size(), 500u);
  for (auto h : block_hits(second, 0, 500)) EXPECT_EQ(h, 1u);
  std::size_t same = 0;
  for (std::size_t i = 0; i < 500; ++i) same += first[i].offset == second[i].offset;
  EXPECT_LT(same, 20u);
  EXPECT_EQ(p.ios_planned(), 1000u);

  // A sequential restart starts again at the region's start.
  IoPlanner s(job_for(true, false, false), {region}, 7, 3 * kBs, 0);
  EXPECT_EQ(drain(s).size(), 3u);
  s.restart();
  EXPECT_EQ(s.next()->offset, 0u);
}

TEST(IoPlanner, RwMixReadSeventyPercent) {
  auto job = job_for(true, true, true);
  job.rwmixread = 70;
  const std::uint64_t n = 200'000;
  IoPlanner p(job, {FileRegion{0, 1ULL << 40}}, 3, 0, n);
  const auto ios = drain(p);
  ASSERT_EQ(ios.size(), n);
  const auto reads = std::count_if(ios.begin(), ios.end(),
                                   [](const auto& io) { return io.dir == fio::Dir::kRead; });
  EXPECT_NEAR(static_cast<double>(reads) / n, 0.70, 0.006);  // sd 0.001
}

TEST(IoPlanner, BssplitProportionsAndAlignment) {
  auto job = job_for(true, false, true);
  job.norandommap = true;
  job.bssplit[0] = {{4096, 30}, {16384, 50}, {65536, 20}};
  const std::uint64_t n = 100'000;
  const FileRegion region{1 << 20, 1ULL << 34};
  IoPlanner p(job, {region}, 5, 0, n);
  std::map<std::uint32_t, double> count;
  for (const auto& io : drain(p)) {
    ++count[io.length];
    EXPECT_EQ((io.offset - region.offset) % 4096, 0u);
  }
  ASSERT_EQ(count.size(), 3u);
  EXPECT_NEAR(count[4096] / n, 0.30, 0.01);
  EXPECT_NEAR(count[16384] / n, 0.50, 0.01);
  EXPECT_NEAR(count[65536] / n, 0.20, 0.01);
}

TEST(IoPlanner, BssplitWithRandomMapCoversEveryBlockOnce) {
  auto job = job_for(true, false, true);
  job.bssplit[0] = {{4096, 50}, {65536, 50}};
  const std::uint64_t blocks = 3000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 11, blocks * kBs, 0);
  std::vector<int> seen(blocks, 0);
  for (const auto& io : drain(p)) {
    ASSERT_EQ(io.offset % kBs, 0u);
    ASSERT_EQ(io.length % kBs, 0u);
    for (std::uint64_t b = io.offset / kBs; b < (io.offset + io.length) / kBs; ++b) ++seen[b];
  }
  for (std::uint64_t b = 0; b < blocks; ++b) EXPECT_EQ(seen[b], 1) << b;
}

TEST(IoPlanner, BsrangeWithinRangeAndAligned) {
  auto job = job_for(true, false, true);
  job.norandommap = true;
  job.bsrange = fio::PerDir<std::pair<std::uint32_t, std::uint32_t>>{
      std::pair{4096u, 16384u}, std::pair{4096u, 16384u}, std::pair{4096u, 16384u}};
  const std::uint64_t n = 40'000;
  IoPlanner p(job, {FileRegion{0, 1ULL << 32}}, 9, 0, n);
  std::map<std::uint32_t, double> count;
  for (const auto& io : drain(p)) {
    ++count[io.length];
    EXPECT_EQ(io.offset % 4096, 0u);  // aligned to the minimum block size
  }
  ASSERT_EQ(count.size(), 4u);
  for (std::uint32_t len : {4096u, 8192u, 12288u, 16384u}) EXPECT_NEAR(count[len] / n, 0.25, 0.015);

  // blockalign=1k: offsets on 1k boundaries, not only on 4k ones.
  job.blockalign_set = true;
  job.blockalign = {1024, 1024, 1024};
  IoPlanner q(job, {FileRegion{0, 1ULL << 32}}, 9, 0, 1000);
  std::size_t off_4k = 0;
  for (const auto& io : drain(q)) {
    EXPECT_EQ(io.offset % 1024, 0u);
    off_4k += io.offset % 4096 == 0;
  }
  EXPECT_LT(off_4k, 400u);
}

TEST(IoPlanner, ZipfConcentratesAccessesAsTheFormulaSays) {
  auto job = job_for(true, false, true);
  job.random_distribution.kind = fio::Distribution::kZipf;
  job.random_distribution.param = 1.2;
  const std::uint64_t blocks = 1000, n = 300'000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 13, 0, n);
  const auto hits = block_hits(drain(p), 0, blocks);
  double h_all = 0, h_top = 0;
  for (std::uint64_t k = 1; k <= blocks; ++k) {
    h_all += std::pow(static_cast<double>(k), -1.2);
    if (k <= blocks / 10) h_top += std::pow(static_cast<double>(k), -1.2);
  }
  EXPECT_NEAR(top_share(hits, blocks / 10), h_top / h_all, 0.01);  // ~0.73
  EXPECT_NEAR(top_share(hits, 1), 1 / h_all, 0.005);               // the hottest block, ~0.2
}

TEST(IoPlanner, ZipfCenterPutsTheHottestBlockThere) {
  auto job = job_for(true, false, true);
  job.random_distribution.kind = fio::Distribution::kZipf;
  job.random_distribution.param = 1.5;
  job.random_distribution.center = 0.25;
  IoPlanner p(job, {FileRegion{0, 1000 * kBs}}, 13, 0, 20'000);
  const auto hits = block_hits(drain(p), 0, 1000);
  EXPECT_EQ(std::max_element(hits.begin(), hits.end()) - hits.begin(), 250);
}

TEST(IoPlanner, ParetoConcentratesAccessesAsTheFormulaSays) {
  auto job = job_for(true, false, true);
  job.random_distribution.kind = fio::Distribution::kPareto;
  job.random_distribution.param = 0.9;
  const std::uint64_t blocks = 1000, n = 200'000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 17, 0, n);
  const auto hits = block_hits(drain(p), 0, blocks);
  // rank = floor(999 u^p), p = ln 0.9 / ln 0.1: the top 100 ranks are those >= 899.
  const double p_pow = std::log(0.9) / std::log(0.1);
  const double want = 1 - std::pow(899.0 / 999.0, 1 / p_pow);  // ~0.90
  EXPECT_NEAR(top_share(hits, 100), want, 0.01);
}

TEST(IoPlanner, NormalHasItsSigmaAndCenter) {
  auto job = job_for(true, false, true);
  job.random_distribution.kind = fio::Distribution::kNormal;
  job.random_distribution.param = 10;  // sigma = 10% of the region = 1000 blocks
  const std::uint64_t blocks = 10'000, n = 100'000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 19, 0, n);
  double within = 0, sum = 0;
  for (const auto& io : drain(p)) {
    const double b = static_cast<double>(io.offset / kBs);
    within += b >= 4000 && b < 6000;
    sum += b;
  }
  EXPECT_NEAR(within / n, 0.6827, 0.008);
  EXPECT_NEAR(sum / n, 4999.5, 15);

  job.random_distribution.center = 0.25;
  IoPlanner q(job, {FileRegion{0, blocks * kBs}}, 19, 0, n);
  within = 0;
  for (const auto& io : drain(q)) {
    const double b = static_cast<double>(io.offset / kBs);
    within += b >= 1500 && b < 3500;
  }
  EXPECT_NEAR(within / n, 0.6827, 0.008);
}

TEST(IoPlanner, ZonedHitsEachZoneWithItsShare) {
  auto job = job_for(true, false, true);
  job.random_distribution.kind = fio::Distribution::kZoned;
  job.random_distribution.zones[0] = {{60, 10, 0}, {30, 20, 0}, {10, 70, 0}};
  const std::uint64_t blocks = 1000, n = 100'000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 23, 0, n);
  const auto hits = block_hits(drain(p), 0, blocks);
  auto share = [&](std::uint64_t a, std::uint64_t b) {
    double s = 0;
    for (auto i = a; i < b; ++i) s += static_cast<double>(hits[i]);
    return s / n;
  };
  EXPECT_NEAR(share(0, 100), 0.60, 0.01);
  EXPECT_NEAR(share(100, 300), 0.30, 0.01);
  EXPECT_NEAR(share(300, 1000), 0.10, 0.01);
  // Uniform inside a zone: every block of the first zone is hit ~600 times.
  for (std::uint64_t b = 0; b < 100; ++b) EXPECT_GT(hits[b], 400u);

  job.random_distribution.kind = fio::Distribution::kZonedAbs;
  job.random_distribution.zones[0] = {{80, 0, 40 * kBs}, {20, 0, 960 * kBs}};
  IoPlanner q(job, {FileRegion{0, blocks * kBs}}, 23, 0, n);
  const auto abs_hits = block_hits(drain(q), 0, blocks);
  double first = 0;
  for (std::uint64_t b = 0; b < 40; ++b) first += static_cast<double>(abs_hits[b]);
  EXPECT_NEAR(first / n, 0.80, 0.01);
}

TEST(IoPlanner, FastPathAndGeneralPathAgree) {
  // A second, empty file forces the general path; round robin skips it without drawing random
  // numbers, so both planners must give the very same I/Os.
  auto job = job_for(true, true, true);
  job.rwmixread = 60;
  const FileRegion region{4096, 3000 * kBs};
  IoPlanner fast(job, {region}, 47, region.length, 0);
  IoPlanner general(job, {region, FileRegion{0, 0}}, 47, region.length, 0);
  const auto a = drain(fast), b = drain(general);
  ASSERT_EQ(a.size(), 3000u);
  ASSERT_EQ(b.size(), a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].offset, b[i].offset) << i;
    ASSERT_EQ(a[i].dir, b[i].dir) << i;
    ASSERT_EQ(b[i].file, 0u);
  }
}

TEST(IoPlanner, SequentialMixKeepsOnePositionPerDirection) {
  auto job = job_for(true, true, false);
  job.rwmixread = 50;
  IoPlanner p(job, {FileRegion{0, 1000 * kBs}}, 53, 0, 1000);
  std::uint64_t next_read = 0, next_write = 0, reads = 0;
  for (const auto& io : drain(p)) {
    std::uint64_t& next = io.dir == fio::Dir::kRead ? next_read : next_write;
    reads += io.dir == fio::Dir::kRead;
    EXPECT_EQ(io.offset, next);
    next = io.offset + io.length;
  }
  EXPECT_GT(reads, 400u);
  EXPECT_LT(reads, 600u);
}

TEST(IoPlanner, ZipfOnAHugeRegionStaysInsideAndKeepsItsHead) {
  auto job = job_for(true, false, true);
  job.random_distribution.kind = fio::Distribution::kZipf;
  job.random_distribution.param = 1.2;
  const std::uint64_t blocks = 1ULL << 33;  // 32 TiB of 4 KiB blocks: past 32-bit block numbers
  const std::uint64_t n = 50'000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 59, 0, n);
  std::map<std::uint64_t, std::uint64_t> hits;
  for (const auto& io : drain(p)) {
    ASSERT_LT(io.offset, blocks * kBs);
    ++hits[io.offset];
  }
  // H(n, 1.2) = sum of k^-1.2: exact to a million, then the integral of the tail.
  double h = 0;
  for (int k = 1; k <= 1'000'000; ++k) h += std::pow(k, -1.2);
  h += (std::pow(1e6 + 0.5, -0.2) - std::pow(static_cast<double>(blocks) + 0.5, -0.2)) / 0.2;
  std::uint64_t top = 0;
  for (const auto& [offset, count] : hits) top = std::max(top, count);
  EXPECT_NEAR(static_cast<double>(top) / n, 1 / h, 0.006);  // ~0.18
}

TEST(IoPlanner, SameSeedSameSequenceOtherJobnumOther) {
  auto job = job_for(true, true, true);
  const FileRegion region{0, 1 << 30};
  auto run = [&](std::uint64_t seed) {
    IoPlanner p(job, {region}, seed, 0, 1000);
    return drain(p);
  };
  const auto seed0 = thread_seed(job, 0);
  EXPECT_EQ(seed0, thread_seed(job, 0));
  EXPECT_NE(seed0, thread_seed(job, 1));
  const auto a = run(seed0), b = run(seed0), c = run(thread_seed(job, 1));
  ASSERT_EQ(a.size(), 1000u);
  std::size_t same_ab = 0, same_ac = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    same_ab += a[i].offset == b[i].offset && a[i].dir == b[i].dir && a[i].length == b[i].length;
    same_ac += a[i].offset == c[i].offset;
  }
  EXPECT_EQ(same_ab, 1000u);
  EXPECT_LT(same_ac, 10u);

  auto seeded = job;
  seeded.randseed = 1234;
  EXPECT_NE(thread_seed(seeded, 0), seed0);
  EXPECT_EQ(thread_seed(seeded, 0), thread_seed(seeded, 0));
  auto unrepeatable = job;
  unrepeatable.randrepeat = false;
  EXPECT_NE(thread_seed(unrepeatable, 0), thread_seed(unrepeatable, 0));
}

TEST(IoPlanner, OffsetsStayInsideTheRegionAndAligned) {
  auto job = job_for(true, true, true);
  job.bsrange = fio::PerDir<std::pair<std::uint32_t, std::uint32_t>>{
      std::pair{4096u, 65536u}, std::pair{8192u, 32768u}, std::pair{4096u, 4096u}};
  const FileRegion region{3 * 4096, 777 * kBs + 512};
  IoPlanner p(job, {region}, 29, 5 * region.length, 0);
  const auto ios = drain(p);
  EXPECT_EQ(p.bytes_planned(), 5 * region.length);
  for (const auto& io : ios) {
    ASSERT_GE(io.offset, region.offset);
    ASSERT_LE(io.offset + io.length, region.offset + region.length);
    ASSERT_GT(io.length, 0u);
    const std::uint64_t rel = io.offset - region.offset;
    EXPECT_EQ(rel % (io.dir == fio::Dir::kRead ? 4096 : 8192), 0u) << rel;
  }
}

TEST(IoPlanner, FileServiceTypes) {
  const std::vector<FileRegion> regions{{0, 4 * kBs}, {0, 4 * kBs}, {0, 4 * kBs}};
  auto files_of = [&](const std::string& service, bool random) {
    auto job = job_for(true, false, random);
    job.file_service_type = service;
    IoPlanner p(job, regions, 31, 12 * kBs, 0);
    std::vector<std::uint32_t> files;
    std::vector<std::uint64_t> offsets;
    for (const auto& io : drain(p)) {
      files.push_back(io.file);
      offsets.push_back(io.offset);
    }
    return std::pair{files, offsets};
  };
  const auto [rr, rr_off] = files_of("roundrobin", false);
  EXPECT_EQ(rr, (std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(rr_off, (std::vector<std::uint64_t>{0, 0, 0, 4096, 4096, 4096, 8192, 8192, 8192, 12288,
                                                12288, 12288}));
  EXPECT_EQ(files_of("roundrobin:2", false).first,
            (std::vector<std::uint32_t>{0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(files_of("sequential", false).first,
            (std::vector<std::uint32_t>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
  EXPECT_EQ(files_of("sequential", true).first,
            (std::vector<std::uint32_t>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
  const auto random = files_of("random", false).first;
  EXPECT_EQ(std::set<std::uint32_t>(random.begin(), random.end()).size(), 3u);
}

TEST(IoPlanner, BudgetsStopExactly) {
  const FileRegion region{0, 1ULL << 30};
  IoPlanner by_ios(job_for(true, false, true), {region}, 37, 0, 777);
  EXPECT_EQ(drain(by_ios).size(), 777u);
  EXPECT_FALSE(by_ios.next());

  IoPlanner by_bytes(job_for(false, true, false), {region}, 37, 100 * kBs, 0);
  EXPECT_EQ(drain(by_bytes).size(), 100u);
  EXPECT_EQ(by_bytes.bytes_planned(), 100 * kBs);

  // A budget that is not a multiple of the block size: the last I/O takes what is left.
  IoPlanner odd(job_for(true, false, true), {region}, 37, 10 * kBs + 512, 0);
  const auto ios = drain(odd);
  ASSERT_EQ(ios.size(), 11u);
  EXPECT_EQ(ios.back().length, 512u);
  EXPECT_EQ(odd.bytes_planned(), 10 * kBs + 512);

  // Whichever budget runs out first stops the job.
  IoPlanner both(job_for(true, false, false), {region}, 37, 5 * kBs, 9);
  EXPECT_EQ(drain(both).size(), 5u);
  IoPlanner empty(job_for(true, false, true), {FileRegion{0, 0}}, 37, 0, 10);
  EXPECT_FALSE(empty.next());
}

TEST(IoPlanner, TrimwriteWritesWhatItJustTrimmed) {
  auto job = job_for(false, true, false);
  job.rw.trim = true;
  IoPlanner p(job, {FileRegion{0, 8 * kBs}}, 41, 8 * kBs, 0);
  const auto ios = drain(p);
  ASSERT_EQ(ios.size(), 16u);
  for (std::size_t i = 0; i < ios.size(); i += 2) {
    EXPECT_EQ(ios[i].dir, fio::Dir::kTrim);
    EXPECT_EQ(ios[i + 1].dir, fio::Dir::kWrite);
    EXPECT_EQ(ios[i].offset, ios[i + 1].offset);
    EXPECT_EQ(ios[i].offset, i / 2 * kBs);
  }
}

TEST(IoPlanner, SequencerRunsNSequentialIosPerRandomOffset) {
  auto job = job_for(true, false, true);
  job.rw.sequencer = 4;
  const std::uint64_t blocks = 4000;
  IoPlanner p(job, {FileRegion{0, blocks * kBs}}, 43, 0, 400);
  const auto ios = drain(p);
  ASSERT_EQ(ios.size(), 400u);
  std::size_t random_starts = 0;
  for (std::size_t i = 0; i < ios.size(); ++i) {
    const bool continues = i > 0 && ios[i].offset == ios[i - 1].offset + kBs;
    if (i % 4 != 0) {
      EXPECT_TRUE(continues) << i;
    }
    random_starts += i % 4 == 0 && !continues;
  }
  EXPECT_GT(random_starts, 95u);
}

}  // namespace
}  // namespace hostmark::io
