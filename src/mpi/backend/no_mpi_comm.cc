// The MPI backend of a build without MPI (HOSTMARK_MPI=OFF, or AUTO without Open MPI found):
// every process is a group of one.
#include "mpi/mpi_backend.h"

namespace hostmark::mpi {

bool built_with_mpi() { return false; }

std::unique_ptr<Comm> make_mpi_comm() { return nullptr; }

}  // namespace hostmark::mpi
