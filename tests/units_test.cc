#include "cli/units.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace hostmark {
namespace {

constexpr std::uint64_t kKi = 1024;
constexpr std::uint64_t kMi = kKi * 1024;
constexpr std::uint64_t kGi = kMi * 1024;
constexpr std::uint64_t kTi = kGi * 1024;
constexpr std::uint64_t kPi = kTi * 1024;

std::uint64_t parsed_size(const std::string& text) {
  const auto r = parse_size("--size", text);
  EXPECT_TRUE(r.ok()) << "'" << text << "': " << (r.ok() ? "" : r.error().message());
  return r.ok() ? r.value() : UINT64_MAX;
}

// The usage error of a rejected value: its full one-line message.
template <class T>
std::string usage_message(const Expected<T>& r) {
  if (r.ok()) return "<accepted>";
  EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(r.error().exit_code(), 2);
  return r.error().message();
}

TEST(UnitsTest, SizesAreBinaryMultiples) {
  EXPECT_EQ(parsed_size("512"), 512u);
  EXPECT_EQ(parsed_size("0"), 0u);
  EXPECT_EQ(parsed_size("512b"), 512u);
  EXPECT_EQ(parsed_size("512B"), 512u);
  EXPECT_EQ(parsed_size("4k"), 4 * kKi);
  EXPECT_EQ(parsed_size("4K"), 4 * kKi);
  EXPECT_EQ(parsed_size("4KiB"), 4 * kKi);
  EXPECT_EQ(parsed_size("4kib"), 4 * kKi);
  EXPECT_EQ(parsed_size("4kb"), 4 * kKi);
  EXPECT_EQ(parsed_size("4KB"), 4 * kKi);
  EXPECT_EQ(parsed_size("1M"), kMi);
  EXPECT_EQ(parsed_size("1m"), kMi);
  EXPECT_EQ(parsed_size("64MiB"), 64 * kMi);
  EXPECT_EQ(parsed_size("1g"), kGi);
  EXPECT_EQ(parsed_size("1G"), kGi);
  EXPECT_EQ(parsed_size("2T"), 2 * kTi);
  EXPECT_EQ(parsed_size("1P"), kPi);
  EXPECT_EQ(parsed_size("1.5k"), 1536u);
  EXPECT_EQ(parsed_size("0.5k"), 512u);
  EXPECT_EQ(parsed_size("2.25M"), 2 * kMi + kMi / 4);
  EXPECT_EQ(parsed_size("16383P"), 16383 * kPi);  // the largest whole number of PiB below 2^64
}

TEST(UnitsTest, LargeWholeSizesAreExact) {
  EXPECT_EQ(parsed_size("9007199254740993"), 9007199254740993u);  // 2^53 + 1: not a double
  EXPECT_EQ(parsed_size("18446744073709551615"), UINT64_MAX);
  EXPECT_EQ(parsed_size("17592186044415k"), 17592186044415u * kKi);  // (2^44 - 1) KiB
}

TEST(UnitsTest, RejectedSizesNameTheOption) {
  EXPECT_EQ(usage_message(parse_size("--memory-block-size", "12q")),
            "--memory-block-size: '12q' is not a size");
  EXPECT_EQ(usage_message(parse_size("--memory-block-size", "")),
            "--memory-block-size: '' is not a size");
  EXPECT_EQ(usage_message(parse_size("--memory-block-size", "k")),
            "--memory-block-size: 'k' is not a size");
  EXPECT_EQ(usage_message(parse_size("--memory-block-size", "-1")),
            "--memory-block-size: '-1' is not a size");
  EXPECT_EQ(usage_message(parse_size("--bs", "1.3")), "--bs: '1.3' is not a whole number of bytes");
  EXPECT_EQ(usage_message(parse_size("--bs", "0.1k")),
            "--bs: '0.1k' is not a whole number of bytes");
  EXPECT_EQ(usage_message(parse_size("--size", "99999999999P")),
            "--size: '99999999999P' is too large");
  EXPECT_EQ(usage_message(parse_size("--size", "16384P")), "--size: '16384P' is too large");
  EXPECT_EQ(usage_message(parse_size("--size", "18446744073709551616")),
            "--size: '18446744073709551616' is too large");
  for (const char* bad : {"4 k", "4k ", " 4k", "4kk", "4x", "1e3", ".", "1..2", "+4k", "4E"}) {
    const auto r = parse_size("--size", bad);
    EXPECT_FALSE(r.ok()) << "'" << bad << "' accepted as " << (r.ok() ? r.value() : 0);
  }
}

TEST(UnitsTest, SizeOrPercent) {
  auto half = parse_size_or_percent("--file-total-size", "50%");
  ASSERT_TRUE(half.ok());
  EXPECT_TRUE(half.value().is_percent());
  EXPECT_EQ(half.value().percent, 50.0);
  EXPECT_EQ(half.value().bytes, 0u);

  auto fraction = parse_size_or_percent("--file-total-size", "12.5%");
  ASSERT_TRUE(fraction.ok());
  EXPECT_EQ(fraction.value().percent, 12.5);

  auto all = parse_size_or_percent("--file-total-size", "100%");
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all.value().percent, 100.0);

