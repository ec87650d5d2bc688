// figures_detail::fio_phase: a `hostmark fio` job (commands/fio_result.h) as the fio figures
// `hostmark disk` tests and the references have, when its settings can be read back from the
// result's options ("<job>.<option>", else the global one, else fio's default).
#include <fmt/format.h>

#include <initializer_list>
#include <string>

#include "cli/units.h"
#include "results/figures_phases.h"

namespace hostmark::figures_detail {
namespace {

// The job's own value of any of `names`, else the global one, else `fallback`.
std::string job_option(const Result& r, const std::string& job,
                       std::initializer_list<std::string_view> names, std::string_view fallback) {
  for (const bool own : {true, false}) {
    for (const auto name : names) {
      const std::string key = own ? fmt::format("{}.{}", job, name) : std::string(name);
      for (const auto& [k, v] : r.options)
        if (k == key) return v;
    }
  }
  return std::string(fallback);
}

}  // namespace

void fio_phase(const Result& r, const Phase& p, std::vector<Figure>& out) {
  if (p.name.find('#') != std::string::npos) return;  // one thread of several: not the job's
  const std::string& job = p.name;
  figure_keys::FioJobSettings s;
  s.rw = job_option(r, job, {"rw", "readwrite"}, "read");
  s.rw = s.rw.substr(0, s.rw.find(':'));  // "randread:8" (a sequence modifier)
  if (s.rw == "randrw" || s.rw == "rw" || s.rw == "readwrite") {
    if (s.rw == "readwrite") s.rw = "rw";
    const auto mix = parse_size("rwmixread", job_option(r, job, {"rwmixread"}, "50"));
    if (!mix || *mix > 100) return;
    s.rwmixread = static_cast<std::uint32_t>(*mix);
  }
  const auto bs = parse_size("bs", job_option(r, job, {"bs", "blocksize"}, "4k"));
  const auto depth = parse_size("iodepth", job_option(r, job, {"iodepth"}, "1"));
  const auto jobs = parse_size("numjobs", job_option(r, job, {"numjobs"}, "1"));
  if (!bs || !depth || !jobs || *bs == 0) return;  // "4k,8k" and such: no like-for-like key
  s.block_bytes = *bs;
  s.iodepth = static_cast<std::uint32_t>(*depth);
  s.numjobs = static_cast<std::uint32_t>(*jobs);
  s.ioengine = job_option(r, job, {"ioengine"}, "psync");
  const std::string direct = job_option(r, job, {"direct"}, "0");
  s.direct = direct != "0" && direct != "false" && direct != "off";
  for (const char* name :
       {"mb_per_s", "read_mb_per_s", "write_mb_per_s", "iops", "lat_mean_us", "lat_p99_us"}) {
    const Metric* m = p.metric(name);
    if (m == nullptr) continue;
    const Figure f = figure_keys::fio_job(s, name, m->value);
    if (!f.key.empty()) out.push_back(f);
  }
}

}  // namespace hostmark::figures_detail
