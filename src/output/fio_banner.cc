// fio 3.33's start-up lines (backend.c / init.c: the "(g=N): rw=..." line per job, the version
// and "Starting N ..."), for the normal format.
#include <fmt/format.h>

#include <algorithm>

#include "output/fio_report.h"
#include "output/fio_text.h"

namespace hostmark {
namespace {

// "randrw", "read", "rw", "trimwrite", ... as fio names rw= modes.
std::string rw_name(const fio::RwMode& rw) {
  std::string name = rw.random ? "rand" : "";
  if (rw.trim && rw.write) return name + "trimwrite";
  if (rw.read && rw.write) return name + "rw";
  if (rw.write) return name + "write";
  if (rw.trim) return name + "trim";
  return name + "read";
}

// Smallest and largest block size of a direction: bsrange, else bssplit, else bs.
std::pair<std::uint64_t, std::uint64_t> bs_range(const fio::JobOptions& o, std::size_t dir) {
  if (o.bsrange) return {(*o.bsrange)[dir].first, (*o.bsrange)[dir].second};
  const auto& split = o.bssplit[dir];
  if (!split.empty()) {
    const auto [lo, hi] = std::minmax_element(
        split.begin(), split.end(), [](const auto& a, const auto& b) { return a.bs < b.bs; });
    return {lo->bs, hi->bs};
  }
  return {o.bs[dir], o.bs[dir]};
}

std::string bytes(std::uint64_t v) { return fio_num2str(v, 4, 1, true, FioUnit::kByte); }

}  // namespace

void write_fio_banner(const std::vector<fio::JobOptions>& jobs, const std::vector<int>& groupids,
                      const std::string& hostmark_version, std::ostream& out) {
  int threads = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const fio::JobOptions& o = jobs[i];
    std::string sizes;
    static constexpr const char* kDir[] = {"R", "W", "T"};
    for (std::size_t d = 0; d < 3; ++d) {
      const auto [lo, hi] = bs_range(o, d);
      sizes += fmt::format("{}({}) {}-{}", d ? ", " : "", kDir[d], bytes(lo), bytes(hi));
    }
    out << fmt::format("{}: (g={}): rw={}, bs={}, ioengine={}, iodepth={}\n", o.name,
                       i < groupids.size() ? groupids[i] : 0, rw_name(o.rw), sizes, o.ioengine,
                       o.iodepth);
    if (o.numjobs > 1) out << "...\n";
    threads += std::max(o.numjobs, 1);
  }
  out << "hostmark-" << (hostmark_version.empty() ? "unknown" : hostmark_version) << '\n';
  out << fmt::format("Starting {} thread{}\n", threads, threads == 1 ? "" : "s");
}

}  // namespace hostmark
