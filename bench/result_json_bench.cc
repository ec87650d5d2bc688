// Cost of reading a result's JSON back (results/result_json.cc: `hostmark report`, `compare`
// and `results` read every result they show through it), with Google Benchmark, on a large
// result: 60 phases, each with 20 metrics, a one-hour time series at 1 s (3,600 samples of
// five columns) and a 200-bucket latency histogram. Run: build/dev/bench/result_json_bench
#include <benchmark/benchmark.h>

#include <nlohmann/json.hpp>

#include "results/result.h"
#include "results/result_json.h"
#include "results/result_to_json.h"

namespace {

hostmark::Result large_result() {
  hostmark::Result r;
  r.command = "fio";
  r.context.hostname = "bench";
  for (int p = 0; p < 60; ++p) {
    hostmark::Phase phase;
    phase.name = "phase-" + std::to_string(p);
    for (int m = 0; m < 20; ++m)
      phase.metrics.push_back({"metric_" + std::to_string(m), p * 100.0 + m, "MiB/s"});
    hostmark::TimeSeries ts;
    ts.interval_ms = 1000;
    for (std::uint64_t i = 0; i < 3600; ++i) {
      ts.end_ms.push_back(static_cast<double>((i + 1) * 1000));
      ts.read_ios.push_back(i);
      ts.write_ios.push_back(i / 2);
      ts.read_bytes.push_back(i * 4096);
      ts.write_bytes.push_back(i * 2048);
    }
    phase.time_series = std::move(ts);
    for (std::uint64_t b = 0; b < 200; ++b)
      phase.latency_histogram.push_back({b * 1000, b * 1000 + 999, b + 1});
    r.phases.push_back(std::move(phase));
  }
  return r;
}

void BM_ResultFromJson(benchmark::State& state) {
  const nlohmann::json doc = hostmark::result_to_json(large_result());
  for (auto _ : state) {
    auto back = hostmark::result_from_json(doc);
    if (!back) state.SkipWithError(back.error().message().c_str());
    benchmark::DoNotOptimize(back);
  }
}
BENCHMARK(BM_ResultFromJson)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
