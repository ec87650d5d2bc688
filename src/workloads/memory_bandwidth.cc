#include "workloads/memory_bandwidth.h"

#include <fmt/format.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <cmath>
#include <limits>
#include <new>
#include <optional>
#include <thread>

#include "cli/units.h"

namespace hostmark {
namespace {

constexpr double kScalar = 0.5;  // every kernel changes every value, and nothing overflows
constexpr double kInitA = 1.0;
constexpr double kInitB = 2.0;
constexpr double kInitC = 0.0;
constexpr std::size_t kLineElements = 8;
constexpr int kMaxRepetitions = 1000;

using Clock = std::chrono::steady_clock;

// The three arrays and how they are split between threads.
struct Arrays {
  double* a;
  double* b;
  double* c;
};

void run_kernel(StreamKernel k, const Arrays& x, ElementRange r, StoreMode mode) {
  const std::size_t i = r.begin;
  const std::size_t n = r.end - r.begin;
  switch (k) {
    case StreamKernel::kCopy: stream_copy(x.c + i, x.a + i, n, mode); break;
    case StreamKernel::kScale: stream_scale(x.b + i, x.c + i, kScalar, n, mode); break;
    case StreamKernel::kAdd: stream_add(x.c + i, x.a + i, x.b + i, n, mode); break;
    case StreamKernel::kTriad: stream_triad(x.a + i, x.b + i, x.c + i, kScalar, n, mode); break;
  }
}

// What every element of a, b, c holds after `repetitions` rounds, computed one element at a time.
struct Expected3 {
  double a, b, c;
};
Expected3 replay(int repetitions) {
  Expected3 e{kInitA, kInitB, kInitC};
  for (int r = 0; r < repetitions; ++r) {
    e.c = e.a;
    e.b = kScalar * e.c;
    e.c = e.a + e.b;
    e.a = e.b + kScalar * e.c;
  }
  return e;
}

bool close_enough(double got, double want) {
  return std::fabs(got - want) <= 1e-9 * std::max(1.0, std::fabs(want));
}

// A run error naming the first element that differs from the replay, if any.
std::optional<Error> validate(const Arrays& x, const std::vector<ElementRange>& ranges,
                              std::size_t n, int repetitions) {
  const Expected3 want = replay(repetitions);
  std::vector<std::size_t> probes = {0, n / 2, n - 1};
  for (const auto& r : ranges) {
    if (r.begin == r.end) continue;
    probes.push_back(r.begin);
    probes.push_back(r.end - 1);
    probes.push_back(r.begin + (r.end - r.begin) / 3);
  }
  for (const std::size_t i : probes) {
    const double got[3] = {x.a[i], x.b[i], x.c[i]};
    const double expect[3] = {want.a, want.b, want.c};
    for (int k = 0; k < 3; ++k) {
      if (!close_enough(got[k], expect[k])) {
        return run_error("memory", fmt::format("bandwidth kernels computed a wrong value: {}[{}] "
                                               "is {} after {} repetitions, expected {}",
                                               "abc"[k], i, got[k], repetitions, expect[k]));
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view stream_kernel_name(StreamKernel kernel) {
  switch (kernel) {
    case StreamKernel::kCopy: return "copy";
    case StreamKernel::kScale: return "scale";
    case StreamKernel::kAdd: return "add";
    case StreamKernel::kTriad: return "triad";
  }
  return "?";
}

std::uint64_t stream_bytes_per_element(StreamKernel kernel) {
  const bool two_sources = kernel == StreamKernel::kAdd || kernel == StreamKernel::kTriad;
  return (two_sources ? 3 : 2) * sizeof(double);
}

double gb_per_s(std::uint64_t bytes, double seconds) {
  return seconds > 0 ? static_cast<double>(bytes) / seconds / 1e9 : 0.0;
}

std::vector<ElementRange> split_elements(std::size_t n, int parts) {
  const auto p = static_cast<std::size_t>(std::max(parts, 1));
  const std::size_t lines = (n + kLineElements - 1) / kLineElements;
  std::vector<ElementRange> out;
  out.reserve(p);
  std::size_t line = 0;
  for (std::size_t i = 0; i < p; ++i) {
    // The extra lines go to the last ranges, the last one holding the partial line if any.
    const std::size_t count = lines / p + (i >= p - lines % p ? 1 : 0);
    out.push_back({std::min(n, line * kLineElements), std::min(n, (line + count) * kLineElements)});
    line += count;
  }
  return out;
}

Expected<BandwidthResult> run_bandwidth(const BandwidthOptions& options,
                                        const BandwidthProgress& progress,
                                        const StopRequested& stop_requested) {
  const std::size_t n = options.array_bytes / sizeof(double);
  if (options.threads < 1) return usage_error("memory", "threads must be at least 1");
  if (options.repetitions < 1 || options.repetitions > kMaxRepetitions)
    return usage_error("memory", fmt::format("repetitions must be 1 to {}", kMaxRepetitions));
  if (n < 1) return usage_error("memory", "arrays must hold at least one 8-byte element");

  const auto start = Clock::now();
  AlignedBuffer buf_a, buf_b, buf_c;
  try {
    buf_a = AlignedBuffer(n * sizeof(double));
    buf_b = AlignedBuffer(n * sizeof(double));
    buf_c = AlignedBuffer(n * sizeof(double));
  } catch (const std::bad_alloc&) {
    return run_error("memory", fmt::format("cannot allocate 3 arrays of {}",
                                           format_bytes_binary(n * sizeof(double))));
  }
  const Arrays arrays{buf_a.doubles(), buf_b.doubles(), buf_c.doubles()};
  const auto ranges = split_elements(n, options.threads);
  const int reps = options.repetitions;
  std::array<double, kStreamKernels.size()> best_s;
  best_s.fill(std::numeric_limits<double>::infinity());

  int completed = 0;  // repetitions every thread has finished; written by thread 0
  bool stop = false;  // written by thread 0 before the repetition barrier, read after it
  std::barrier sync(options.threads);
  auto body = [&](int id) {
    const ElementRange r = ranges[static_cast<std::size_t>(id)];
    std::fill(arrays.a + r.begin, arrays.a + r.end, kInitA);  // first touch by the owner
    std::fill(arrays.b + r.begin, arrays.b + r.end, kInitB);
    std::fill(arrays.c + r.begin, arrays.c + r.end, kInitC);
    for (int rep = 1; rep <= reps; ++rep) {
      for (std::size_t k = 0; k < kStreamKernels.size(); ++k) {
        sync.arrive_and_wait();
        const auto t0 = Clock::now();
        run_kernel(kStreamKernels[k], arrays, r, options.store_mode);
        sync.arrive_and_wait();
        if (id != 0) continue;  // thread 0 keeps time: all threads are done here
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        best_s[k] = std::min(best_s[k], s);
        if (progress) progress(kStreamKernels[k], rep, reps);
      }
      if (id == 0) {  // a repetition boundary: the one place a run may stop early
        completed = rep;
        stop = rep < reps && stop_requested && stop_requested();
      }
      sync.arrive_and_wait();
      if (stop) break;
    }
  };
  {
    std::vector<std::jthread> workers;
    workers.reserve(static_cast<std::size_t>(options.threads - 1));
    for (int id = 1; id < options.threads; ++id) workers.emplace_back(body, id);
    body(0);
  }  // joins

  if (auto error = validate(arrays, ranges, n, completed)) return *error;

  BandwidthResult result;
  result.threads = options.threads;
  result.array_bytes = n * sizeof(double);
  result.repetitions = completed;
  result.interrupted = stop;
  for (std::size_t k = 0; k < kStreamKernels.size(); ++k) {
    KernelBandwidth kb;
    kb.kernel = kStreamKernels[k];
    kb.bytes = stream_bytes_per_element(kb.kernel) * n;
    kb.best_s = best_s[k];
    kb.gb_per_s = gb_per_s(kb.bytes, kb.best_s);
    result.kernels.push_back(kb);
  }
  result.duration_s = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace hostmark
