#pragma once
// The MPI backend as the factory (mpi/comm.cc) sees it. Exactly one of two files defines these:
// mpi/backend/mpi_comm.cc when the build has MPI (HOSTMARK_MPI), else
// mpi/backend/no_mpi_comm.cc. CMake compiles the one that applies; no #ifdef anywhere.
#include <memory>

#include "mpi/comm.h"

namespace hostmark::mpi {

// Initialises MPI (MPI_THREAD_FUNNELED: only the thread that created the Comm calls it) and
// returns the world group; the Comm finalises MPI when destroyed. nullptr without MPI.
std::unique_ptr<Comm> make_mpi_comm();

}  // namespace hostmark::mpi
