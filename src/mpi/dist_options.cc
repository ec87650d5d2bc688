#include "mpi/dist_options.h"

#include <charconv>
#include <string_view>

namespace hostmark::mpi {
namespace {

// "--name" or "--name=value" (one dash too, as fio's parser takes): the value after '=', or ""
// when there is none; nullopt-like false when `arg` is another option.
bool matches(const std::string& arg, const std::string& name, std::string& value) {
  std::string_view a = arg;
  if (a.starts_with("--")) a.remove_prefix(2);
  else if (a.starts_with("-")) a.remove_prefix(1);
  else return false;
  if (!a.starts_with(name)) return false;
  a.remove_prefix(name.size());
  if (a.empty()) {
    value.clear();
    return true;
  }
  if (a.front() != '=') return false;
  value = std::string(a.substr(1));
  return true;
}

}  // namespace

Expected<SplitArgs> split_dist_options(const std::vector<std::string>& args) {
  SplitArgs out;
  std::string v;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (matches(a, "shared-file", v) && v.empty()) {
      out.dist.shared_file = true;
    } else if (matches(a, "reorder-tasks", v) && v.empty()) {
      out.dist.reorder_tasks = true;
    } else if (matches(a, "mpi-stonewall", v) && v.empty()) {
      out.dist.stonewall = true;
    } else if (matches(a, "mpi-fail-rank", v)) {
      int n = -1;
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || end != v.data() + v.size() || n < 0)
        return usage_error("--mpi-fail-rank", "'" + v + "' is not a rank number");
      out.dist.fail_rank = n;
    } else {
      out.fio_args.push_back(a);
    }
  }
  return out;
}

}  // namespace hostmark::mpi
