// `hostmark stat` driven as a user would: usage errors, the formats parsed back, Ctrl-C.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "background_hostmark.h"
#include "run_binary.h"

namespace hostmark {
namespace {

TEST(StatCliTest, BadArgumentsAreOneLineAndExitTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"stat", "-q"},
                                                                {"stat", "-k", "-m"},
                                                                {"stat", "0", "3"},
                                                                {"stat", "1", "0"},
                                                                {"stat", "-o", "XML"},
                                                                {"stat", "--bogus"},
                                                                {"stat", "1", "2", "3"},
                                                                {"stat", "-h", "-o", "JSON"}}) {
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << ": " << r.err;
    const auto lines = output_lines(r.err);
    ASSERT_EQ(lines.size(), 1u) << r.err;
    EXPECT_EQ(lines[0].rfind("hostmark: stat: ", 0), 0u) << lines[0];
    EXPECT_EQ(r.out, "");
  }
}

TEST(StatCliTest, DefaultReportHasIostatsLayout) {
  const RunOutput r = run_hostmark({"stat"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = output_lines(r.out);
  ASSERT_GE(lines.size(), 6u);
  EXPECT_NE(lines[0].find(" CPU)"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[2], "avg-cpu:  %user   %nice %system %iowait  %steal   %idle");
  EXPECT_EQ(lines[5],
            "Device             tps    kB_read/s    kB_wrtn/s    kB_dscd/s    kB_read    "
            "kB_wrtn    kB_dscd");
}

TEST(StatCliTest, IostatJsonParsesWithIostatsKeys) {
  const RunOutput r = run_hostmark({"stat", "-x", "-t", "-o", "JSON", "-p", "ALL", "0.2", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  const auto& host = doc.at("sysstat").at("hosts").at(0);
  EXPECT_EQ(host.at("number-of-cpus").get<int>(), static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)));
  const auto& stats = host.at("statistics");
  ASSERT_EQ(stats.size(), 2u);
  for (const auto& s : stats) {
    EXPECT_TRUE(s.contains("timestamp"));
    for (const char* k : {"user", "nice", "system", "iowait", "steal", "idle"})
      EXPECT_TRUE(s.at("avg-cpu").contains(k)) << k;
    ASSERT_FALSE(s.at("disk").empty());  // -p ALL shows every device, used or not
    for (const char* k : {"disk_device", "r/s",      "w/s",      "d/s",     "f/s",     "rkB/s",
                          "wkB/s",       "dkB/s",    "rrqm/s",   "wrqm/s",  "drqm/s",  "rrqm",
                          "wrqm",        "drqm",     "r_await",  "w_await", "d_await", "f_await",
                          "rareq-sz",    "wareq-sz", "dareq-sz", "aqu-sz",  "util"})
      EXPECT_TRUE(s.at("disk").at(0).contains(k)) << k;
  }
}

TEST(StatCliTest, HostmarkJsonAndCsv) {
  const RunOutput j =
      run_hostmark({"stat", "--output-format=json", "-x", "--sar", "--mem", "0.2", "2"});
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc.at("schema"), "hostmark.stat");
  ASSERT_EQ(doc.at("reports").size(), 2u);  // --sar never reports since boot
  const auto& rep = doc.at("reports").at(0);
  EXPECT_FALSE(rep.at("since_boot").get<bool>());
  EXPECT_GT(rep.at("interval_s").get<double>(), 0.0);
  EXPECT_TRUE(rep.at("sar").contains("bread_s"));
  EXPECT_GT(rep.at("memory_load").at("mem_total_bytes").get<double>(), 0.0);
  EXPECT_TRUE(doc.contains("sar_average"));

  const RunOutput c = run_hostmark({"stat", "--output-format=csv", "-c"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const auto lines = output_lines(c.out);
  ASSERT_EQ(lines.size(), 7u);  // header + 6 CPU metrics
  EXPECT_EQ(lines[0], "time_s,object,metric,value,unit");
  EXPECT_NE(lines[1].find(",cpu,user,"), std::string::npos) << lines[1];
}

TEST(StatCliTest, CtrlCEndsCleanlyWithWellFormedJson) {
  // timeout sends SIGINT after 1.5 s to a run that would never end by itself.
  const RunOutput r = run_interrupted({"stat", "-o", "JSON", "-d", "0.5"}, 1.5);
  if (r.exit_code == -1) GTEST_SKIP() << "cannot run /usr/bin/timeout: " << r.err;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_GE(doc.at("sysstat").at("hosts").at(0).at("statistics").size(), 2u);
}

TEST(StatCliTest, MemShowsFreeAndUptimeLines) {
  const RunOutput r = run_hostmark({"stat", "-c", "--mem"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("              total        used        free      shared  buff/cache"
                       "   available\nMem:"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nSwap:"), std::string::npos);
  EXPECT_NE(r.out.find(" load average: "), std::string::npos);
}

}  // namespace
}  // namespace hostmark
