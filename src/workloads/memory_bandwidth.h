#pragma once
// STREAM-style memory bandwidth: copy, scale, add and triad over three arrays of doubles, run by
// N threads each on its own contiguous slice, repeated K times keeping the fastest repetition
// of each kernel (STREAM's convention).
//
// Kernels, in STREAM's order within a repetition (q = 0.5):
//   copy  c = a          16 bytes counted per element
//   scale b = q * c      16 bytes
//   add   c = a + b      24 bytes
//   triad a = b + q * c  24 bytes
// Counted bytes are what the kernel reads plus what it writes (8-byte doubles); the extra read
// of a destination line that ordinary stores cause (write-allocate) is not counted, as in STREAM.
// Rates are decimal: 1 GB/s = 1e9 bytes/s.
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/stop_requested.h"
#include "workloads/memory_kernels.h"

namespace hostmark {

enum class StreamKernel { kCopy, kScale, kAdd, kTriad };
inline constexpr std::array<StreamKernel, 4> kStreamKernels = {
    StreamKernel::kCopy, StreamKernel::kScale, StreamKernel::kAdd, StreamKernel::kTriad};

// "copy", "scale", "add", "triad".
std::string_view stream_kernel_name(StreamKernel kernel);

// Bytes STREAM counts per element: 16 for copy and scale, 24 for add and triad.
std::uint64_t stream_bytes_per_element(StreamKernel kernel);

// Decimal gigabytes per second: bytes / seconds / 1e9. 0 when seconds <= 0.
double gb_per_s(std::uint64_t bytes, double seconds);

// A half-open range of array elements [begin, end).
struct ElementRange {
  std::size_t begin = 0;
  std::size_t end = 0;
};

// Splits [0, n) into `parts` (>= 1) contiguous ranges in order, covering every element once.
// Every range starts on a multiple of 8 elements (a 64-byte line) so no line is written by two
// threads; sizes differ by at most 8 elements. Ranges may be empty when n < 8 * parts.
std::vector<ElementRange> split_elements(std::size_t n, int parts);

struct BandwidthOptions {
  int threads = 1;                                      // 1 or more
  std::uint64_t array_bytes = std::uint64_t{64} << 20;  // of EACH array; whole doubles are used
  int repetitions = 10;                                 // 1 to 1000; the fastest one is reported
  StoreMode store_mode = StoreMode::kStreaming;         // how the kernels write their destination
};

struct KernelBandwidth {
  StreamKernel kernel = StreamKernel::kCopy;
  std::uint64_t bytes = 0;  // counted bytes of one repetition (all threads)
  double best_s = 0;        // fastest repetition, from the start barrier to the last thread done
  double gb_per_s = 0;      // bytes / best_s, decimal
};

struct BandwidthResult {
  std::vector<KernelBandwidth> kernels;  // copy, scale, add, triad
  int threads = 0;
  std::uint64_t array_bytes = 0;  // of each array, as run
  int repetitions = 0;            // completed (fewer than asked when interrupted)
  bool interrupted = false;       // stopped early at a repetition boundary by stop_requested
  double duration_s = 0;          // the whole run, first-touch initialisation included
};

// Called on the calling thread after each repetition of each kernel: (kernel, 1-based
// repetition, repetitions). Must not throw.
using BandwidthProgress = std::function<void(StreamKernel, int, int)>;

// Allocates the three arrays, lets each thread initialise its own slice (first touch places the
// pages near it), runs the repetitions with all threads released together per kernel, then
// checks elements of every slice against a scalar replay of the same arithmetic.
// After each complete repetition but the last, stop_requested is polled on the calling thread;
// when it answers true the run ends there: the result holds the best of the repetitions done
// (at least one) and interrupted = true.
// On failure: a usage error for options out of range (what = "memory"); a run error when the
// arrays cannot be allocated or a kernel computed a wrong value (a broken kernel never reports a
// rate).
Expected<BandwidthResult> run_bandwidth(const BandwidthOptions& options,
                                        const BandwidthProgress& progress = {},
                                        const StopRequested& stop_requested = {});

}  // namespace hostmark
