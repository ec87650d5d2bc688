// `hostmark report` driven as a user would: on result files written by other commands, with
// several results, and its usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "report_sample.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

class ReportCli : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(dir_.path().empty()); }
  // A `hostmark cpu` result file (short phases).
  std::string cpu_result(const std::string& name) {
    const std::string path = dir_.file(name);
    const RunOutput r =
        run_hostmark({"cpu", "--time=200ms", "--output-format=json", "--output=" + path});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return path;
  }
  ScratchDir dir_;
};

TEST_F(ReportCli, OneResultFileGivesAPageWithItsChartsAndTables) {
  const std::string result = cpu_result("cpu.json");
  const std::string page = dir_.file("report.html");
  const RunOutput r = run_hostmark({"report", result, "-o", page});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("report written to " + page), std::string::npos) << r.err;
  const std::string html = read_whole_file(page);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<h2>1. cpu on "), std::string::npos);
  EXPECT_NE(html.find("<p class=\"meta\">file " + result + "</p>"), std::string::npos);
  EXPECT_NE(html.find(">CPU scaling</text>"), std::string::npos);
  EXPECT_NE(html.find(">Latency percentiles</text>"), std::string::npos);
  EXPECT_NE(html.find("<h4>single-thread</h4>"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("class=\"comparison\""), std::string::npos);
}

TEST_F(ReportCli, SeveralResultsGetACompareSectionAndStdoutWorks) {
  const std::string a = cpu_result("a.json");
  const std::string b = cpu_result("b.json");
  const RunOutput r = run_hostmark({"report", a, b});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count_occurrences(r.out, "<section class=\"result\""), 2);
  EXPECT_EQ(count_occurrences(r.out, "<section class=\"comparison\""), 1);
}

TEST_F(ReportCli, UsageErrors) {
  RunOutput r = run_hostmark({"report", dir_.file("missing.json")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.json: no such file, and not a result id"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");

  const std::string not_result = dir_.file("not-a-result.json");
  std::ofstream(not_result) << "{\"hello\": 1}";
  r = run_hostmark({"report", not_result});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("not-a-result.json"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(ReportCli, EmptyStoreSaysSo) {
  const RunOutput r =
      run_hostmark({"report", "--results-db", dir_.file("empty.db"), "-o", dir_.file("x.html")});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("no saved result"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("empty.db")));  // reading creates no store
}

}  // namespace
}  // namespace hostmark
