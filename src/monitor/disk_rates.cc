// disk_rates(): iostat -x's arithmetic (sysstat 12.6 iostat.c write_ext_stat and
// rd_stats.c compute_ext_disk_stats), re-derived from its documented behaviour.
#include <cstdint>

#include "monitor/disk_sample.h"

namespace hostmark::monitor {
namespace {

constexpr std::uint64_t kMax32 = 0xffffffffull;

// How much a counter grew: modulo 2^32 when it went back from a 32-bit value (a 32-bit
// kernel's unsigned long wrapped), 0 when it went back from a larger one.
std::uint64_t grew(std::uint64_t before, std::uint64_t after) {
  if (after >= before) return after - before;
  if (before <= kMax32) return (after - before) & kMax32;
  return 0;
}

// The kernel prints the *_ticks fields as unsigned int: their deltas are modulo 2^32.
std::uint64_t ticks_grew(std::uint64_t before, std::uint64_t after) {
  return static_cast<std::uint32_t>(static_cast<std::uint32_t>(after) -
                                    static_cast<std::uint32_t>(before));
}

double ratio(double num, std::uint64_t den) {
  return den != 0 ? num / static_cast<double>(den) : 0.0;
}

// sysstat's test for a device removed then inserted again (its counters restarted): fewer
// requests than before, and each sector counter either was 0 or went back.
bool restarted(const DiskSample& b, const DiskSample& a) {
  const auto went_back = [](std::uint64_t before, std::uint64_t after) {
    return before == 0 || after < before;
  };
  return a.rd_ios + a.wr_ios + a.dc_ios + a.fl_ios < b.rd_ios + b.wr_ios + b.dc_ios + b.fl_ios &&
         went_back(b.rd_sectors, a.rd_sectors) && went_back(b.wr_sectors, a.wr_sectors) &&
         went_back(b.dc_sectors, a.dc_sectors);
}

}  // namespace

DiskRates disk_rates(const DiskSample& before_in, const DiskSample& after, double interval_s) {
  const DiskSample zero;
  const DiskSample& before = restarted(before_in, after) ? zero : before_in;
  const double per_s = interval_s > 0 ? 1.0 / interval_s : 0.0;
  const double ms = interval_s * 1000.0;

  const std::uint64_t rd = grew(before.rd_ios, after.rd_ios);
  const std::uint64_t wr = grew(before.wr_ios, after.wr_ios);
  const std::uint64_t dc = grew(before.dc_ios, after.dc_ios);
  const std::uint64_t fl = grew(before.fl_ios, after.fl_ios);
  const std::uint64_t rd_mrg = grew(before.rd_merges, after.rd_merges);
  const std::uint64_t wr_mrg = grew(before.wr_merges, after.wr_merges);
  const std::uint64_t dc_mrg = grew(before.dc_merges, after.dc_merges);

  DiskRates r;
  r.rd_sectors = grew(before.rd_sectors, after.rd_sectors);
  r.wr_sectors = grew(before.wr_sectors, after.wr_sectors);
  r.dc_sectors = grew(before.dc_sectors, after.dc_sectors);
  r.ios = rd + wr + dc + fl;

  r.r_s = static_cast<double>(rd) * per_s;
  r.w_s = static_cast<double>(wr) * per_s;
  r.d_s = static_cast<double>(dc) * per_s;
  r.f_s = static_cast<double>(fl) * per_s;
  r.tps = static_cast<double>(rd + wr + dc) * per_s;  // flushes are not in sysstat's tps
  r.rkb_s = static_cast<double>(r.rd_sectors) * per_s / 2;
  r.wkb_s = static_cast<double>(r.wr_sectors) * per_s / 2;
  r.dkb_s = static_cast<double>(r.dc_sectors) * per_s / 2;
  r.rrqm_s = static_cast<double>(rd_mrg) * per_s;
  r.wrqm_s = static_cast<double>(wr_mrg) * per_s;
  r.drqm_s = static_cast<double>(dc_mrg) * per_s;
  r.rrqm_pct = ratio(100.0 * static_cast<double>(rd_mrg), rd_mrg + rd);
  r.wrqm_pct = ratio(100.0 * static_cast<double>(wr_mrg), wr_mrg + wr);
  r.drqm_pct = ratio(100.0 * static_cast<double>(dc_mrg), dc_mrg + dc);
  r.r_await_ms = ratio(static_cast<double>(ticks_grew(before.rd_ticks_ms, after.rd_ticks_ms)), rd);
  r.w_await_ms = ratio(static_cast<double>(ticks_grew(before.wr_ticks_ms, after.wr_ticks_ms)), wr);
  r.d_await_ms = ratio(static_cast<double>(ticks_grew(before.dc_ticks_ms, after.dc_ticks_ms)), dc);
  r.f_await_ms = ratio(static_cast<double>(ticks_grew(before.fl_ticks_ms, after.fl_ticks_ms)), fl);
  r.rareq_kb = ratio(static_cast<double>(r.rd_sectors), rd) / 2;
  r.wareq_kb = ratio(static_cast<double>(r.wr_sectors), wr) / 2;
  r.dareq_kb = ratio(static_cast<double>(r.dc_sectors), dc) / 2;
  if (ms > 0) {
    r.aqu_sz =
        static_cast<double>(ticks_grew(before.time_in_queue_ms, after.time_in_queue_ms)) / ms;
    // Like iostat: 0 when io_ticks went back, and not capped at 100 (a value above says the
    // counters and the clock disagree).
    if (after.io_ticks_ms >= before.io_ticks_ms)
      r.util_pct = static_cast<double>(after.io_ticks_ms - before.io_ticks_ms) / ms * 100.0;
  }
  return r;
}

}  // namespace hostmark::monitor
