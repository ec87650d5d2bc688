// The STREAM kernels compute the right values (any length, any alignment, both store modes),
// the bandwidth run splits work and counts bytes as documented, and `hostmark memory` emits the
// phases and units it promises. No timing assertions: the host is shared.
#include "workloads/memory_bandwidth.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "run_binary.h"
#include "workloads/memory_kernels.h"

namespace hostmark {
namespace {

constexpr double kSentinel = -12345.0;

struct KernelCase {
  std::size_t n;
  std::size_t offset;  // elements past an aligned start: exercises the unaligned head
  StoreMode mode;
};

class StreamKernelTest : public ::testing::TestWithParam<KernelCase> {};

TEST_P(StreamKernelTest, ComputesEveryElementAndNothingElse) {
  const std::size_t n = GetParam().n;
  const std::size_t offset = GetParam().offset;
  const StoreMode mode = GetParam().mode;
  std::vector<double> x(n + offset + 1), y(n + offset + 1);
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] = 1.5 + static_cast<double>(i);
    y[i] = 0.25 * static_cast<double>(i) - 3;
  }
  const double* xs = x.data() + offset;
  const double* ys = y.data() + offset;
  std::vector<double> dst(n + offset + 1, kSentinel);
  double* d = dst.data() + offset;
  auto check = [&](const char* what, auto expected) {
    for (std::size_t i = 0; i < offset; ++i) ASSERT_EQ(dst[i], kSentinel) << what << " head";
    for (std::size_t i = 0; i < n; ++i) ASSERT_DOUBLE_EQ(d[i], expected(i)) << what << " at " << i;
    ASSERT_EQ(dst[offset + n], kSentinel) << what << " wrote past the end";
    std::fill(dst.begin(), dst.end(), kSentinel);
  };
  stream_copy(d, xs, n, mode);
  check("copy", [&](std::size_t i) { return xs[i]; });
  stream_scale(d, xs, 3.0, n, mode);
  check("scale", [&](std::size_t i) { return 3.0 * xs[i]; });
  stream_add(d, xs, ys, n, mode);
  check("add", [&](std::size_t i) { return xs[i] + ys[i]; });
  stream_triad(d, xs, ys, 0.5, n, mode);
  check("triad", [&](std::size_t i) { return xs[i] + 0.5 * ys[i]; });
}

