// Table rows: which latencies are measured (gtod_reduce, disable_*), ending jobs together
// (exitall, exitall_on_error), errors passed over (ignore_error), file layout (create_serialize).
#include <array>

#include "fio/ignore_error.h"
#include "fio/option_setters.h"
#include "fio/option_table.h"

namespace hostmark::fio {
namespace {
using namespace setters;  // NOLINT(google-build-using-namespace): the row helpers

// As fio's fixup_options: a latency not measured has no percentiles either.
template <bool JobOptions::*Disable, bool JobOptions::*Percentiles>
Status set_disable(JobOptions& job, std::string_view v) {
  auto b = parse_bool(v);
  if (!b) return b.error();
  job.*Disable = b.value();
  if (b.value()) job.*Percentiles = false;
  return Ok{};
}

// gtod_reduce=1 sets every disable_* (fio: only when 1; 0 changes nothing).
Status set_gtod_reduce(JobOptions& job, std::string_view v) {
  auto b = parse_bool(v);
  if (!b) return b.error();
  if (!b.value()) return Ok{};
  job.disable_lat = job.disable_clat = job.disable_slat = job.disable_bw = true;
  job.lat_percentiles = job.clat_percentiles = job.slat_percentiles = false;
  return Ok{};
}

// As fio: a list given for a kind replaces its default errors and turns continue_on_error on
// for that kind.
Status set_ignore_error(JobOptions& job, std::string_view v) {
  auto lists = parse_ignore_error(v);
  if (!lists) return lists.error();
  if (!lists.value()[2].empty())
    return invalid(
        "a verify error list is not implemented by hostmark (a verify failure always "
        "ends the job)");
  constexpr std::array<std::uint32_t, 2> kBits{kContinueRead, kContinueWrite};
  for (std::size_t k = 0; k < 2; ++k) {
    if (lists.value()[k].empty()) continue;
    job.ignore_errors[k] = std::move(lists.value()[k]);
    job.continue_on_error |= kBits[k];
  }
  return Ok{};
}

constexpr std::array kMeasureExitRows{
    OptionDef{"gtod_reduce", "", ValueKind::kBool, set_gtod_reduce,
              "Greatly reduce number of gettimeofday() calls"},
    OptionDef{"disable_lat", "", ValueKind::kBool,
              set_disable<&JobOptions::disable_lat, &JobOptions::lat_percentiles>,
              "Disable latency numbers"},
    OptionDef{"disable_clat", "", ValueKind::kBool,
              set_disable<&JobOptions::disable_clat, &JobOptions::clat_percentiles>,
              "Disable completion latency numbers"},
    OptionDef{"disable_slat", "", ValueKind::kBool,
              set_disable<&JobOptions::disable_slat, &JobOptions::slat_percentiles>,
              "Disable submission latency numbers"},
    OptionDef{"disable_bw_measurement", "disable_bw", ValueKind::kBool,
              set_bool<&JobOptions::disable_bw>,
              "Disable bandwidth logging (fio 3.33 still reports bandwidth and IOPS samples)"},
    OptionDef{"exitall", "", ValueKind::kFlag, set_bool<&JobOptions::exitall>,
              "Terminate all jobs of the group when one exits"},
    OptionDef{"exitall_on_error", "", ValueKind::kFlag, set_bool<&JobOptions::exitall_on_error>,
              "Terminate all jobs of the group when one has an error"},
    OptionDef{"ignore_error", "", ValueKind::kString, set_ignore_error,
              "Errors continue_on_error passes over: READ,WRITE lists of names or numbers (E1:E2)"},
    OptionDef{"create_serialize", "", ValueKind::kBool, set_bool<&JobOptions::create_serialize>,
              "Create files serially (hostmark always does)"},
};

}  // namespace

std::span<const OptionDef> measure_and_exit_options() { return kMeasureExitRows; }

}  // namespace hostmark::fio
