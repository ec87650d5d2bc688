// thread_seed(): fio's randrepeat / randseed, turned into one 64-bit seed per job thread.
#include <chrono>
#include <random>

#include "io/io_planner.h"
#include "io/random_source.h"

namespace hostmark::io {

namespace {
// The base seed of randrepeat=1 without randseed: any fixed value; this one is fio's
// FIO_RANDSEED, so "the default seed" reads the same in both tools' documentation.
constexpr std::uint64_t kRepeatableSeed = 0xb1899bedULL;
}  // namespace

std::uint64_t thread_seed(const fio::JobOptions& job, int jobnum) {
  std::uint64_t base = kRepeatableSeed;
  if (job.randseed) {
    base = *job.randseed;  // randseed= wins over randrepeat, as in fio
  } else if (!job.randrepeat) {
    std::random_device urandom;
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    base = (std::uint64_t{urandom()} << 32) ^ urandom() ^ static_cast<std::uint64_t>(now);
  }
  std::uint64_t state = base + 0xd1b54a32d192ed03ULL * static_cast<std::uint64_t>(jobnum + 1);
  splitmix64(state);
  return splitmix64(state);
}

}  // namespace hostmark::io
