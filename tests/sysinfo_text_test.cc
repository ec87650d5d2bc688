// Unit tests of the text helpers the sysinfo parsers share (sysinfo/text.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

using Lines = std::vector<std::string_view>;

// Input and expected output of a string_view -> string function.
struct Case {
  std::string_view in;
  std::string_view out;
};

TEST(SysinfoText, TrimRemovesSpaceTabCrLfAtBothEnds) {
  // Only space, tab, CR and LF at the ends go; white space inside stays.
  const Case cases[] = {
      {"  a b\t\r\n", "a b"}, {"\tx", "x"},        {"x", "x"}, {"", ""}, {"   ", ""},
      {" \t\r\n ", ""},       {"a \t b", "a \t b"}};
  for (const auto& c : cases) EXPECT_EQ(trim(c.in), c.out) << '"' << c.in << '"';
}

TEST(SysinfoText, SplitLinesCountsAFinalUnterminatedLine) {
  EXPECT_EQ(split_lines("a\nb"), (Lines{"a", "b"}));
  EXPECT_EQ(split_lines("a\nb\n"), (Lines{"a", "b"}));
  EXPECT_EQ(split_lines("one"), (Lines{"one"}));
}

TEST(SysinfoText, SplitLinesKeepsEmptyLinesButAddsNoTrailingOne) {
  EXPECT_EQ(split_lines(""), Lines{});
  EXPECT_EQ(split_lines("\n"), (Lines{""}));
  EXPECT_EQ(split_lines("a\n\nb\n"), (Lines{"a", "", "b"}));
  EXPECT_EQ(split_lines("a\n\n"), (Lines{"a", ""}));
  EXPECT_EQ(split_lines("  \n \t"), (Lines{"  ", " \t"}));  // lines are not trimmed
}

TEST(SysinfoText, SplitLinesDropsTheCrOfCrlf) {
  EXPECT_EQ(split_lines("a\r\nb\r\n"), (Lines{"a", "b"}));
  EXPECT_EQ(split_lines("a\r\n\r\nb"), (Lines{"a", "", "b"}));
  EXPECT_EQ(split_lines("a\r"), (Lines{"a"}));
  EXPECT_EQ(split_lines("a\rb\n"), (Lines{"a\rb"}));  // only a CR that ends a line goes
}

TEST(SysinfoText, FirstLineIsTheFirstOfSplitLinesUntrimmed) {
  const Case cases[] = {{"4\n", "4"}, {"Data\r\nmore\n", "Data"}, {"no newline", "no newline"},
                        {"", ""},     {"\nsecond", ""},           {"  \n", "  "}};
  for (const auto& c : cases) EXPECT_EQ(first_line(c.in), c.out) << '"' << c.in << '"';
}

TEST(SysinfoText, SplitKeyValueTrimsBothSides) {
  std::string_view key, value;
  ASSERT_TRUE(split_key_value("model name\t: Intel(R) Xeon(R) \r", ':', key, value));
  EXPECT_EQ(key, "model name");
  EXPECT_EQ(value, "Intel(R) Xeon(R)");
  ASSERT_TRUE(split_key_value("NAME=a=b", '=', key, value));  // splits at the first sep
  EXPECT_EQ(key, "NAME");
  EXPECT_EQ(value, "a=b");
  ASSERT_TRUE(split_key_value("  :  ", ':', key, value));
  EXPECT_EQ(key, "");
  EXPECT_EQ(value, "");
}

TEST(SysinfoText, SplitKeyValueWithoutSepLeavesTheOutputsAlone) {
  std::string_view key = "k", value = "v";
  EXPECT_FALSE(split_key_value("no separator here", ':', key, value));
  EXPECT_FALSE(split_key_value("", ':', key, value));
  EXPECT_EQ(key, "k");
  EXPECT_EQ(value, "v");
}

TEST(SysinfoText, FirstFieldFindsTheFirstMatchingKey) {
  constexpr std::string_view kCpuinfo =
      "processor\t: 0\r\nvendor_id\t: GenuineIntel\r\ncpu MHz\t\t: 2100.000\r\n\r\n"
      "processor\t: 1\r\nvendor_id\t: Other\r\n";
  EXPECT_EQ(first_field(kCpuinfo, "vendor_id"), "GenuineIntel");
  EXPECT_EQ(first_field(kCpuinfo, "cpu MHz"), "2100.000");
  EXPECT_EQ(first_field(kCpuinfo, "cpu"), "");  // whole keys only
  EXPECT_EQ(first_field(kCpuinfo, "flags"), "");
  EXPECT_EQ(first_field("", "x"), "");
  EXPECT_EQ(first_field("MemTotal:  100 kB", "MemTotal"), "100 kB");
  EXPECT_EQ(first_field("ID=debian\nNAME=\"Debian\"\n", "NAME", '='), "\"Debian\"");
}

TEST(SysinfoText, ReadTrimmedFile) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("hostmark_trimmed_" + std::to_string(getpid()) + ".txt");
  std::ofstream(path) << "  ATA     \r\n";
  EXPECT_EQ(read_trimmed_file(path.string()), "ATA");
  std::filesystem::remove(path);
  EXPECT_EQ(read_trimmed_file(path.string()), "");
}

}  // namespace
}  // namespace hostmark::sysinfo
