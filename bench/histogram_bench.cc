// Cost of Histogram::record (target: a few ns) and of the clock read the runner pairs with it,
// with Google Benchmark. Run: build/dev/bench/histogram_bench
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "runner/clock.h"
#include "stats/histogram.h"

namespace {

std::vector<std::uint64_t> sample_latencies() {
  std::mt19937_64 rng(1);
  std::lognormal_distribution<double> dist(12.0, 1.5);  // ~160 us median, wide spread
  std::vector<std::uint64_t> v(4096);
  for (auto& x : v) x = static_cast<std::uint64_t>(dist(rng));
  return v;
}

void BM_HistogramRecord(benchmark::State& state) {
  hostmark::Histogram h;
  const auto values = sample_latencies();
  std::size_t i = 0;
  for (auto _ : state) {
    h.record(values[i++ & 4095]);
  }
  benchmark::DoNotOptimize(h.count());
}
BENCHMARK(BM_HistogramRecord);

void BM_MonotonicClock(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(hostmark::monotonic_ns());
}
BENCHMARK(BM_MonotonicClock);

void BM_HistogramPercentile(benchmark::State& state) {
  hostmark::Histogram h;
  for (auto v : sample_latencies()) h.record(v);
  for (auto _ : state) benchmark::DoNotOptimize(h.percentile_ns(99));
}
BENCHMARK(BM_HistogramPercentile);

}  // namespace

BENCHMARK_MAIN();
