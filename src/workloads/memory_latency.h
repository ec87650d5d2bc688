#pragma once
// Load latency by working-set size: a dependent pointer chase (each load's address is the value
// the previous load returned, so loads cannot overlap) through a random cycle of 64-byte nodes,
// one per cache line. The cycle is random over all nodes, so within a page as well as between
// pages, and no hardware prefetcher can guess the next line. Buffers are advised for
// transparent huge pages, which keeps TLB misses small next to the cache and DRAM latency.
// Single thread; times in ns per load.
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/stop_requested.h"
#include "results/result.h"

namespace hostmark {

inline constexpr std::uint64_t kChaseNodeBytes = 64;  // one node per cache line

// The successor of every node in one random cycle through `nodes` nodes (1 to 2^32): from any
// node, following next[] visits all nodes exactly once before returning. Deterministic: the
// same (nodes, seed) gives the same cycle on every run and machine.
std::vector<std::uint32_t> random_cycle(std::size_t nodes, std::uint64_t seed);

// min_bytes, 2*min_bytes, 4*min_bytes, ... while <= max_bytes, then max_bytes itself when the
// doubling does not land on it. Empty when max_bytes < min_bytes.
std::vector<std::uint64_t> working_set_sizes(std::uint64_t min_bytes, std::uint64_t max_bytes);

struct LatencyOptions {
  std::uint64_t min_bytes = 4096;                     // first working set, >= 64 bytes
  std::uint64_t max_bytes = std::uint64_t{64} << 20;  // last working set, >= min_bytes
  std::uint64_t target_ns_per_point = 80'000'000;     // measuring time per working set
  std::uint64_t seed = 0x686f73746d61726bULL;         // "hostmark": the same cycle every run
};

struct LatencyPoint {
  std::uint64_t working_set_bytes = 0;
  double ns_per_load = 0;   // the best of the timed chunks (each about 4 ms of loads)
  std::uint64_t loads = 0;  // loads in that best chunk
};

// Called after each working set: (working-set bytes, 1-based index, count). Must not throw.
using LatencyProgress = std::function<void(std::uint64_t, int, int)>;

// Measures every size of working_set_sizes(min_bytes, max_bytes) in increasing order, each
// for about target_ns_per_point (at least 3 chunks) after a warm-up pass. Preemption on a busy
// host only makes a chunk slower, so the fastest chunk is kept. One buffer of max_bytes is
// reused.
// After each working set but the last, stop_requested is polled on the calling thread; when it
// answers true the measurement ends there and returns the points measured so far (at least
// one, fewer than working_set_sizes gives).
// On failure: a usage error for options out of range (what = "memory"), a run error when the
// buffer cannot be allocated.
Expected<std::vector<LatencyPoint>> measure_load_latency(const LatencyOptions& options,
                                                         const LatencyProgress& progress = {},
                                                         const StopRequested& stop_requested = {});

// The curve as a Series: name "load_latency", x = working-set bytes, y = ns per load.
Series latency_series(const std::vector<LatencyPoint>& points);

enum class MemoryLevel { kL1, kL2, kL3, kDram };

// "L1", "L2", "L3", "DRAM".
std::string_view memory_level_name(MemoryLevel level);

// Data cache sizes of one core's path to memory; 0 means absent or unknown.
struct CacheSizes {
  std::uint64_t l1_bytes = 0;
  std::uint64_t l2_bytes = 0;
  std::uint64_t l3_bytes = 0;
  bool known() const { return l1_bytes != 0 || l2_bytes != 0 || l3_bytes != 0; }
};

// Labels each point (x = working-set bytes ascending, y = ns per load) with the level that
// serves most of its loads. With known sizes: the smallest known cache that holds the working
// set, else DRAM; but a point at >= 50 ns is DRAM whatever the sizes say (no cache is that
// slow; a VM may report a whole socket's L3 to one core), and a point is never labelled
// nearer than the one before it. With no sizes: the curve's steps, i.e. up to three of the
// largest rises between neighbouring points, each >= 1.35x and not next to another; the
// segments are L1, L2, L3, DRAM in order, and a last segment whose median is >= 50 ns is DRAM
// whatever its rank.
std::vector<MemoryLevel> classify_levels(const std::vector<std::pair<double, double>>& points,
                                         const CacheSizes& caches);

struct LevelLatency {
  MemoryLevel level = MemoryLevel::kL1;
  double ns_per_load = 0;
};

// One figure per level present, in level order: the median latency of the level's points, or
// for DRAM the latency of its largest working set (the one least served by caches).
// `labels` is classify_levels() of the same points.
std::vector<LevelLatency> level_latencies(const std::vector<std::pair<double, double>>& points,
                                          const std::vector<MemoryLevel>& labels);

}  // namespace hostmark
