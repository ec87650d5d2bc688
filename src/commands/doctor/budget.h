#pragma once
// How `hostmark doctor --duration S` spends its time: a quarter on the three host samples
// (memory, CPU, processes: S/12 each), two thirds on the five storage probes (2S/15 each),
// the rest on writing the test file; the OLTP probe (--db) adds three phases of S/20 each.
#include <algorithm>
#include <cstdint>

namespace hostmark::doctor {

struct Budget {
  std::uint64_t host_sample_ns = 0;
  std::uint64_t probe_ns = 0;
  std::uint64_t db_phase_ns = 0;
};

inline constexpr std::uint64_t kDefaultDurationNs = 60'000'000'000;  // 60 s
inline constexpr std::uint64_t kMinDurationNs = 1'000'000'000;       // 1 s

inline Budget doctor_budget(std::uint64_t duration_ns) {
  constexpr std::uint64_t kMinPhaseNs = 100'000'000;  // 0.1 s
  return {std::max(duration_ns / 12, kMinPhaseNs), std::max(duration_ns * 2 / 15, kMinPhaseNs),
          std::max(duration_ns / 20, kMinPhaseNs)};
}

}  // namespace hostmark::doctor
