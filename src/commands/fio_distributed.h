#pragma once
// `mpirun -np N hostmark fio ...`: one rank of a distributed fio run (docs/MPI.md).
//
// Phases, reached by every rank in the same order (a rank that cannot go on prints its line
// "hostmark: rank R (host): <what>: <why>" and aborts the whole group: no rank is ever left
// waiting in a collective):
//   1. rank 0 parses the command line and job files and broadcasts the arguments and the text
//      of every file it read; every rank parses them; rank 0 compares a hash of every rank's
//      parsed options (a difference names the rank);
//   2. each rank adjusts the jobs to its own files or shared-file segment (mpi/rank_jobs.h)
//      and lists the files it will create, removed if the launcher ends it because another
//      rank failed (mpi/remove_on_term.h); with --shared-file, rank 0 lays out the whole file
//      first; barrier;
//   3. per wave of jobs: prepare files -> barrier -> run -> barrier (--mpi-stonewall: the ranks
//      poll together and all stop when the first finishes, then wear out to the most I/Os);
//   4. every rank's measured jobs are gathered on rank 0, which prints the aggregate as fio
//      would (plus a per-rank and per-host table, and "mpi" detail in JSON) and saves it as a
//      single run's Result (commands/fio_result.h) with the per-rank detail added.
#include <string>
#include <vector>

#include "commands/command.h"
#include "fio/run_stats.h"
#include "mpi/comm.h"
#include "mpi/dist_options.h"
#include "mpi/fio_aggregate.h"

namespace hostmark {

// Every rank calls this; every rank returns the same exit status (rank 0's verdict).
int run_distributed_fio(mpi::Comm& comm, const mpi::SplitArgs& split, const CommandIo& io);

// Rank 0: prints the aggregate in the formats asked (fio's order: terse, json, normal; the rank
// table after the normal text, the "mpi" object in the JSON's "hostmark" object), to
// --output or standard output, and saves it unless --no-save. Returns the exit status.
int report_distributed_fio(const fio::FioRun& aggregate, const mpi::DistSummary& summary,
                           const mpi::SplitArgs& split, const CommandIo& io);

}  // namespace hostmark
