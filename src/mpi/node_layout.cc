#include "mpi/node_layout.h"

#include <sys/utsname.h>

#include <algorithm>
#include <map>

namespace hostmark::mpi {

NodeLayout node_layout(const std::vector<std::string>& hosts, int rank) {
  NodeLayout layout;
  std::map<std::string, int> per_host;
  for (const auto& h : hosts) ++per_host[h];
  layout.node_count = static_cast<int>(per_host.size());
  layout.ranks_per_node = 1;
  for (const auto& [host, n] : per_host) layout.ranks_per_node = std::max(layout.ranks_per_node, n);
  const auto mine = static_cast<std::size_t>(rank);
  layout.node_rank = 0;
  for (std::size_t r = 0; r < mine && r < hosts.size(); ++r)
    if (hosts[r] == hosts[mine]) ++layout.node_rank;
  return layout;
}

int reordered_rank(int rank, int size, int ranks_per_node) {
  if (size <= 1) return rank;
  return (rank + ranks_per_node) % size;
}

std::string this_host_name() {
  utsname u{};
  if (::uname(&u) != 0) return "unknown";
  return u.nodename;
}

}  // namespace hostmark::mpi
