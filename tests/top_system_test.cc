// top's block-layer header side (commands/top_system.cc) from fixture /sys and /proc files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "commands/top_session.h"
#include "scratch_dir.h"

namespace hostmark::top {
namespace {

void write_proc_file(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

// 11 fields of /sys/block/NAME/stat: reads, read merges, read sectors, read ticks, the same
// for writes, in flight, io ticks, time in queue.
std::string block_stat(std::uint64_t rd_sectors, std::uint64_t wr_sectors) {
  return "10 0 " + std::to_string(rd_sectors) + " 0 10 0 " + std::to_string(wr_sectors) +
         " 0 0 0 0\n";
}

TEST(TopSystem, ActualRatesDevicesAndIowaitFromFixtures) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  write_proc_file(root.file("sys/block/vda/stat"), block_stat(0, 0));
  write_proc_file(root.file("sys/block/vda/dev"), "253:0\n");
  std::filesystem::create_directories(root.file("sys/block/vda/device"));  // a real device
  write_proc_file(root.file("sys/block/loop0/stat"), block_stat(0, 0));    // virtual: no device/
  write_proc_file(root.file("sys/block/loop0/dev"), "7:0\n");
  write_proc_file(root.file("proc/uptime"), "100.00 150.00\n");
  write_proc_file(root.file("proc/stat"), "cpu  100 0 100 700 100 0 0 0 0 0\n");
  const auto sampler = make_system_sampler(root.path());
  ASSERT_NE(sampler, nullptr);
  EXPECT_FALSE(sampler->sample());  // the first call is the baseline

  write_proc_file(root.file("sys/block/vda/stat"), block_stat(2048, 4096));  // 1 MiB, 2 MiB
  write_proc_file(root.file("sys/block/loop0/stat"), block_stat(0, 2048));
  write_proc_file(root.file("proc/uptime"), "102.00 152.00\n");
  write_proc_file(root.file("proc/stat"), "cpu  150 0 150 750 150 0 0 0 0 0\n");  // iowait 50/200
  const auto r = sampler->sample();
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(r->read_bytes_per_s, 524288.0);
  EXPECT_DOUBLE_EQ(r->write_bytes_per_s, 1048576.0);  // loop0 not added to the actual total
  ASSERT_EQ(r->devices.size(), 2u);                   // loop0 listed: it moved data
  EXPECT_EQ(r->devices[0].name, "loop0");
  EXPECT_DOUBLE_EQ(r->devices[0].write_bytes_per_s, 524288.0);
  EXPECT_EQ(r->devices[1].name, "vda");
  EXPECT_DOUBLE_EQ(r->cpu_iowait_pct, 25.0);
}

TEST(TopSystem, NothingWithoutSysAndProc) {
  ScratchDir root;
  ASSERT_FALSE(root.path().empty());
  const auto sampler = make_system_sampler(root.path());
  ASSERT_NE(sampler, nullptr);
  EXPECT_FALSE(sampler->sample());
  EXPECT_FALSE(sampler->sample());
}

}  // namespace
}  // namespace hostmark::top
