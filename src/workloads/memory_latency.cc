#include "workloads/memory_latency.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <new>

#include "cli/units.h"
#include "io/random_source.h"
#include "workloads/memory_kernels.h"

namespace hostmark {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kUnroll = 16;               // loads per loop iteration
constexpr std::uint64_t kMaxWarmupLoads = 1 << 19;  // a full pass over 32 MiB
constexpr double kChunkNs = 4e6;                    // one timed run of loads
constexpr int kMinChunks = 3;                       // the best of at least these is kept
constexpr double kStepRatio = 1.35;                 // a rise this big is a cache step
constexpr double kDramFloorNs = 50;                 // no cache is this slow

// Follows `loads` (a multiple of kUnroll) links from p; returns where it ended so the loads
// cannot be optimised away.
[[gnu::noinline]] const void* chase(const void* p, std::uint64_t loads) {
  for (std::uint64_t i = 0; i < loads; i += kUnroll) {
    for (std::uint64_t u = 0; u < kUnroll; ++u) p = *static_cast<const void* const*>(p);
  }
  return p;
}

// Runs `loads` dependent loads from *p (advancing it) and returns the elapsed ns.
double timed_chase(const void*& p, std::uint64_t loads) {
  const auto t0 = Clock::now();
  p = chase(p, loads);
  asm volatile("" : : "r"(p) : "memory");
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

std::uint64_t round_loads(double loads) {
  const auto n = static_cast<std::uint64_t>(std::clamp(loads, double{kUnroll}, 1e12));
  return (n + kUnroll - 1) / kUnroll * kUnroll;
}

LatencyPoint measure_one(std::byte* base, std::uint64_t bytes, const LatencyOptions& o) {
  const std::size_t nodes = bytes / kChaseNodeBytes;
  {
    const auto next = random_cycle(nodes, o.seed);
    for (std::size_t i = 0; i < nodes; ++i) {
      *reinterpret_cast<const void**>(base + i * kChaseNodeBytes) =
          base + std::size_t{next[i]} * kChaseNodeBytes;
    }
  }
  const void* p = base;
  timed_chase(p, round_loads(static_cast<double>(std::min<std::uint64_t>(nodes, kMaxWarmupLoads))));
  // Size chunks of about kChunkNs from a first estimate, then time chunks until the point's
  // time is spent, re-sizing from the best so far. A chunk that lost the CPU (a shared host)
  // only reads slower, so the best chunk is the latency.
  std::uint64_t loads = 1024;
  double ns = timed_chase(p, loads);
  while (ns < kChunkNs / 4) {
    loads *= 4;
    ns = timed_chase(p, loads);
  }
  LatencyPoint best{bytes, ns / static_cast<double>(loads), loads};
  const auto start = Clock::now();
  const auto budget = std::chrono::nanoseconds(o.target_ns_per_point);
  for (int chunks = 0; chunks < kMinChunks || Clock::now() - start < budget; ++chunks) {
    const std::uint64_t chunk = round_loads(kChunkNs / best.ns_per_load);
    const double per_load = timed_chase(p, chunk) / static_cast<double>(chunk);
    if (per_load < best.ns_per_load) best = {bytes, per_load, chunk};
  }
  return best;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// Curve-only labels, when the cache sizes are unknown (see classify_levels).
std::vector<MemoryLevel> classify_by_steps(const std::vector<std::pair<double, double>>& pts) {
  std::vector<std::size_t> order;  // candidate boundaries i: a rise from point i-1 to point i
  for (std::size_t i = 1; i < pts.size(); ++i) {
    if (pts[i - 1].second > 0 && pts[i].second >= kStepRatio * pts[i - 1].second)
      order.push_back(i);
  }
  auto rise = [&](std::size_t i) { return pts[i].second / pts[i - 1].second; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t l, std::size_t r) { return rise(l) > rise(r); });
  std::vector<std::size_t> bounds;
  for (const std::size_t i : order) {
    if (bounds.size() == 3) break;
    const bool next_to_one = std::any_of(bounds.begin(), bounds.end(),
                                         [&](std::size_t b) { return b + 1 == i || i + 1 == b; });
    if (!next_to_one) bounds.push_back(i);
  }
  std::sort(bounds.begin(), bounds.end());
  std::vector<MemoryLevel> out(pts.size());
  std::size_t segment = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (segment < bounds.size() && bounds[segment] <= i) ++segment;
    out[i] = static_cast<MemoryLevel>(segment);
  }
  // A last segment slower than any cache is DRAM even when fewer steps were seen.
  if (!pts.empty() && !bounds.empty()) {
    std::vector<double> last;
    for (std::size_t i = bounds.back(); i < pts.size(); ++i) last.push_back(pts[i].second);
    if (median(last) >= kDramFloorNs) {
      for (std::size_t i = bounds.back(); i < pts.size(); ++i) out[i] = MemoryLevel::kDram;
    }
  }
  return out;
}

}  // namespace

