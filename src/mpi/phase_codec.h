#pragma once
// A rank's measured phases (results/result.h) as bytes, for gathering them on rank 0: name,
// duration, every metric with its unit, the latency summary and every latency bucket. Time
// series and --monitor activity stay on the rank (they cannot be lined up without a common
// clock).
#include <string>
#include <vector>

#include "results/result.h"

namespace hostmark::mpi {

std::string encode_phases(const std::vector<Phase>& phases);

// Run error naming `what` ("rank 3") when the bytes are malformed.
std::vector<Phase> decode_phases(const std::string& bytes, const std::string& what);

}  // namespace hostmark::mpi