  auto bytes = parse_size_or_percent("--file-total-size", "4k");
  ASSERT_TRUE(bytes.ok());
  EXPECT_FALSE(bytes.value().is_percent());
  EXPECT_EQ(bytes.value().bytes, 4096u);
  EXPECT_EQ(bytes.value().percent, 0.0);

  EXPECT_EQ(usage_message(parse_size_or_percent("--file-total-size", "0%")),
            "--file-total-size: '0%' is not a percentage in (0, 100]");
  EXPECT_EQ(usage_message(parse_size_or_percent("--file-total-size", "101%")),
            "--file-total-size: '101%' is not a percentage in (0, 100]");
  EXPECT_EQ(usage_message(parse_size_or_percent("--file-total-size", "12q")),
            "--file-total-size: '12q' is not a size");
  for (const char* bad : {"%", "-5%", "x%", "5k%", "50%%", "", "50 %"}) {
    EXPECT_FALSE(parse_size_or_percent("--size", bad).ok()) << "'" << bad << "'";
  }
}

std::uint64_t ns_of(const std::string& text, TimeUnit bare = TimeUnit::kSeconds) {
  const auto r = parse_duration_ns("--time", text, bare);
  EXPECT_TRUE(r.ok()) << "'" << text << "': " << (r.ok() ? "" : r.error().message());
  return r.ok() ? r.value() : UINT64_MAX;
}

