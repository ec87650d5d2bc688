#include "cli/sysbench_args.h"

#include <gtest/gtest.h>

#include <array>

#include "commands/sysbench_tests.h"

namespace hostmark {
namespace {

constexpr std::array kDefs = {
    SbOptionDef{"threads", SbArgType::kInt, "1", "number of threads to use"},
    SbOptionDef{"memory-block-size", SbArgType::kSize, "1K", "size of memory block for test"},
    SbOptionDef{"histogram", SbArgType::kFlag, "off", "print latency histogram in report"},
    SbOptionDef{"rand-type", SbArgType::kString, "special", "random numbers distribution"},
    SbOptionDef{"time", SbArgType::kDuration, "10", "limit for total execution time in seconds"},
    SbOptionDef{"rate", SbArgType::kDouble, "0", "average transactions rate"},
};
constexpr std::array kGroups = {SbOptionGroup{"General options", kDefs}};

TEST(SysbenchArgsTest, SplitsOptionsTestAndCommandInAnyOrder) {
  const auto a = SbArgs::parse({"--threads=2", "cpu", "--histogram", "run"}).value();
  EXPECT_EQ(a.test(), "cpu");
  EXPECT_EQ(a.command(), "run");
  ASSERT_TRUE(a.validate(kGroups).ok());
  EXPECT_EQ(a.count(kGroups, "threads"), 2u);
  EXPECT_TRUE(a.flag(kGroups, "histogram"));
}

TEST(SysbenchArgsTest, StockScriptPathsNameTheirTest) {
  EXPECT_EQ(SbArgs::parse({"/usr/share/sysbench/oltp_read_write.lua", "run"}).value().test(),
            "oltp_read_write");
  EXPECT_EQ(SbArgs::parse({"/usr/local/share/sysbench/oltp_insert.lua"}).value().test(),
            "oltp_insert");
  EXPECT_EQ(SbArgs::parse({"select_random_points.lua", "prepare"}).value().test(),
            "select_random_points");
  // A script of one's own stays a path, refused later as no test (not run as the built-in).
  EXPECT_EQ(SbArgs::parse({"./oltp_read_write.lua"}).value().test(), "./oltp_read_write.lua");
  EXPECT_EQ(SbArgs::parse({"/home/me/sysbench/oltp_read_write.lua"}).value().test(),
            "/home/me/sysbench/oltp_read_write.lua");
  EXPECT_EQ(SbArgs::parse({".lua"}).value().test(), ".lua");
  EXPECT_EQ(SbArgs::parse({"/usr/share/sysbench/.lua"}).value().test(), "/usr/share/sysbench/.lua");
}

TEST(SysbenchArgsTest, UnderscoresAndDashesAreInterchangeable) {
  const auto a = SbArgs::parse({"--memory_block_size=1M", "memory"}).value();
  ASSERT_TRUE(a.validate(kGroups).ok());
  EXPECT_EQ(a.size(kGroups, "memory-block-size"), 1u << 20);
}

TEST(SysbenchArgsTest, DefaultsApplyWhenAnOptionIsNotGiven) {
  const auto a = SbArgs::parse({"cpu"}).value();
  ASSERT_TRUE(a.validate(kGroups).ok());
  EXPECT_EQ(a.count(kGroups, "threads"), 1u);
  EXPECT_EQ(a.size(kGroups, "memory-block-size"), 1024u);
  EXPECT_FALSE(a.flag(kGroups, "histogram"));
  EXPECT_EQ(a.duration_ns(kGroups, "time"), 10'000'000'000u);
  EXPECT_EQ(a.text(kGroups, "rand-type"), "special");
  EXPECT_EQ(a.command(), "");
}

TEST(SysbenchArgsTest, UnknownOptionIsAUsageErrorNamingIt) {
  const auto a = SbArgs::parse({"--foo=1", "cpu"}).value();
  const auto v = a.validate(kGroups);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().message(), "--foo: unknown option");
  EXPECT_EQ(v.error().exit_code(), 2);
}

TEST(SysbenchArgsTest, BadValuesNameTheOptionAndTheValue) {
  const auto neg = SbArgs::parse({"--threads=-1", "cpu"}).value().validate(kGroups);
  ASSERT_FALSE(neg.ok());
  EXPECT_EQ(neg.error().message(), "--threads: '-1' is not a non-negative integer");
  const auto size = SbArgs::parse({"--memory-block-size=12q", "memory"}).value().validate(kGroups);
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.error().message(), "--memory-block-size: '12q' is not a size");
  const auto flag = SbArgs::parse({"--histogram=maybe", "cpu"}).value().validate(kGroups);
  ASSERT_FALSE(flag.ok());
  EXPECT_EQ(flag.error().what, "--histogram");
  const auto rate = SbArgs::parse({"--rate=fast", "cpu"}).value().validate(kGroups);
  ASSERT_FALSE(rate.ok());
  EXPECT_EQ(rate.error().message(), "--rate: 'fast' is not a number");
  const auto bare = SbArgs::parse({"--threads", "cpu"}).value().validate(kGroups);
  ASSERT_FALSE(bare.ok());
  EXPECT_EQ(bare.error().what, "--threads");
}

TEST(SysbenchArgsTest, TooManyPositionalsAndSingleDashAreRejected) {
  EXPECT_FALSE(SbArgs::parse({"cpu", "run", "now"}).ok());
  EXPECT_FALSE(SbArgs::parse({"-t", "cpu"}).ok());
}

TEST(SysbenchArgsTest, HelpUsesSysbenchLayout) {
  static constexpr std::array kCpu = {
      SbOptionDef{"cpu-max-prime", SbArgType::kInt, "10000", "upper limit for primes generator"}};
  static constexpr std::array kCpuGroups = {SbOptionGroup{"cpu options", kCpu}};
  EXPECT_EQ(format_sysbench_help(kCpuGroups),
            "cpu options:\n  --cpu-max-prime=N upper limit for primes generator [10000]\n\n");
  const std::string general = format_sysbench_help(kGroups);
  EXPECT_NE(general.find("  --threads=N              number of threads to use [1]\n"),
            std::string::npos);
  EXPECT_NE(general.find("  --histogram[=on|off]     print latency histogram in report [off]\n"),
            std::string::npos);
}

TEST(SysbenchArgsTest, EveryRegisteredTestAcceptsItsDefaults) {
  for (const auto& t : sysbench_tests()) {
    std::vector<SbOptionGroup> groups(sysbench_common_groups().begin(),
                                      sysbench_common_groups().end());
    groups.push_back(SbOptionGroup{"test", t.options});
    const auto a = SbArgs::parse({std::string(t.name)}).value();
    EXPECT_TRUE(a.validate(groups).ok()) << t.name;
    for (const auto& d : t.options) EXPECT_EQ(a.text(groups, d.name), d.default_value) << d.name;
  }
}

}  // namespace
}  // namespace hostmark
