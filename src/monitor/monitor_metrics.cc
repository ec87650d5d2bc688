#include "monitor/monitor_metrics.h"

namespace hostmark {

std::vector<MonitorMetric> cpu_metrics(const monitor::CpuPercent& c) {
  return {{"user", c.user, "%"},     {"nice", c.nice, "%"},   {"system", c.system, "%"},
          {"iowait", c.iowait, "%"}, {"steal", c.steal, "%"}, {"idle", c.idle, "%"}};
}

std::vector<MonitorMetric> device_metrics(const monitor::DiskRates& x) {
  return {{"r_s", x.r_s, "1/s"},
          {"w_s", x.w_s, "1/s"},
          {"d_s", x.d_s, "1/s"},
          {"f_s", x.f_s, "1/s"},
          {"tps", x.tps, "1/s"},
          {"rkib_s", x.rkb_s, "KiB/s"},
          {"wkib_s", x.wkb_s, "KiB/s"},
          {"dkib_s", x.dkb_s, "KiB/s"},
          {"rrqm_s", x.rrqm_s, "1/s"},
          {"wrqm_s", x.wrqm_s, "1/s"},
          {"drqm_s", x.drqm_s, "1/s"},
          {"rrqm_pct", x.rrqm_pct, "%"},
          {"wrqm_pct", x.wrqm_pct, "%"},
          {"drqm_pct", x.drqm_pct, "%"},
          {"r_await_ms", x.r_await_ms, "ms"},
          {"w_await_ms", x.w_await_ms, "ms"},
          {"d_await_ms", x.d_await_ms, "ms"},
          {"f_await_ms", x.f_await_ms, "ms"},
          {"rareq_kib", x.rareq_kb, "KiB"},
          {"wareq_kib", x.wareq_kb, "KiB"},
          {"dareq_kib", x.dareq_kb, "KiB"},
          {"aqu_sz", x.aqu_sz, "requests"},
          {"util_pct", x.util_pct, "%"},
          {"read_kib", static_cast<double>(x.rd_sectors) / 2, "KiB"},
          {"written_kib", static_cast<double>(x.wr_sectors) / 2, "KiB"},
          {"discarded_kib", static_cast<double>(x.dc_sectors) / 2, "KiB"}};
}

}  // namespace hostmark
