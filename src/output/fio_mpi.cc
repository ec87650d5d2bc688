#include "output/fio_mpi.h"

#include <fmt/format.h>

namespace hostmark {
namespace {

double mib(std::uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

std::string join_ranks(const std::vector<int>& ranks) {
  std::string s;
  for (int r : ranks) s += fmt::format("{}{}", s.empty() ? "" : ",", r);
  return s;
}

// "read_bytes", "write_bytes", "trim_bytes" (and the same for `what` = "ios") of one row.
void put_dirs(nlohmann::ordered_json& row, const char* what,
              const std::array<std::uint64_t, fio::kDirs>& v) {
  constexpr const char* kDir[] = {"read", "write", "trim"};
  for (int d = 0; d < fio::kDirs; ++d) row[fmt::format("{}_{}", kDir[d], what)] = v[d];
}

}  // namespace

void write_fio_rank_table(const mpi::DistSummary& s, std::ostream& out) {
  out << fmt::format("\nMPI: {} ranks on {} host{}, {}{}{}\n", s.ranks, s.nodes,
                     s.nodes == 1 ? "" : "s", s.placement,
                     s.reorder_tasks ? ", reads reordered (--reorder-tasks)" : "",
                     s.stonewall ? ", stonewall with wear-out" : "");
  out << fmt::format("  {:>4}  {:<20} {:>12} {:>12} {:>10} {:>10} {:>11} {:>11}{}\n", "rank",
                     "host", "read MiB", "write MiB", "runtime s", "MiB/s", "clat avg us",
                     "clat p99 us", s.stonewall ? "  ios at stonewall+wear-out" : "");
  for (const auto& r : s.rank_rows) {
    out << fmt::format(
        "  {:>4}  {:<20} {:>12.2f} {:>12.2f} {:>10.3f} {:>10.2f} {:>11.2f} {:>11.2f}", r.rank,
        r.host, mib(r.io_bytes[0]), mib(r.io_bytes[1]), static_cast<double>(r.runtime_ns) / 1e9,
        mib(r.bytes_per_s), static_cast<double>(r.clat_mean_ns) / 1e3,
        static_cast<double>(r.clat_p99_ns) / 1e3);
    if (s.stonewall) out << fmt::format("  {}+{}", r.stonewall_ios, r.wearout_ios);
    if (r.errors) out << fmt::format("  ({} job{} failed)", r.errors, r.errors == 1 ? "" : "s");
    if (r.failed_ios && !r.errors)
      out << fmt::format("  ({} I/O errors continued past)", r.failed_ios);
    out << '\n';
  }
  for (const auto& h : s.host_rows) {
    out << fmt::format(
        "  host {:<20} ranks {:<10} read {:.2f} MiB, write {:.2f} MiB, {:.2f} MiB/s\n", h.host,
        join_ranks(h.ranks), mib(h.io_bytes[0]), mib(h.io_bytes[1]), mib(h.bytes_per_s));
  }
}

nlohmann::ordered_json fio_rank_json(const mpi::DistSummary& s) {
  nlohmann::ordered_json j;
  j["ranks"] = s.ranks;
  j["nodes"] = s.nodes;
  j["placement"] = s.placement;
  j["reorder_tasks"] = s.reorder_tasks;
  j["stonewall"] = s.stonewall;
  auto& per_rank = j["per_rank"] = nlohmann::ordered_json::array();
  for (const auto& r : s.rank_rows) {
    nlohmann::ordered_json row;
    row["rank"] = r.rank;
    row["host"] = r.host;
    put_dirs(row, "bytes", r.io_bytes);
    put_dirs(row, "ios", r.ios);
    row["runtime_ns"] = r.runtime_ns;
    row["bytes_per_s"] = r.bytes_per_s;
    row["clat_mean_ns"] = r.clat_mean_ns;
    row["clat_p99_ns"] = r.clat_p99_ns;
    row["failed_jobs"] = r.errors;
    row["failed_ios"] = r.failed_ios;
    if (s.stonewall) {
      row["stonewall_ios"] = r.stonewall_ios;
      row["wearout_ios"] = r.wearout_ios;
    }
    per_rank.push_back(std::move(row));
  }
  auto& per_host = j["per_host"] = nlohmann::ordered_json::array();
  for (const auto& h : s.host_rows) {
    nlohmann::ordered_json row;
    row["host"] = h.host;
    row["ranks"] = h.ranks;
    put_dirs(row, "bytes", h.io_bytes);
    row["runtime_ns"] = h.runtime_ns;
    row["bytes_per_s"] = h.bytes_per_s;
    per_host.push_back(std::move(row));
  }
  return j;
}

}  // namespace hostmark
