// cli/time_spec.h: --from/--to forms, in a fixed time zone.
#include "cli/time_spec.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>

namespace hostmark {
namespace {

constexpr std::int64_t kSecond = 1'000'000'000;

// Runs the test body in TZ=UTC0 and restores the caller's TZ.
class TimeSpecTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* tz = std::getenv("TZ");
    had_tz_ = tz != nullptr;
    if (had_tz_) old_tz_ = tz;
    setenv("TZ", "UTC0", 1);
    tzset();
  }
  void TearDown() override {
    if (had_tz_) {
      setenv("TZ", old_tz_.c_str(), 1);
    } else {
      unsetenv("TZ");
    }
    tzset();
  }
  // 2026-12-03 06:30:15 UTC
  static constexpr std::int64_t kNow = 1796279415 * kSecond;
  std::int64_t at(const char* text) { return parse_time_spec("--from", text, kNow).value(); }

 private:
  bool had_tz_ = false;
  std::string old_tz_;
};

TEST_F(TimeSpecTest, RelativeForms) {
  EXPECT_EQ(at("now"), kNow);
  EXPECT_EQ(at("1h ago"), kNow - 3600 * kSecond);
  EXPECT_EQ(at("90s ago"), kNow - 90 * kSecond);
  EXPECT_EQ(at("7d ago"), kNow - 7 * 86400 * kSecond);
  EXPECT_EQ(at("today"), 1796256000 * kSecond);  // 2026-12-03 00:00 UTC
  EXPECT_EQ(at("yesterday"), (1796256000 - 86400) * kSecond);
}

TEST_F(TimeSpecTest, AbsoluteForms) {
  EXPECT_EQ(at("2026-12-03"), 1796256000 * kSecond);
  EXPECT_EQ(at("2026-12-03 06:00"), (1796256000 + 6 * 3600) * kSecond);
  EXPECT_EQ(at("2026-12-03T06:00:30"), (1796256000 + 6 * 3600 + 30) * kSecond);
  EXPECT_EQ(at("06:30"), (1796256000 + 6 * 3600 + 30 * 60) * kSecond);
  EXPECT_EQ(at("@1796256000"), 1796256000 * kSecond);
  EXPECT_EQ(at("2024-03-01"), 1709251200 * kSecond);  // after a leap day
}

TEST_F(TimeSpecTest, ATimeInADaylightSavingGapIsRefused) {
  setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3", 1);  // 2026-03-29 02:00 -> 03:00
  tzset();
  EXPECT_FALSE(parse_time_spec("--from", "2026-03-29 02:30", kNow).ok());
  EXPECT_TRUE(parse_time_spec("--from", "2026-03-29 03:30", kNow).ok());
}

TEST_F(TimeSpecTest, MistakesNameTheOption) {
  for (const char* bad : {"", "soon", "1x ago", "2026-02-30", "2026-13-01", "25:00", "06:61",
                          "2026-12-03 6:00", "@", "@12a", "2026-12-03 06:00 extra", "06:00:60",
                          "@10000000000", "2300-01-01", "200000d ago"}) {
    const auto r = parse_time_spec("--from", bad, kNow);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().kind, ErrorKind::kUsage) << bad;
    EXPECT_NE(r.error().message().find("--from"), std::string::npos) << r.error().message();
  }
}

}  // namespace
}  // namespace hostmark
