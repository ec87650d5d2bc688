// The doctor's verdict ranking (commands/doctor/verdict.h) with fixture findings: pure.
#include <gtest/gtest.h>

#include "commands/doctor/verdict.h"

namespace hostmark::doctor {
namespace {

Finding finding(std::string area, Severity s, double score, std::string summary = "x",
                std::string conclusion = "", std::string hint = "") {
  Finding f;
  f.area = std::move(area);
  f.severity = s;
  f.score = score;
  f.summary = std::move(summary);
  f.conclusion = std::move(conclusion);
  f.hint = std::move(hint);
  return f;
}

std::vector<std::string> areas(const Verdict& v) {
  std::vector<std::string> out;
  for (const auto& f : v.ranked) out.push_back(f.area);
  return out;
}

TEST(DoctorVerdictTest, BottleneckRanksFirstAndIsNamedInTheHeadline) {
  const Verdict v =
      rank_findings({finding("memory", Severity::kOk, 0), finding("cpu", Severity::kWarning, 2.0),
                     finding("processes", Severity::kNote, 0),
                     finding("storage", Severity::kBottleneck, 40,
                             "random 4K write p99 (QD1) = 120 ms, 40x a SATA SSD",
                             "storage is the bottleneck", "an SD card or USB stick?")});
  ASSERT_TRUE(v.named.has_value());
  EXPECT_EQ(*v.named, 0u);
  EXPECT_EQ(areas(v), (std::vector<std::string>{"storage", "cpu", "processes", "memory"}));
  EXPECT_EQ(v.headline,
            "random 4K write p99 (QD1) = 120 ms, 40x a SATA SSD: storage is the bottleneck; an "
            "SD card or USB stick?");
}

TEST(DoctorVerdictTest, EqualSeverityRanksByScoreThenCheckOrder) {
  const Verdict v = rank_findings({finding("memory", Severity::kBottleneck, 2),
                                   finding("cpu", Severity::kBottleneck, 5),
                                   finding("storage", Severity::kBottleneck, 5)});
  EXPECT_EQ(areas(v), (std::vector<std::string>{"cpu", "storage", "memory"}));
  EXPECT_EQ(v.ranked[*v.named].area, "cpu");
}

TEST(DoctorVerdictTest, WarningsOnlyNameNoBottleneckButListWhatToLookAt) {
  const Verdict v =
      rank_findings({finding("memory", Severity::kWarning, 1.5, "swapping in 3 pages/s"),
                     finding("storage", Severity::kOk, 0),
                     finding("cpu", Severity::kWarning, 3, "CPU steal 9%")});
  EXPECT_FALSE(v.named.has_value());
  EXPECT_EQ(v.headline, "no clear bottleneck; worth a look: CPU steal 9%; swapping in 3 pages/s");
}

TEST(DoctorVerdictTest, HealthyMachineNamesNone) {
  Finding skipped = finding("database", Severity::kOk, 0);
  skipped.measured = false;
  const Verdict v = rank_findings(
      {finding("memory", Severity::kOk, 0), finding("cpu", Severity::kOk, 0),
       finding("processes", Severity::kNote, 0), finding("storage", Severity::kOk, 0), skipped});
  EXPECT_FALSE(v.named.has_value());
  EXPECT_EQ(v.headline, "no bottleneck found: memory, cpu, processes, storage look healthy");
}

TEST(DoctorVerdictTest, NothingMeasuredSaysSo) {
  EXPECT_EQ(rank_findings({}).headline, "no bottleneck found (no check could measure)");
}

TEST(DoctorVerdictTest, BottleneckLineLeavesOutEmptyParts) {
  EXPECT_EQ(bottleneck_line(finding("memory", Severity::kOk, 0, "8 GiB available")),
            "8 GiB available");
  EXPECT_EQ(bottleneck_line(finding("cpu", Severity::kBottleneck, 1, "steal 30%",
                                    "the hypervisor is the bottleneck")),
            "steal 30%: the hypervisor is the bottleneck");
}

}  // namespace
}  // namespace hostmark::doctor
