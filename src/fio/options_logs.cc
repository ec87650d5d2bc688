// Table rows: fio's log files (write_bw_log, write_lat_log, write_iops_log, write_hist_log,
// write_iolog) and the options that shape them. The files themselves: io/fio_logs.h,
// io/iolog_writer.h.
#include <array>

#include "fio/option_setters.h"
#include "fio/option_table.h"

namespace hostmark::fio {
namespace {
using namespace setters;  // NOLINT(google-build-using-namespace): the row helpers

template <std::optional<std::string> JobOptions::*M>
Status set_log_prefix(JobOptions& job, std::string_view v) {
  job.*M = std::string(v);  // "" (bare, in a job file): the job's name, as fio
  return Ok{};
}

constexpr std::array kLogRows{
    OptionDef{"per_job_logs", "", ValueKind::kBool, set_bool<&JobOptions::per_job_logs>,
              "Include job number in generated log files or not"},
    OptionDef{"write_bw_log", "", ValueKind::kString, set_log_prefix<&JobOptions::bw_log>,
              "Write log of bandwidth during run", true},
    OptionDef{"write_lat_log", "", ValueKind::kString, set_log_prefix<&JobOptions::lat_log>,
              "Write log of latency during run", true},
    OptionDef{"write_iops_log", "", ValueKind::kString, set_log_prefix<&JobOptions::iops_log>,
              "Write log of IOPS during run", true},
    OptionDef{"log_avg_msec", "", ValueKind::kInt, set_count<&JobOptions::log_avg_msec>,
              "Average bw/iops/lat logs over this period of time"},
    OptionDef{"log_hist_msec", "", ValueKind::kInt, set_count<&JobOptions::log_hist_msec>,
              "Dump completion latency histograms at frequency of this time value"},
    OptionDef{"log_hist_coarseness", "", ValueKind::kInt,
              set_count<&JobOptions::log_hist_coarseness, 0, 6>,
              "Integer in range [0,6]. Higher coarseness outputs fewer histogram bins per sample"},
    OptionDef{"write_hist_log", "", ValueKind::kString, set_log_prefix<&JobOptions::hist_log>,
              "Write log of latency histograms during run", true},
    OptionDef{"write_iolog", "", ValueKind::kString, set_string<&JobOptions::write_iolog>,
              "Store IO pattern to file"},
    OptionDef{"log_max_value", "", ValueKind::kBool, set_bool<&JobOptions::log_max>,
              "Log maximum instead of average"},
    OptionDef{"log_offset", "", ValueKind::kBool, set_bool<&JobOptions::log_offset>,
              "Include offset of IO for each log entry"},
};

}  // namespace

std::span<const OptionDef> log_options() { return kLogRows; }

}  // namespace hostmark::fio
