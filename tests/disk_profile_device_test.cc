// `hostmark disk DEVICE` on a real loop device: reading is allowed, writing needs --destructive.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "loop_device_fixture.h"
#include "run_binary.h"

namespace hostmark {
namespace {

class DiskProfileDeviceTest : public fakes::LoopDeviceTest {};

TEST_F(DiskProfileDeviceTest, ReadsInPlaceAndRefusesWritesWithoutDestructive) {
  if (const std::string why = attach(false, false); !why.empty()) GTEST_SKIP() << why;
  const RunOutput refused =
      run_hostmark({"disk", dev_, "--size=8M", "--duration=0.2", "--loops=1"});
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_EQ(refused.err, "hostmark: " + dev_ +
                             ": a block device: the write tests destroy its data (give "
                             "--destructive to write anyway, or --read-only)\n");
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(run_hostmark({"disk", dev_, "--profile=mix", "--size=8M"}).exit_code, 2);

  const RunOutput read = run_hostmark({"disk", dev_, "--read-only", "--profile=peak", "--size=8M",
                                       "--duration=0.2", "--loops=1", "--output-format=json"});
  ASSERT_EQ(read.exit_code, 0) << read.err;
  const auto j = nlohmann::json::parse(read.out);
  ASSERT_EQ(j["phases"].size(), 2u);
  EXPECT_EQ(j["phases"][1]["name"], "RND4K Q32T16 read");
  EXPECT_GT(j["phases"][1]["metrics"][0]["value"].get<double>(), 0);
  EXPECT_TRUE(j["storage"][0]["is_block_device"].get<bool>());

  const RunOutput too_big = run_hostmark({"disk", dev_, "--read-only", "--size=1G", "--explain"});
  EXPECT_EQ(too_big.exit_code, 2) << too_big.err;

  const RunOutput forced =
      run_hostmark({"disk", dev_, "--destructive", "--write-only", "--profile=peak", "--size=8M",
                    "--duration=0.2", "--loops=1", "--output-format=json"});
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(nlohmann::json::parse(forced.out)["phases"][0]["name"], "SEQ1M Q8T1 write");
}

}  // namespace
}  // namespace hostmark
