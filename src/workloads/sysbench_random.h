#pragma once
// sysbench's pseudo-random number distributions (--rand-type): uniform, gaussian, special,
// pareto, and zipfian (sysbench 1.1's, with --rand-zipfian-exp), over an inclusive integer range.
// One generator per thread; not thread-safe.
#include <cstdint>
#include <string_view>

#include "core/error.h"

namespace hostmark {

enum class RandType { kUniform, kGaussian, kSpecial, kPareto, kZipfian };

Expected<RandType> parse_rand_type(std::string_view text);  // names as sysbench spells them

struct RandSpec {
  RandType type = RandType::kSpecial;  // sysbench 1.0.20's default
  int spec_iter = 12;                  // --rand-spec-iter: uniform draws summed per gaussian value
  double spec_pct = 1;                 // --rand-spec-pct: % of the range that is "special"
  double spec_res = 75;                // --rand-spec-res: % of draws that hit the special values
  double pareto_h = 0.2;               // --rand-pareto-h
  double zipfian_exp = 0.8;            // --rand-zipfian-exp: P(k) ~ 1 / k^exp (exp > 0)
};

class SysbenchRandom {
 public:
  SysbenchRandom(const RandSpec& spec, std::uint64_t seed);
  // A value in [lo, hi] drawn from the configured distribution (lo when hi <= lo).
  std::uint64_t next(std::uint64_t lo, std::uint64_t hi);
  std::uint64_t uniform(std::uint64_t lo, std::uint64_t hi);
  double uniform_double();  // [0, 1)
  std::uint64_t raw();      // xoshiro256**
  // One distribution whatever the configured type (Lua scripts' sysbench.rand.gaussian...).
  std::uint64_t gaussian(std::uint64_t lo, std::uint64_t hi);
  std::uint64_t special(std::uint64_t lo, std::uint64_t hi);
  std::uint64_t pareto(std::uint64_t lo, std::uint64_t hi);

 private:
  std::uint64_t zipfian(std::uint64_t lo, std::uint64_t hi);

  RandSpec spec_;
  std::uint64_t s_[4];
};

}  // namespace hostmark
