// memory_peak: hostmark's STREAM kernels against the best plain loop the compiler makes of the
// same work (this file is built -O3 -march=native, see bench/CMakeLists.txt) and against glibc
// memcpy, single thread, on the same buffers, interleaved round by round, best of N.
//
// usage: memory_peak [ARRAY_MIB=256] [ROUNDS=20]
// Bandwidth is STREAM's count: bytes read + bytes written, decimal GB/s (1e9 bytes/s).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "workloads/memory_bandwidth.h"
#include "workloads/memory_kernels.h"

namespace {

using hostmark::StoreMode;

// The plain triad loop: what -O3 -march=native makes of STREAM's source.
__attribute__((noinline)) void plain_triad(double* __restrict a, const double* __restrict b,
                                           const double* __restrict c, double q, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + q * c[i];
}

// The plain copy loop, for reference (GCC may turn it into a memcpy call).
__attribute__((noinline)) void plain_copy(double* __restrict a, const double* __restrict b,
                                          std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] = b[i];
}

struct Contender {
  std::string name;
  double bytes_per_element;
  std::function<void()> run;
  double best_s = 1e300;
};

double seconds_of(const std::function<void()>& fn) {
  const auto t0 = std::chrono::steady_clock::now();
  fn();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(t1 - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t array_mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 256;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 20;
  const std::size_t bytes = array_mib << 20;
  const std::size_t n = bytes / sizeof(double);
  const double q = 3.0;

  hostmark::AlignedBuffer buf_a(bytes), buf_b(bytes), buf_c(bytes);
  double* a = buf_a.doubles();
  double* b = buf_b.doubles();
  double* c = buf_c.doubles();
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = 1.0;
    b[i] = 2.0;
    c[i] = 0.5;
  }

  std::vector<Contender> cs;
  cs.push_back({"plain triad -O3 -march=native", 24, [&] { plain_triad(a, b, c, q, n); }});
  cs.push_back({"hostmark triad (streaming)", 24,
                [&] { hostmark::stream_triad(a, b, c, q, n, StoreMode::kStreaming); }});
  cs.push_back({"hostmark triad (cached)", 24,
                [&] { hostmark::stream_triad(a, b, c, q, n, StoreMode::kCached); }});
  cs.push_back({"glibc memcpy", 16, [&] { std::memcpy(a, b, bytes); }});
  cs.push_back({"hostmark copy (streaming)", 16,
                [&] { hostmark::stream_copy(a, b, n, StoreMode::kStreaming); }});
  cs.push_back(
      {"hostmark copy (cached)", 16, [&] { hostmark::stream_copy(a, b, n, StoreMode::kCached); }});
  cs.push_back({"plain copy -O3 -march=native", 16, [&] { plain_copy(a, b, n); }});

  for (int r = 0; r < rounds; ++r) {
    for (auto& ct : cs) ct.best_s = std::min(ct.best_s, seconds_of(ct.run));
  }
  // A wrong kernel must not look fast: the last writer was plain copy, so a == b.
  if (a[0] != b[0] || a[n / 2] != b[n / 2] || a[n - 1] != b[n - 1]) {
    fmt::print(stderr, "memory_peak: copy produced wrong values\n");
    return 1;
  }

  auto gbps = [&](const Contender& ct) {
    return hostmark::gb_per_s(static_cast<std::uint64_t>(ct.bytes_per_element * double(n)),
                              ct.best_s);
  };
  fmt::print("memory_peak: 1 thread, 3 arrays x {} MiB, best of {} rounds, kernels: {}\n",
             array_mib, rounds, hostmark::stream_kernel_isa());
  fmt::print("{:<32} {:>16}\n", "kernel", "GB/s (decimal)");
  for (const auto& ct : cs) fmt::print("{:<32} {:>16.2f}\n", ct.name, gbps(ct));
  const double triad_ratio = gbps(cs[1]) / gbps(cs[0]);
  const double copy_ratio = gbps(cs[4]) / gbps(cs[3]);
  fmt::print("\nratio hostmark triad / plain triad : {:.3f}  (target >= 0.95)\n", triad_ratio);
  fmt::print("ratio hostmark copy / glibc memcpy : {:.3f}  (target >= 0.95)\n", copy_ratio);
  return 0;
}
