#pragma once
// The one seam between hostmark and a process group: rank, size, collectives, abort. Every MPI
// call of the program sits behind this interface in mpi/mpi_comm.cc (compiled only when the build
// has MPI, HOSTMARK_MPI); a run without MPI uses SingleProcessComm, a group of one.
//
// Contract for callers: every collective (barrier, sum/max, gather, bcast) must be called by
// every rank in the same order, or the group hangs. A rank that cannot go on calls abort(),
// which ends every rank; it never returns early past a collective the others will reach.
// Collectives here are all-reduce style: every rank gets the result, unless a comment says
// "root only".
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"

namespace hostmark::mpi {

using Bytes = std::string;  // an opaque byte string (std::string holds any bytes)

class Comm {
 public:
  virtual ~Comm() = default;

  virtual int rank() const = 0;  // 0 .. size()-1
  virtual int size() const = 0;
  virtual int node_rank() const = 0;       // this rank's index among the ranks on its node
  virtual int node_count() const = 0;      // nodes (distinct host names) in the group
  virtual int ranks_per_node() const = 0;  // the most ranks any node has
  // The host name of every rank, indexed by rank (the same on every rank).
  virtual const std::vector<std::string>& host_names() const = 0;

  virtual void barrier() = 0;
  virtual std::uint64_t sum_u64(std::uint64_t mine) = 0;
  virtual std::uint64_t max_u64(std::uint64_t mine) = 0;
  virtual double sum_double(double mine) = 0;
  virtual double max_double(double mine) = 0;
  // Element-wise maximum of equal-length vectors (every rank passes the same length).
  virtual std::vector<std::uint64_t> max_u64s(const std::vector<std::uint64_t>& mine) = 0;
  // Every rank's bytes, indexed by rank, on rank 0 (root only: other ranks get an empty vector).
  virtual std::vector<Bytes> gather_to_root(const Bytes& mine) = 0;
  // Rank 0's bytes on every rank (the argument of other ranks is ignored).
  virtual Bytes bcast_from_root(const Bytes& root_bytes) = 0;
  // Ends every rank of the group with `exit_code`, after this rank printed its message. The
  // caller has already printed `message`; it is kept for the launcher's log.
  [[noreturn]] virtual void abort(int exit_code, const std::string& message) = 0;
};

// A group of one: rank 0 of 1 on this host; collectives return their argument.
class SingleProcessComm final : public Comm {
 public:
  SingleProcessComm();
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int node_rank() const override { return 0; }
  int node_count() const override { return 1; }
  int ranks_per_node() const override { return 1; }
  const std::vector<std::string>& host_names() const override { return hosts_; }
  void barrier() override {}
  std::uint64_t sum_u64(std::uint64_t mine) override { return mine; }
  std::uint64_t max_u64(std::uint64_t mine) override { return mine; }
  double sum_double(double mine) override { return mine; }
  double max_double(double mine) override { return mine; }
  std::vector<std::uint64_t> max_u64s(const std::vector<std::uint64_t>& mine) override {
    return mine;
  }
  std::vector<Bytes> gather_to_root(const Bytes& mine) override { return {mine}; }
  Bytes bcast_from_root(const Bytes& root_bytes) override { return root_bytes; }
  [[noreturn]] void abort(int exit_code, const std::string& message) override;

 private:
  std::vector<std::string> hosts_;
};

// What the environment says about the launch: the group size a launcher announced
// (OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX size via OMPI, SLURM_NTASKS), 0 when none did.
struct LaunchInfo {
  int announced_size = 0;
  std::string announced_by;         // "OMPI_COMM_WORLD_SIZE=4"
  bool under_mpi_launcher = false;  // OMPI_COMM_WORLD_SIZE or PMI_SIZE/PMI_RANK set (not SLURM)
};
LaunchInfo launch_info_from_environment();

// true when this binary was built with MPI (HOSTMARK_MPI).
bool built_with_mpi();

// The group this process belongs to. Under an MPI launcher (and built with MPI), initialises
// MPI (once per process; the Comm finalises it when destroyed); otherwise a SingleProcessComm.
// Usage error (exit 2) when the launcher announced more than one rank but this process sees a
// group of one (MPI not initialised by the launcher, or a build without MPI): N copies of one
// run would each report one machine's numbers as if they were the whole.
std::unique_ptr<Comm> make_comm();

// The decision of make_comm() as a pure function, for tests: the error when `announced` > 1
// and `actual_size` == 1.
Status check_launch(const LaunchInfo& launch, int actual_size, bool have_mpi);

}  // namespace hostmark::mpi
