#pragma once
// Where ranks sit: from every rank's host name, this rank's index on its node, the number of
// nodes and the most ranks on one node. Pure, so the MPI and single-process Comms share it and
// tests feed host lists directly.
#include <string>
#include <vector>

namespace hostmark::mpi {

struct NodeLayout {
  int node_rank = 0;       // ranks before this one on the same host
  int node_count = 1;      // distinct host names
  int ranks_per_node = 1;  // the most ranks any host has
};

// `hosts`: the host name of every rank, indexed by rank; `rank` indexes it.
NodeLayout node_layout(const std::vector<std::string>& hosts, int rank);

// The rank whose data a rank reads with --reorder-tasks (IOR -C): the rank `ranks_per_node`
// further on, modulo the group size, so with ranks filled node by node the data comes from
// the next node. Equal to `rank` in a group of one.
int reordered_rank(int rank, int size, int ranks_per_node);

// The host name of this machine (uname nodename).
std::string this_host_name();

}  // namespace hostmark::mpi
