#pragma once
// `mpirun -np N hostmark fs DIR`: one rank of a distributed fs run, mdtest's way (docs/MPI.md).
//
// Every rank parses the same command line; rank 0's seed is used by all; rank 0 compares a
// hash of every rank's resolved options (a difference names the rank: --size's default follows
// each host's RAM). Then, in lockstep (commands/lockstep.h): each rank runs the block data
// tests and the file tests in its own directory DIR/hostmark-fs.* (mdtest -u), every test
// between two syncs, so ranks run each test together; every rank removes its directory. The
// per-char and seek tests are left out (a note says so). Rank 0 gathers every rank's phases,
// prints the aggregate (work of all ranks / the longest rank's time, latency histograms merged
// by bucket sums; fsbench/rank_aggregate.h) with the rank count, each rank's rate and time in
// the JSON, and saves it like `hostmark fs`.
#include <string>
#include <vector>

#include "commands/command.h"
#include "commands/lockstep.h"
#include "fsbench/fs_options.h"
#include "mpi/comm.h"
#include "results/result.h"

namespace hostmark {

// Every rank calls this; every rank returns the same exit status.
int run_distributed_fs(mpi::Comm& comm, const std::vector<std::string>& args, const CommandIo& io);

// The lockstep part, also `hostmark cluster`'s metadata tests: every rank measures `o` in its
// own directory (fsbench::measure_fs into `r`), passing `lock` before and after every test;
// `fail_here` fails this rank before its third test (--mpi-fail-rank). Returns, on rank 0,
// every rank's phases aggregated (fsbench/rank_aggregate.h); nothing on the others. A failure
// throws past `lock`'s syncs: the caller's catch calls lock.fail() or lock.stopped().
std::vector<Phase> measure_fs_ranks(mpi::Comm& comm, Lockstep& lock, fsbench::FsOptions o,
                                    bool fail_here, std::ostream& progress, Result& r);

// The text of a distributed fs result: an mdtest-like table of the aggregate rates.
void write_distributed_fs_text(const Result& r, std::ostream& out);

}  // namespace hostmark
