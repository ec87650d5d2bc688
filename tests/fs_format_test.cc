// bonnie++'s text and CSV forms of an fs Result, checked against what bonnie++ 2.00a and
// bon_csv2txt print for the same figures.
#include <gtest/gtest.h>

#include <sstream>

#include "output/bonnie_format.h"

namespace hostmark::fsbench {
namespace {

Phase fs_format_phase(const std::string& name, double rate, const std::string& unit, double cpu,
                      double seconds, std::uint64_t max_ns) {
  Phase p;
  p.name = name;
  p.duration_s = seconds;
  p.metrics = {{"rate", rate, unit}, {"cpu_pct", cpu, "%"}, {"work", 1, "bytes"}};
  LatencyStats l;
  l.max_ns = max_ns;
  l.percentiles_ns = {{50, max_ns / 2}, {99, max_ns}};
  p.latency = l;
  return p;
}

Result fs_sample_result() {
  Result r;
  r.options = {{"version", "2.00a"}, {"name", "testhost"}, {"seed", "7"},    {"size-label", "64M"},
               {"chunk", "8192"},    {"seeks", "8192"},    {"seekers", "5"}, {"files", "1"},
               {"file-max", "0"},    {"file-min", "0"},    {"dirs", "0"}};
  r.phases = {fs_format_phase("putc", 628, "KiB/s", 43, 5, 26352000),
              fs_format_phase("put_block", 900000, "KiB/s", 40, 0.1, 8068000),
              fs_format_phase("rewrite", 500000, "KiB/s", 30, 0.2, 8080000),
              fs_format_phase("getc", 1628, "KiB/s", 70, 2, 15298000),
              fs_format_phase("get_block", 2000000, "KiB/s", 20, 0.1, 4074000),
              fs_format_phase("seeks", 14153, "seeks/s", 297, 0.6, 26816000)};
  for (const char* n :
       {"seq_create", "seq_stat", "seq_delete", "ran_create", "ran_stat", "ran_delete"})
    r.phases.push_back(fs_format_phase(n, 30000, "files/s", 99, 0.1, 75000));
  return r;
}

TEST(FsFormatTest, RatesAndLatenciesLikeBonnie) {
  EXPECT_EQ(bonnie_kib_rate(628), "628k");
  EXPECT_EQ(bonnie_kib_rate(9999), "9999k");
  EXPECT_EQ(bonnie_kib_rate(10000), "9.8m");
  EXPECT_EQ(bonnie_kib_rate(123456), "121m");
  EXPECT_EQ(bonnie_kib_rate(1234567), "1.2g");
  EXPECT_EQ(bonnie_latency(26352000), "26352us");
  EXPECT_EQ(bonnie_latency(1299000000), "1299ms");
  EXPECT_EQ(bonnie_latency(8'000'000'000'000), "8000s");
}

TEST(FsFormatTest, TableMatchesBonnieLayout) {
  std::ostringstream out;
  write_bonnie_table(fs_sample_result(), out);
  EXPECT_EQ(out.str(),
            "Version 2.00a       ------Sequential Output------ --Sequential Input- --Random-\n"
            "                    -Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n"
            "Name:Size etc        /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
            "testhost        64M  628k  43 +++++ +++ +++++ +++ 1628k  70 +++++ +++ 14153 297\n"
            "Latency             26352us    8068us    8080us   15298us    4074us   26816us\n"
            "Version 2.00a       ------Sequential Create------ --------Random Create--------\n"
            "testhost            -Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n"
            "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n"
            "                  1 +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++ +++++ +++\n"
            "Latency                75us      75us      75us      75us      75us      75us\n");
}

TEST(FsFormatTest, CsvLineIsFormat198) {
  EXPECT_EQ(bonnie_csv_line(fs_sample_result()),
            "1.98,2.00a,testhost,1,7,64M,,8192,5,628,43,+++++,+++,+++++,+++,1628,70,+++++,+++,"
            "14153,297,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,"
            "26352us,8068us,8080us,15298us,4074us,26816us,75us,75us,75us,75us,75us,75us");
}

TEST(FsFormatTest, SkippedTestsLeaveEmptyFields) {
  Result r = fs_sample_result();
  r.phases.resize(6);  // no file tests
  const std::string line = bonnie_csv_line(r);
  EXPECT_NE(line.find(",14153,297,,,,,,,,,,,,,,,,,,26352us,"), std::string::npos) << line;
  std::ostringstream out;
  write_bonnie_table(r, out);
  EXPECT_EQ(out.str().find("Sequential Create"), std::string::npos);
}

}  // namespace
}  // namespace hostmark::fsbench

namespace hostmark::fsbench {
namespace {

TEST(FsFormatTest, FileSizesAndDirsLikeBonCsv2txt) {
  Result r = fs_sample_result();
  // The first of two same-named options wins.
  const std::vector<std::pair<std::string, std::string>> sizes = {
      {"file-max", "2048"}, {"file-min", "1024"}, {"dirs", "3"}};
  r.options.insert(r.options.begin(), sizes.begin(), sizes.end());
  // With data in the files, bonnie++'s "Read" column is the read pass, not the stat pass.
  r.phases.push_back(fs_format_phase("seq_read", 4321, "files/s", 12, 1.0, 90000));
  std::ostringstream out;
  write_bonnie_table(r, out);
  EXPECT_NE(out.str().find("      files:max:min  /sec %CP"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\n      1:2048:1024/3 +++++ +++  4321  12 +++++ +++"),
            std::string::npos)
      << out.str();
  EXPECT_NE(bonnie_csv_line(r).find(",1,2048,1024,3,,+++++,+++,4321,12,"), std::string::npos)
      << bonnie_csv_line(r);
}

}  // namespace
}  // namespace hostmark::fsbench