TEST(UnitsTest, Durations) {
  EXPECT_EQ(ns_of("5"), 5'000'000'000u);  // bare number: seconds by default
  EXPECT_EQ(ns_of("0"), 0u);
  EXPECT_EQ(ns_of("5s"), 5'000'000'000u);
  EXPECT_EQ(ns_of("5sec"), 5'000'000'000u);
  EXPECT_EQ(ns_of("100ms"), 100'000'000u);
  EXPECT_EQ(ns_of("100MS"), 100'000'000u);
  EXPECT_EQ(ns_of("100msec"), 100'000'000u);
  EXPECT_EQ(ns_of("250us"), 250'000u);
  EXPECT_EQ(ns_of("250usec"), 250'000u);
  EXPECT_EQ(ns_of("10ns"), 10u);
  EXPECT_EQ(ns_of("2m"), 120'000'000'000u);
  EXPECT_EQ(ns_of("2min"), 120'000'000'000u);
  EXPECT_EQ(ns_of("1h"), 3'600'000'000'000u);
  EXPECT_EQ(ns_of("1d"), 86'400'000'000'000u);
  EXPECT_EQ(ns_of("1.5s"), 1'500'000'000u);
  EXPECT_EQ(ns_of("0.1s"), 100'000'000u);
  EXPECT_EQ(ns_of("1.1ms"), 1'100'000u);
  EXPECT_EQ(ns_of("0.5h"), 1'800'000'000'000u);
}

TEST(UnitsTest, DurationBareUnit) {
  EXPECT_EQ(ns_of("5", TimeUnit::kMilliseconds), 5'000'000u);
  EXPECT_EQ(ns_of("5", TimeUnit::kMicroseconds), 5'000u);
  EXPECT_EQ(ns_of("5", TimeUnit::kNanoseconds), 5u);
  EXPECT_EQ(ns_of("5", TimeUnit::kSeconds), 5'000'000'000u);
  // A suffix wins over the bare unit.
  EXPECT_EQ(ns_of("5s", TimeUnit::kMilliseconds), 5'000'000'000u);
  EXPECT_EQ(ns_of("5us", TimeUnit::kMilliseconds), 5'000u);
}

TEST(UnitsTest, RejectedDurations) {
  EXPECT_EQ(usage_message(parse_duration_ns("--time", "5x")), "--time: '5x' is not a duration");
  EXPECT_EQ(usage_message(parse_duration_ns("--time", "")), "--time: '' is not a duration");
  EXPECT_EQ(usage_message(parse_duration_ns("--runtime", "abc")),
            "--runtime: 'abc' is not a duration");
  EXPECT_EQ(usage_message(parse_duration_ns("--time", "1000000d")),
            "--time: '1000000d' is too long");
  for (const char* bad : {"-1", "ms", "5 s", "5ss", "1e3", "5hours", "."}) {
    EXPECT_FALSE(parse_duration_ns("--time", bad).ok()) << "'" << bad << "'";
  }
}

TEST(UnitsTest, Counts) {
  for (const auto& [text, want] : {std::pair<const char*, std::uint64_t>{"0", 0},
                                   {"1", 1},
                                   {"42", 42},
                                   {"007", 7},
                                   {"18446744073709551615", UINT64_MAX}}) {
    const auto r = parse_count("--threads", text);
    ASSERT_TRUE(r.ok()) << text;
    EXPECT_EQ(r.value(), want) << text;
  }
  EXPECT_EQ(usage_message(parse_count("--threads", "-1")),
            "--threads: '-1' is not a non-negative integer");
  EXPECT_EQ(usage_message(parse_count("--threads", "1.5")),
            "--threads: '1.5' is not a non-negative integer");
  EXPECT_EQ(usage_message(parse_count("--threads", "")),
            "--threads: '' is not a non-negative integer");
  EXPECT_EQ(usage_message(parse_count("--events", "abc")),
            "--events: 'abc' is not a non-negative integer");
  for (const char* bad : {"+1", " 1", "1 ", "1k", "0x10", "18446744073709551616"}) {
    EXPECT_FALSE(parse_count("--threads", bad).ok()) << "'" << bad << "'";
  }
}

TEST(UnitsTest, Flags) {
  for (const char* yes : {"on", "true", "yes", "1", "ON", "True", "YES"}) {
    const auto r = parse_flag("--verbose", yes);
    ASSERT_TRUE(r.ok()) << yes;
    EXPECT_TRUE(r.value()) << yes;
  }
  for (const char* no : {"off", "false", "no", "0", "OFF", "False", "No"}) {
    const auto r = parse_flag("--verbose", no);
    ASSERT_TRUE(r.ok()) << no;
    EXPECT_FALSE(r.value()) << no;
  }
  EXPECT_EQ(usage_message(parse_flag("--percentile-ignore", "maybe")),
            "--percentile-ignore: 'maybe' is not on or off");
  for (const char* bad : {"", "2", "onn", "y", "n", "enable", " on"}) {
    EXPECT_FALSE(parse_flag("--verbose", bad).ok()) << "'" << bad << "'";
  }
}

TEST(UnitsTest, RejectedValueThrowsFailureFromValue) {
  const auto r = parse_size("--memory-block-size", "12q");
  try {
    (void)r.value();
    FAIL() << "value() of an error did not throw";
  } catch (const Failure& f) {
    EXPECT_STREQ(f.what(), "--memory-block-size: '12q' is not a size");
    EXPECT_EQ(f.error().exit_code(), 2);
  }
}

TEST(UnitsTest, FormatBytesBinary) {
  EXPECT_EQ(format_bytes_binary(0), "0 B");
  EXPECT_EQ(format_bytes_binary(1), "1 B");
  EXPECT_EQ(format_bytes_binary(1023), "1023 B");
  EXPECT_EQ(format_bytes_binary(1024), "1 KiB");
  EXPECT_EQ(format_bytes_binary(1536), "1.5 KiB");
  EXPECT_EQ(format_bytes_binary(4096), "4 KiB");
  EXPECT_EQ(format_bytes_binary(kMi), "1 MiB");
  EXPECT_EQ(format_bytes_binary(kMi + kMi / 2), "1.5 MiB");
  EXPECT_EQ(format_bytes_binary(3 * kGi), "3 GiB");
  EXPECT_EQ(format_bytes_binary(24 * kGi), "24 GiB");
  EXPECT_EQ(format_bytes_binary(kTi), "1 TiB");
  EXPECT_EQ(format_bytes_binary(kPi), "1 PiB");
  EXPECT_EQ(format_bytes_binary(2048 * kPi), "2048 PiB");  // no unit past PiB
}

// sysbench's sb_print_value_size + "B": printf "%.5g" in the largest binary unit reached (the
// fileio header's "16KiB each", "Size of file ... is 256KiB").
TEST(UnitsTest, SysbenchSizeTextIsSysbenchs) {
  EXPECT_EQ(sysbench_size_text(0), "0B");
  EXPECT_EQ(sysbench_size_text(512), "512B");
  EXPECT_EQ(sysbench_size_text(1023), "1023B");
  EXPECT_EQ(sysbench_size_text(1024), "1KiB");
  EXPECT_EQ(sysbench_size_text(16384), "16KiB");
  EXPECT_EQ(sysbench_size_text(163840), "160KiB");
  EXPECT_EQ(sysbench_size_text(1048576), "1MiB");
  EXPECT_EQ(sysbench_size_text(1536.0 * 1048576), "1.5GiB");
  EXPECT_EQ(sysbench_size_text(2147483648.0), "2GiB");
  EXPECT_EQ(sysbench_size_text(1000000), "976.56KiB");  // 5 significant digits
}

}  // namespace
}  // namespace hostmark
