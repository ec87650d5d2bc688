// `hostmark fio` against a real loop device: a write over a filesystem signature is refused
// with one line before any I/O; --destructive writes; --readonly reads.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "loop_device_fixture.h"
#include "run_binary.h"

namespace hostmark {
namespace {

class FioDeviceCliTest : public fakes::LoopDeviceTest {};

TEST_F(FioDeviceCliTest, WritesOverAFilesystemNeedDestructive) {
  if (const std::string why = attach(false, false); !why.empty()) GTEST_SKIP() << why;
  ASSERT_EQ(run("mkfs.ext4 -q -F " + dev_), 0) << "mkfs.ext4 failed on " << dev_;
  const std::vector<std::string> write = {
      "fio",     "--name=w",  "--filename=" + dev_,  "--rw=randwrite",
      "--bs=4k", "--size=1M", "--output-format=json"};
  const RunOutput refused = run_hostmark(write);
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_EQ(refused.err,
            "hostmark: " + dev_ +
                ": carries an ext4 filesystem signature (--destructive writes over it)\n");
  EXPECT_EQ(refused.out, "");
  EXPECT_EQ(output_of("blkid -o value -s TYPE " + dev_), "ext4")
      << "nothing may be written when refused";

  const RunOutput read =
      run_hostmark({"fio", "--readonly", "--name=r", "--filename=" + dev_, "--rw=randread",
                    "--bs=4k", "--size=1M", "--output-format=json"});
  ASSERT_EQ(read.exit_code, 0) << read.err;
  EXPECT_EQ(nlohmann::json::parse(read.out)["jobs"][0]["read"]["total_ios"].get<int>(), 256);

  std::vector<std::string> destructive = write;
  destructive.insert(destructive.begin() + 1, "--destructive");
  const RunOutput forced = run_hostmark(destructive);
  ASSERT_EQ(forced.exit_code, 0) << forced.err;
  EXPECT_EQ(nlohmann::json::parse(forced.out)["jobs"][0]["write"]["total_ios"].get<int>(), 256);
}

}  // namespace
}  // namespace hostmark
