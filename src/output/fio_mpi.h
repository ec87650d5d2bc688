#pragma once
// The detail of a distributed `hostmark fio` run (mpi/fio_aggregate.h's DistSummary): a
// per-rank and per-host table after fio's normal text, and the "mpi" object of the "hostmark"
// JSON object. Only formats.
#include <nlohmann/json.hpp>
#include <ostream>

#include "mpi/fio_aggregate.h"

namespace hostmark {

// "MPI: 4 ranks on 1 host, file per process" then one line per rank and per host (MiB/s are
// binary, 2^20 bytes per second).
void write_fio_rank_table(const mpi::DistSummary& summary, std::ostream& out);

// {"ranks": N, "nodes": N, "placement": ..., "per_rank": [...], "per_host": [...]}: bytes,
// I/Os, runtimes in ns, bandwidth in bytes/s, latency in ns.
nlohmann::ordered_json fio_rank_json(const mpi::DistSummary& summary);

}  // namespace hostmark
