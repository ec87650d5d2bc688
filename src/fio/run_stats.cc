#include "fio/run_stats.h"

#include <fmt/format.h>

namespace hostmark::fio {

std::uint64_t DirStats::bw_bytes_per_s() const {
  if (runtime_ns == 0) return 0;
  // 128-bit: io_bytes * 1e9 overflows 64 bits past 18 GB.
  const auto bytes_ns = static_cast<Uint128>(io_bytes) * 1'000'000'000u;
  return static_cast<std::uint64_t>(bytes_ns / runtime_ns);
}

double DirStats::iops_mean() const {
  if (runtime_ns == 0) return 0.0;
  return static_cast<double>(total_ios) * 1e9 / static_cast<double>(runtime_ns);
}

std::uint64_t DirStats::runtime_ms() const { return ceil_ms(runtime_ns); }

std::string continued_errors_warning(const JobStats& job) {
  if (job.error != 0 || job.failed_ios == 0) return {};
  return fmt::format("job {}: {} I/O error(s) continued past (continue_on_error), the first: {}",
                     job.options.name, job.failed_ios, job.first_error_text);
}

}  // namespace hostmark::fio
