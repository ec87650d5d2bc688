// Inputs that broke a parser under fuzzing (fuzz/, docs/RELIABILITY.md "Fuzzing"), fed to the
// same parser in the normal test builds. Each input is also kept in its target's seed corpus.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "results/result_json.h"
#include "sysinfo/cpu_topology.h"

namespace hostmark {
namespace {

// fuzz/corpus/proc_sys/cpu_list_huge_range: a range up to INT_MAX made parse_cpu_list push two
// billion numbers (the fuzz target timed out; the loop's ++c would then overflow an int).
TEST(FuzzRegression, CpuListWithAHugeRangeIsRejectedAtOnce) {
  EXPECT_FALSE(sysinfo::parse_cpu_list("0-2147483647").has_value());
  EXPECT_FALSE(sysinfo::parse_cpu_list("0-999999999").has_value());
  EXPECT_FALSE(sysinfo::parse_cpu_list("70000").has_value());
  EXPECT_FALSE(sysinfo::parse_cpu_list("0-65535,0-65535").has_value());  // too many in all
  const auto most = sysinfo::parse_cpu_list("0-65535");
  ASSERT_TRUE(most.has_value());
  EXPECT_EQ(most->size(), 65536u);
  EXPECT_EQ(sysinfo::parse_cpu_list("0-3,8").value(), (std::vector<int>{0, 1, 2, 3, 8}));
}

nlohmann::json minimal_result() {
  return nlohmann::json::parse(
      R"({"schema": "hostmark.result", "schema_version": 1, "command": "x",
          "context": {"hostname": "h"}, "phases": []})");
}

// A count written as a float above 2^63 came back as 9223372036854775808 (llround's overflow).
TEST(FuzzRegression, LargeFloatCountsAreReadExactlyOrRefused) {
  nlohmann::json j = minimal_result();
  j["context"]["memory_bytes"] = 1e19;
  const auto r = result_from_json(j);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->context.memory_bytes, 10'000'000'000'000'000'000u);
  j["context"]["memory_bytes"] = 2e19;  // above 2^64
  EXPECT_EQ(result_from_json(j).error().message(),
            "context.memory_bytes: not a non-negative integer");
  j["context"]["memory_bytes"] = -0.5;
  EXPECT_FALSE(result_from_json(j).ok());
}

TEST(FuzzRegression, DeviceSectorsAboveTwoTo64AreABadFieldNotAWrappedCount) {
  nlohmann::json j = minimal_result();
  j["phases"] =
      nlohmann::json::parse(R"([{"name": "p", "activity": {"device": {"read_kib": 1e300}}}])");
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].activity.device.read_kib: not a non-negative number below 2^63 KiB");
  j["phases"][0]["activity"]["device"]["read_kib"] = 1.5;
  const auto r = result_from_json(j);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->phases[0].activity->device->rd_sectors, 3u);
}

}  // namespace
}  // namespace hostmark
