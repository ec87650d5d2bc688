// Cost of IoPlanner::next() (target: < 15 ns for randread 4k with the random map), with Google
// Benchmark. When a pass ends the loop restarts the planner, as a time_based job does; that
// cost is included. Run briefly: build/dev/bench/planner_bench --benchmark_min_time=0.2
#include <benchmark/benchmark.h>

#include "io/io_planner.h"

namespace {

using hostmark::io::FileRegion;
using hostmark::io::IoPlanner;

constexpr std::uint64_t kRegionBytes = 4ULL << 30;  // 4 GiB: 1 Mi blocks of 4 KiB

hostmark::fio::JobOptions read_job(bool random) {
  hostmark::fio::JobOptions job;
  job.rw.random = random;
  return job;
}

void run(benchmark::State& state, const hostmark::fio::JobOptions& job) {
  IoPlanner planner(job, {FileRegion{0, kRegionBytes}}, 1, kRegionBytes, 0);
  std::uint64_t sum = 0;
  for (auto _ : state) {
    auto io = planner.next();
    if (!io) [[unlikely]] {
      planner.restart();
      io = planner.next();
    }
    sum += io->offset;
  }
  benchmark::DoNotOptimize(sum);
}

void BM_SeqRead(benchmark::State& state) { run(state, read_job(false)); }
BENCHMARK(BM_SeqRead);

void BM_RandReadMap(benchmark::State& state) { run(state, read_job(true)); }
BENCHMARK(BM_RandReadMap);

void BM_RandReadNoMap(benchmark::State& state) {
  auto job = read_job(true);
  job.norandommap = true;
  run(state, job);
}
BENCHMARK(BM_RandReadNoMap);

void BM_RandRwMix70(benchmark::State& state) {
  auto job = read_job(true);
  job.rw.write = true;
  job.rwmixread = 70;
  run(state, job);
}
BENCHMARK(BM_RandRwMix70);

void BM_Zipf(benchmark::State& state) {
  auto job = read_job(true);
  job.random_distribution.kind = hostmark::fio::Distribution::kZipf;
  job.random_distribution.param = 1.2;
  run(state, job);
}
BENCHMARK(BM_Zipf);

void BM_Bssplit(benchmark::State& state) {
  auto job = read_job(true);
  job.bssplit[0] = {{4096, 50}, {16384, 30}, {65536, 20}};
  run(state, job);
}
BENCHMARK(BM_Bssplit);

}  // namespace

BENCHMARK_MAIN();