std::vector<KernelCase> kernel_cases() {
  std::vector<KernelCase> cases;
  for (const std::size_t n : {0, 1, 3, 7, 8, 15, 17, 31, 63, 64, 65, 1001}) {
    for (const std::size_t offset : {0, 1, 3, 5}) {
      cases.push_back({n, offset, StoreMode::kCached});
      cases.push_back({n, offset, StoreMode::kStreaming});
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(LengthsAndOffsets, StreamKernelTest, ::testing::ValuesIn(kernel_cases()));

TEST(StreamKernels, ReportAnInstructionSet) {
  const std::string isa(stream_kernel_isa());
  EXPECT_TRUE(isa == "avx512" || isa == "avx2" || isa == "sse2" || isa == "generic") << isa;
}

TEST(Bandwidth, CountsStreamBytesPerElement) {
  EXPECT_EQ(stream_bytes_per_element(StreamKernel::kCopy), 16u);
  EXPECT_EQ(stream_bytes_per_element(StreamKernel::kScale), 16u);
  EXPECT_EQ(stream_bytes_per_element(StreamKernel::kAdd), 24u);
  EXPECT_EQ(stream_bytes_per_element(StreamKernel::kTriad), 24u);
  EXPECT_EQ(stream_kernel_name(StreamKernel::kTriad), "triad");
}

TEST(Bandwidth, GbPerSecondIsDecimal) {
  EXPECT_DOUBLE_EQ(gb_per_s(24'000'000'000, 2.0), 12.0);
  EXPECT_DOUBLE_EQ(gb_per_s(1'000'000'000, 0.5), 2.0);
  EXPECT_DOUBLE_EQ(gb_per_s(1u << 30, 1.0), 1.073741824);  // 1 GiB/s is 1.07 GB/s
  EXPECT_EQ(gb_per_s(100, 0.0), 0.0);
}

TEST(Bandwidth, SplitCoversEveryElementOnceOnLineBoundaries) {
  for (const std::size_t n : {0u, 1u, 5u, 8u, 9u, 64u, 1001u, 1u << 20}) {
    for (const int parts : {1, 2, 3, 7, 16}) {
      const auto ranges = split_elements(n, parts);
      ASSERT_EQ(ranges.size(), static_cast<std::size_t>(parts));
      std::size_t next = 0, smallest = n, largest = 0;
      for (const auto& r : ranges) {
        EXPECT_EQ(r.begin, next) << n << "/" << parts;
        EXPECT_LE(r.begin, r.end);
        if (r.begin < n) {
          EXPECT_EQ(r.begin % 8, 0u) << n << "/" << parts;
        }
        smallest = std::min(smallest, r.end - r.begin);
        largest = std::max(largest, r.end - r.begin);
        next = r.end;
      }
      EXPECT_EQ(next, n) << n << "/" << parts;
      EXPECT_LE(largest - smallest, 8u) << n << "/" << parts;
    }
  }
}

TEST(Bandwidth, RunsOddSizesOnSeveralThreadsAndValidates) {
  for (const StoreMode mode : {StoreMode::kCached, StoreMode::kStreaming}) {
    BandwidthOptions o;
    o.threads = 3;
    o.array_bytes = 1003 * sizeof(double) + 5;  // odd element count; stray bytes are ignored
    o.repetitions = 4;
    o.store_mode = mode;
    int progress_calls = 0;
    const auto r = run_bandwidth(o, [&](StreamKernel, int rep, int reps) {
      EXPECT_GE(rep, 1);
      EXPECT_EQ(reps, 4);
      ++progress_calls;
    });
    ASSERT_TRUE(r.ok()) << r.error().message();
    EXPECT_EQ(progress_calls, 16);
    EXPECT_EQ(r.value().threads, 3);
    EXPECT_EQ(r.value().array_bytes, 1003 * sizeof(double));
    ASSERT_EQ(r.value().kernels.size(), 4u);
    for (const auto& k : r.value().kernels) {
      EXPECT_EQ(k.bytes, stream_bytes_per_element(k.kernel) * 1003);
      EXPECT_GT(k.best_s, 0);
      EXPECT_DOUBLE_EQ(k.gb_per_s, gb_per_s(k.bytes, k.best_s));
    }
  }
}

TEST(Bandwidth, MoreThreadsThanLinesStillWorks) {
  BandwidthOptions o;
  o.threads = 5;
  o.array_bytes = 3 * sizeof(double);
  o.repetitions = 2;
  const auto r = run_bandwidth(o);
  ASSERT_TRUE(r.ok()) << r.error().message();
}

TEST(Bandwidth, StopsAtTheRepetitionBoundaryAskedAndValidatesWhatRan) {
  BandwidthOptions o;
  o.threads = 2;
  o.array_bytes = 4096 * sizeof(double);
  o.repetitions = 10;
  int asked = 0;
  int progress_calls = 0;
  const auto r = run_bandwidth(
      o, [&](StreamKernel, int, int) { ++progress_calls; }, [&] { return ++asked == 3; });
  ASSERT_TRUE(r.ok()) << r.error().message();  // validation replays exactly 3 repetitions
  EXPECT_EQ(asked, 3);                         // once after each of repetitions 1, 2, 3
  EXPECT_EQ(progress_calls, 3 * 4);
  EXPECT_EQ(r.value().repetitions, 3);
  EXPECT_TRUE(r.value().interrupted);
  for (const auto& k : r.value().kernels) EXPECT_GT(k.gb_per_s, 0);
}

TEST(Bandwidth, StopIsNotAskedAfterTheLastRepetition) {
  BandwidthOptions o;
  o.array_bytes = 1024 * sizeof(double);
  o.repetitions = 1;
  int asked = 0;
  const auto r = run_bandwidth(o, {}, [&] { return ++asked > 0; });
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(asked, 0);
  EXPECT_EQ(r.value().repetitions, 1);
  EXPECT_FALSE(r.value().interrupted);
}

TEST(Bandwidth, RejectsOptionsOutOfRange) {
  BandwidthOptions o;
  o.array_bytes = 4096;
  o.threads = 0;
  EXPECT_EQ(run_bandwidth(o).error().kind, ErrorKind::kUsage);
  o.threads = 1;
  o.repetitions = 0;
  EXPECT_EQ(run_bandwidth(o).error().kind, ErrorKind::kUsage);
  o.repetitions = 1;
  o.array_bytes = 7;
  EXPECT_EQ(run_bandwidth(o).error().kind, ErrorKind::kUsage);
}

TEST(MemoryCli, JsonHasBandwidthAndLatencyPhasesWithUnits) {
  const RunOutput r = run_hostmark(
      {"memory", "--size=8M", "--reps=2", "--max-working-set=1M", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");  // not a terminal: no progress line
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "memory");
  ASSERT_EQ(j["phases"].size(), 3u);
  const auto& sb = j["phases"][2];
  EXPECT_EQ(sb["name"], "sysbench-style");
  for (const auto& m : sb["metrics"]) {
    EXPECT_EQ(m["unit"], "MiB/s");
    EXPECT_GT(m["value"].get<double>(), 0);
  }
  const auto& bw = j["phases"][0];
  EXPECT_EQ(bw["name"], "bandwidth");
  int rates = 0;
  for (const auto& m : bw["metrics"]) {
    const std::string name = m["name"];
    if (name.ends_with("_gb_per_s")) {
      EXPECT_EQ(m["unit"], "GB/s") << name;
      EXPECT_GT(m["value"].get<double>(), 0) << name;
      ++rates;
    }
    if (name == "array_bytes") {
      EXPECT_EQ(m["value"].get<double>(), 8.0 * (1 << 20));
    }
  }
  EXPECT_EQ(rates, 4);
  const auto& lat = j["phases"][1];
  EXPECT_EQ(lat["name"], "latency");
  ASSERT_EQ(lat["series"].size(), 1u);
  EXPECT_EQ(lat["series"][0]["name"], "load_latency");
  EXPECT_EQ(lat["series"][0]["x_unit"], "bytes");
  EXPECT_EQ(lat["series"][0]["y_unit"], "ns");
  const auto& points = lat["series"][0]["points"];
  ASSERT_EQ(points.size(), 9u);  // 4 KiB .. 1 MiB
  EXPECT_EQ(points[0][0].get<double>(), 4096);
  EXPECT_EQ(points[8][0].get<double>(), 1 << 20);
  bool has_l1 = false;
  for (const auto& m : lat["metrics"]) {
    const std::string name = m["name"];
    if (name.ends_with("_ns")) {
      EXPECT_EQ(m["unit"], "ns") << name;
    }
    has_l1 = has_l1 || name == "l1_ns";
  }
  EXPECT_TRUE(has_l1);
  EXPECT_FALSE(j["notes"].empty());
}

TEST(MemoryCli, TextNamesUnitsAndBadUsageExitsTwo) {
  const RunOutput r =
      run_hostmark({"memory", "--size=4M", "--reps=1", "--no-latency", "--no-sysbench-style"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("GB/s (decimal)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("triad"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("load latency"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("sysbench-style"), std::string::npos) << r.out;

  const RunOutput bad = run_hostmark({"memory", "--size=12q"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--size"), std::string::npos) << bad.err;
  const RunOutput none =
      run_hostmark({"memory", "--no-latency", "--no-bandwidth", "--no-sysbench-style"});
  EXPECT_EQ(none.exit_code, 2) << none.err;
}

}  // namespace
}  // namespace hostmark
