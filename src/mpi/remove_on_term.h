#pragma once
// Removes the files a rank of a distributed run created when the launcher ends the rank, so a
// failure on one rank leaves no file of the run behind (issue 8).
//
// How Open MPI ends the other ranks when one calls MPI_Abort (ORTE's odls in 4.1, as Debian
// ships it; PRRTE's in 5.x): each node's daemon sends its ranks SIGCONT and SIGTERM, then
// SIGKILL to one still alive after odls_base_sigkill_timeout (the waits differ between
// releases; with 4.1.4 here a failed np=2 run ends in under a second). A rank waiting in a
// collective (a barrier the failed rank never reaches) never returns to unwind its TargetSet, so
// a RemoveOnTerm catches that SIGTERM: its handler unlinks the listed paths (unlink() is
// async-signal-safe) and then dies of SIGTERM as before (same exit status for the launcher).
// The failing rank itself unwinds (its TargetSet, and rank 0's shared files, are destroyed
// before it aborts), so it removes its own.
//
// Guaranteed: a rank that gets SIGTERM while a RemoveOnTerm lives removes every listed path,
// on its own node (a node-local directory included). Not guaranteed: a rank killed by SIGKILL
// alone (a launcher configured to skip SIGTERM, the OOM killer, a node that dies) cleans
// nothing: its files stay until the user or the next run with the same names removes them (a
// run never removes a file that existed before it: it is measured, not replaced); a SIGTERM
// while every thread blocks it (no MPI progress thread takes it: hostmark blocks SIGTERM in its
// own threads while jobs run) stays pending until the SIGKILL. The list is of paths that did
// not exist when the run began: one made by another process between that check and the run's
// own O_EXCL create would be removed too.
//
// SIGTERM's handler can only see a global: one list per process, so one RemoveOnTerm at a time
// (a second one is a logic error and throws). Its lists live until it is destroyed, and the
// destructor first waits out a handler already running on another thread (which ends the
// process), so the handler never reads freed memory.
#include <memory>
#include <string>
#include <vector>

namespace hostmark::mpi {

class RemoveOnTerm {
 public:
  explicit RemoveOnTerm(const std::vector<std::string>& paths);
  ~RemoveOnTerm();  // the previous SIGTERM disposition back
  RemoveOnTerm(const RemoveOnTerm&) = delete;
  RemoveOnTerm& operator=(const RemoveOnTerm&) = delete;

  // From now on, removes `paths` instead (the run's own files are gone, a shared file stays).
  void replace(const std::vector<std::string>& paths);

  struct List;  // the paths as the handler reads them

 private:
  std::vector<std::unique_ptr<List>> lists_;  // every list handed to the handler
};

// The paths among `paths` that do not exist now (lstat: ENOENT), without repeats.
std::vector<std::string> missing_paths(const std::vector<std::string>& paths);

}  // namespace hostmark::mpi
