#include "commands/lockstep.h"

#include <fmt/format.h>

#include <cstdlib>

#include "mpi/wire.h"

namespace hostmark {

void Lockstep::enter() {
  active_ = true;
  sync();
}

void Lockstep::leave() {
  sync();
  active_ = false;
}

void Lockstep::sync() {
  if (comm_.max_u64(0) != 0) throw GroupStopped{};
}

int Lockstep::fail(const Error& e, const CommandIo& io) {
  io.out.flush();
  io.err << fmt::format("hostmark: {}\n", rank_line(comm_, e)) << std::flush;
  comm_.max_u64(1);  // the sync the other ranks wait in
  return static_cast<int>(comm_.max_u64(static_cast<std::uint64_t>(e.exit_code())));
}

int Lockstep::stopped() { return static_cast<int>(comm_.max_u64(0)); }

void check_same_hash(mpi::Comm& comm, std::uint64_t hash, const std::string& command,
                     const std::string& why) {
  mpi::WireWriter w;
  w.u64(hash);
  const auto hashes = comm.gather_to_root(w.bytes());
  for (std::size_t r = 1; r < hashes.size(); ++r) {
    if (hashes[r] == hashes[0]) continue;
    throw Failure(usage_error(
        "mpi", fmt::format("rank {} ({}) resolved other {} options than rank 0 ({}): {}", r,
                           comm.host_names()[r], command, comm.host_names()[0], why)));
  }
}

std::string rank_line(const mpi::Comm& comm, const Error& e) {
  return fmt::format("rank {} ({}): {}", comm.rank(),
                     comm.host_names()[static_cast<std::size_t>(comm.rank())], e.message());
}

void end_group(mpi::Comm& comm, const Error& e, const CommandIo& io) {
  const std::string line = rank_line(comm, e);
  io.out.flush();
  // One write: MPI_Abort can kill the rank between two writes of a line.
  io.err << fmt::format("hostmark: {}\n", line) << std::flush;
  comm.abort(e.exit_code(), line);
  std::_Exit(e.exit_code());  // not reached: g++ does not apply [[noreturn]] to virtual calls
}

int end_rank(mpi::Comm& comm, Lockstep& lock, const Error& e, const CommandIo& io) {
  if (lock.active()) return lock.fail(e, io);
  if (comm.size() == 1) throw Failure(e);  // main's one line
  end_group(comm, e, io);
}

}  // namespace hostmark
