#include "mpi/comm.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "mpi/mpi_backend.h"
#include "mpi/node_layout.h"

namespace hostmark::mpi {
namespace {

// A positive group size from variable `name`, 0 when unset or not a number.
int size_from(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return 0;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return *end == '\0' && n > 0 && n < 1'000'000'000 ? static_cast<int>(n) : 0;
}

}  // namespace

SingleProcessComm::SingleProcessComm() : hosts_{this_host_name()} {}

void SingleProcessComm::abort(int exit_code, const std::string&) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(exit_code);
}

LaunchInfo launch_info_from_environment() {
  LaunchInfo info;
  // Open MPI's mpirun, then the PMI of MPICH/Slurm, then Slurm's own task count.
  // SLURM_NTASKS only inside a job step (srun sets SLURM_STEP_ID): an sbatch script exports it
  // to every command it runs, and a plain `hostmark fio` there is not a misuse.
  std::vector<const char*> names{"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"};
  if (std::getenv("SLURM_STEP_ID") != nullptr) names.push_back("SLURM_NTASKS");
  for (const char* name : names) {
    const int n = size_from(name);
    if (n > 0 && info.announced_size == 0) {
      info.announced_size = n;
      info.announced_by = fmt::format("{}={}", name, n);
    }
  }
  info.under_mpi_launcher = std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr ||
                            std::getenv("PMI_SIZE") != nullptr ||
                            std::getenv("PMIX_RANK") != nullptr;
  return info;
}

Status check_launch(const LaunchInfo& launch, int actual_size, bool have_mpi) {
  if (launch.announced_size <= 1 || actual_size > 1) return Ok{};
  const std::string why =
      have_mpi ? fmt::format(
                     "{} says {} ranks, but MPI sees one: launch with mpirun or srun "
                     "--mpi=pmix (an MPI this build supports), or unset the variable",
                     launch.announced_by, launch.announced_size)
               : fmt::format(
                     "{} says {} ranks, but this hostmark was built without MPI "
                     "(HOSTMARK_MPI=OFF): each copy would report one machine as the whole",
                     launch.announced_by, launch.announced_size);
  return usage_error("mpi", why);
}

std::unique_ptr<Comm> make_comm() {
  const LaunchInfo launch = launch_info_from_environment();
  std::unique_ptr<Comm> comm;
  if (launch.under_mpi_launcher) comm = make_mpi_comm();
  if (!comm) comm = std::make_unique<SingleProcessComm>();
  if (auto st = check_launch(launch, comm->size(), built_with_mpi()); !st) {
    // Every rank of such a launch is a group of one: each prints the line and exits 2.
    throw Failure(st.error());
  }
  return comm;
}

}  // namespace hostmark::mpi
