// Golden text of the stat writers for a report built by hand.
#include "output/stat_text.h"

#include <gtest/gtest.h>

#include <sstream>

#include "output/stat_json.h"

namespace hostmark {
namespace {

StatFrame frame() {
  StatFrame f;
  f.report.interval_s = 2;
  f.report.cpu = {11.111, 1.111, 4.444, 5.556, 0, 77.778};
  monitor::DeviceRow row;
  row.name = "vda";
  auto& x = row.rates;
  x.r_s = 100, x.w_s = 50, x.d_s = 2, x.f_s = 5, x.tps = 152;
  x.rkb_s = 400, x.wkb_s = 500, x.dkb_s = 2048;
  x.rrqm_s = 25, x.wrqm_s = 12.5, x.rrqm_pct = 20, x.wrqm_pct = 20;
  x.r_await_ms = 2, x.w_await_ms = 5, x.d_await_ms = 3, x.f_await_ms = 2;
  x.rareq_kb = 4, x.wareq_kb = 10, x.dareq_kb = 1024, x.aqu_sz = 0.9, x.util_pct = 25;
  x.rd_sectors = 1600, x.wr_sectors = 2000, x.dc_sectors = 8192;
  f.report.devices.push_back(row);
  return f;
}

std::string render(const StatView& v,
                   std::unique_ptr<StatWriter> (*make)(const StatView&, std::ostream&)) {
  std::ostringstream out;
  auto w = make(v, out);
  w->frame(frame());
  w->end(std::nullopt);
  return out.str();
}

TEST(StatTextTest, BasicReport) {
  StatView v;
  EXPECT_EQ(render(v, make_stat_text_writer),
            "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
            "          11.11    1.11    4.44    5.56    0.00   77.78\n\n"
            "Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    kB_wrtn"
            "    kB_dscd\n"
            "vda             152.00       400.00       500.00      2048.00        800       1000"
            "       4096\n\n\n");
}

TEST(StatTextTest, ExtendedReportInMegabytes) {
  StatView v;
  v.cpu = false;
  v.extended = true;
  v.megabytes = true;
  EXPECT_EQ(render(v, make_stat_text_writer),
            "Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s"
            "   wrqm/s  %wrqm w_await wareq-sz     d/s     dMB/s   drqm/s  %drqm d_await "
            "dareq-sz     f/s f_await  aqu-sz  %util\n"
            "vda            100.00      0.39    25.00  20.00    2.00     4.00   50.00      0.49"
            "    12.50  20.00    5.00    10.00    2.00      2.00     0.00   0.00    3.00  "
            "1024.00    5.00    2.00    0.90  25.00\n\n\n");
}

TEST(StatTextTest, HumanUnits) {
  EXPECT_EQ(human_kib(0.13, 9), "     0.1k");
  EXPECT_EQ(human_kib(19725.26, 9), "    19.3M");
  EXPECT_EQ(human_kib(1073645692, 10), "   1023.9G");
  EXPECT_EQ(free_human(0), "0B");
  EXPECT_EQ(free_human(9751756), "9.3Mi");
  EXPECT_EQ(free_human(810ull << 20), "810Mi");
  EXPECT_EQ(free_human(23ull << 30), "23Gi");
}

TEST(StatTextTest, IostatJsonDeviceLine) {
  StatView v;
  v.cpu = false;
  const std::string text = render(v, make_stat_iostat_json_writer);
  EXPECT_NE(text.find("{\"disk_device\": \"vda\", \"tps\": 152.00, \"kB_read/s\": 400.00, "
                      "\"kB_wrtn/s\": 500.00, \"kB_dscd/s\": 2048.00, \"kB_read\": 800, "
                      "\"kB_wrtn\": 1000, \"kB_dscd\": 4096}"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace hostmark