std::vector<std::uint32_t> random_cycle(std::size_t nodes, std::uint64_t seed) {
  std::vector<std::uint32_t> order(nodes);
  for (std::size_t i = 0; i < nodes; ++i) order[i] = static_cast<std::uint32_t>(i);
  std::uint64_t state = seed;
  for (std::size_t i = nodes; i > 1; --i) {  // Fisher-Yates: a uniform visiting order
    const auto j = static_cast<std::size_t>(io::splitmix64(state) % i);
    std::swap(order[i - 1], order[j]);
  }
  std::vector<std::uint32_t> next(nodes);
  for (std::size_t i = 0; i < nodes; ++i) next[order[i]] = order[(i + 1) % nodes];
  return next;
}

std::vector<std::uint64_t> working_set_sizes(std::uint64_t min_bytes, std::uint64_t max_bytes) {
  std::vector<std::uint64_t> out;
  if (min_bytes == 0 || max_bytes < min_bytes) return out;
  for (std::uint64_t s = min_bytes; s <= max_bytes; s *= 2) {
    out.push_back(s);
    if (s > max_bytes / 2) break;
  }
  if (out.back() != max_bytes) out.push_back(max_bytes);
  return out;
}

Expected<std::vector<LatencyPoint>> measure_load_latency(const LatencyOptions& options,
                                                         const LatencyProgress& progress,
                                                         const StopRequested& stop_requested) {
  if (options.min_bytes < kChaseNodeBytes || options.max_bytes < options.min_bytes) {
    return usage_error("memory", "latency working sets must span 64 bytes or more, min <= max");
  }
  if (options.max_bytes / kChaseNodeBytes > (std::uint64_t{1} << 32)) {
    return usage_error("memory", "latency working sets are limited to 256 GiB");
  }
  AlignedBuffer buffer;
  try {
    buffer = AlignedBuffer(options.max_bytes);
  } catch (const std::bad_alloc&) {
    return run_error("memory", fmt::format("cannot allocate a {} latency working set",
                                           format_bytes_binary(options.max_bytes)));
  }
  const auto sizes = working_set_sizes(options.min_bytes, options.max_bytes);
  std::vector<LatencyPoint> points;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    points.push_back(measure_one(buffer.data(), sizes[i], options));
    if (progress) progress(sizes[i], static_cast<int>(i + 1), static_cast<int>(sizes.size()));
    if (i + 1 < sizes.size() && stop_requested && stop_requested()) break;
  }
  return points;
}

Series latency_series(const std::vector<LatencyPoint>& points) {
  Series s{"load_latency", "bytes", "ns", {}};
  for (const auto& p : points) {
    s.points.emplace_back(static_cast<double>(p.working_set_bytes), p.ns_per_load);
  }
  return s;
}

std::string_view memory_level_name(MemoryLevel level) {
  switch (level) {
    case MemoryLevel::kL1: return "L1";
    case MemoryLevel::kL2: return "L2";
    case MemoryLevel::kL3: return "L3";
    case MemoryLevel::kDram: return "DRAM";
  }
  return "?";
}

std::vector<MemoryLevel> classify_levels(const std::vector<std::pair<double, double>>& points,
                                         const CacheSizes& caches) {
  if (!caches.known()) return classify_by_steps(points);
  const std::pair<std::uint64_t, MemoryLevel> levels[] = {{caches.l1_bytes, MemoryLevel::kL1},
                                                          {caches.l2_bytes, MemoryLevel::kL2},
                                                          {caches.l3_bytes, MemoryLevel::kL3}};
  std::vector<MemoryLevel> out;
  for (const auto& [bytes, ns] : points) {
    MemoryLevel label = MemoryLevel::kDram;
    for (const auto& [size, level] : levels) {
      if (size != 0 && bytes <= static_cast<double>(size)) {
        label = level;
        break;
      }
    }
    if (ns >= kDramFloorNs) label = MemoryLevel::kDram;
    if (!out.empty()) label = std::max(label, out.back());  // levels only move outwards
    out.push_back(label);
  }
  return out;
}

std::vector<LevelLatency> level_latencies(const std::vector<std::pair<double, double>>& points,
                                          const std::vector<MemoryLevel>& labels) {
  std::vector<LevelLatency> out;
  for (const MemoryLevel level :
       {MemoryLevel::kL1, MemoryLevel::kL2, MemoryLevel::kL3, MemoryLevel::kDram}) {
    std::vector<double> ns;
    for (std::size_t i = 0; i < points.size() && i < labels.size(); ++i) {
      if (labels[i] == level) ns.push_back(points[i].second);
    }
    if (ns.empty()) continue;
    out.push_back({level, level == MemoryLevel::kDram ? ns.back() : median(ns)});
  }
  return out;
}

}  // namespace hostmark
