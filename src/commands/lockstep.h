#pragma once
// How the ranks of a distributed fs or cluster run (commands/fs_distributed.h, cluster.cc) stay
// in step and stop together, with every rank's files removed. The distributed fio run
// (commands/fio_distributed.cc) uses its options check and end_group() too.
//
// While ranks have files (the lockstep part), every collective is a sync(): an all-reduce of
// "has any rank failed?". A rank that fails unwinds (its work directory is removed), prints
// its line and calls fail(), which is its side of the sync the others wait in: they see the
// failure, throw GroupStopped, unwind (their directories removed) and call stopped(). Then
// every rank agrees on the exit status in one more all-reduce. No rank leaves a collective
// the others will reach, and no rank is killed with its files still there.
//
// Outside the lockstep part (parsing before, printing after, where no rank has files) a failing
// rank ends the whole group at once: end_group() (MPI_Abort).
#include <cstdint>
#include <exception>
#include <new>
#include <string>

#include "commands/command.h"
#include "core/error.h"
#include "mpi/comm.h"

namespace hostmark {

// Thrown by Lockstep::sync() on a rank that did not fail when another did.
struct GroupStopped {};

class Lockstep {
 public:
  explicit Lockstep(mpi::Comm& comm) : comm_(comm) {}
  // The lockstep part begins (a sync) and ends (a sync: every rank is past it).
  void enter();
  void leave();
  bool active() const { return active_; }
  // Every rank calls this at the same points; throws GroupStopped when a rank failed.
  void sync();
  // The failing rank: prints "hostmark: rank R (host): <error>", meets the others' sync and
  // the exit-status agreement. Returns the exit status of every rank.
  int fail(const Error& e, const CommandIo& io);
  // A rank that caught GroupStopped: the exit-status agreement.
  int stopped();

 private:
  mpi::Comm& comm_;
  bool active_ = false;
};

// Rank 0 compares every rank's hash of its resolved options with its own: a usage error naming
// the first rank that differs ("rank 1 (node7) resolved other <command> options than rank 0
// (node1): <why>"). Outside the lockstep part (end_group on the error).
void check_same_hash(mpi::Comm& comm, std::uint64_t hash, const std::string& command,
                     const std::string& why);

// "rank R (host): <message>"
std::string rank_line(const mpi::Comm& comm, const Error& e);

// Prints "hostmark: rank R (host): <message>" in one write and ends every rank (exit code of
// `e`). For failures outside the lockstep part.
[[noreturn]] void end_group(mpi::Comm& comm, const Error& e, const CommandIo& io);

// A rank's failure, wherever it happened: inside the lockstep part, lock.fail(); in a group of
// one, rethrown (main's one line); otherwise end_group().
int end_rank(mpi::Comm& comm, Lockstep& lock, const Error& e, const CommandIo& io);

// Runs one rank of `command` (`run(lock)` returns the exit status every rank agreed on) with
// the failure protocol above: a rank that saw another fail returns the agreed status; a rank's
// own failure (Failure, out of memory, any other exception) goes through end_rank().
template <typename Run>
int run_in_lockstep(mpi::Comm& comm, const char* command, const CommandIo& io, Run&& run) {
  Lockstep lock(comm);
  try {
    return run(lock);
  } catch (const GroupStopped&) {
    return lock.stopped();
  } catch (const Failure& f) {
    return end_rank(comm, lock, f.error(), io);
  } catch (const std::bad_alloc&) {
    return end_rank(comm, lock, run_error(command, "out of memory"), io);
  } catch (const std::exception& e) {
    return end_rank(comm, lock, run_error(command, e.what()), io);
  }
}

}  // namespace hostmark
