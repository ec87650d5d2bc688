#pragma once
// Which of a job thread's files the next I/O goes to (fio's file_service_type):
//   roundrobin[:N]  files in turn, N I/Os each (default 1). fio's default.
//   sequential      stay on a file until its pass is done, then the next one.
//   random[:N]      a uniformly chosen file, kept for N I/Os.
//   zipf:s / pareto:h / normal:sg (gauss:sg)  a file drawn from that distribution each I/O.
// Unknown names fall back to roundrobin (the parser rejects them first).
#include <cstdint>
#include <string_view>

#include "io/distributions.h"
#include "io/random_source.h"

namespace hostmark::io {

class FileChooser {
 public:
  FileChooser() = default;
  FileChooser(std::string_view service_type, std::uint32_t files, std::uint64_t seed);

  // The file of the next I/O. `current_done`: the current file finished its pass (only
  // sequential service looks at it).
  std::uint32_t next(RandomSource& rng, bool current_done) {
    if (files_ <= 1) return 0;
    switch (kind_) {
      case Kind::kSequential:
        if (current_done) current_ = current_ + 1 == files_ ? 0 : current_ + 1;
        return current_;
      case Kind::kRoundRobin:
        if (left_ == 0) {
          current_ = current_ + 1 == files_ ? 0 : current_ + 1;
          left_ = per_switch_;
        }
        --left_;
        return current_;
      case Kind::kRandom:
        if (left_ == 0) {
          current_ = static_cast<std::uint32_t>(rng.below(files_));
          left_ = per_switch_;
        }
        --left_;
        return current_;
      case Kind::kDistribution: return static_cast<std::uint32_t>(distribution_.next(rng));
    }
    return 0;
  }

  // Back to the state after construction (restart of a pass).
  void restart();

 private:
  enum class Kind : std::uint8_t { kRoundRobin, kSequential, kRandom, kDistribution };
  Kind kind_ = Kind::kRoundRobin;
  std::uint32_t files_ = 1;
  std::uint32_t per_switch_ = 1;
  std::uint32_t left_ = 0;
  std::uint32_t current_ = 0;
  BlockDistribution distribution_;
};

}  // namespace hostmark::io
