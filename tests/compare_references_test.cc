// The built-in reference machines: the sysbench article's VM-vs-host table reproduced from
// them, like-for-like only, and the closest references to a result.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "commands/compare_inputs.h"
#include "results/comparison.h"
#include "results/figure_keys.h"
#include "results/references.h"

namespace hostmark {
namespace {

ComparisonColumn reference_column_of(const char* id) {
  const ReferenceMachine* r = find_reference(id);
  EXPECT_NE(r, nullptr) << id;
  return ComparisonColumn{r->id, r->label, true, r->source, r->measured, r->figures};
}

TEST(CompareReferences, EveryReferenceIsWellFormed) {
  std::set<std::string> ids;
  ASSERT_GE(builtin_references().size(), 10u);
  for (const auto& r : builtin_references()) {
    EXPECT_TRUE(ids.insert(r.id).second) << "duplicate id " << r.id;
    EXPECT_FALSE(r.label.empty()) << r.id;
    EXPECT_FALSE(r.source.empty()) << r.id;
    EXPECT_FALSE(r.measured.empty()) << r.id;
    EXPECT_FALSE(r.figures.empty()) << r.id;
    std::set<std::string> keys;
    for (const auto& f : r.figures) {
      EXPECT_FALSE(f.key.empty()) << r.id;
      EXPECT_GT(f.value, 0) << r.id << " " << f.key;
      EXPECT_TRUE(keys.insert(f.key).second) << r.id << " repeats " << f.key;
    }
  }
  EXPECT_EQ(find_reference("ref:debatty-vm"), find_reference("debatty-vm"));
  EXPECT_EQ(find_reference("no-such-machine"), nullptr);
}

// The article's table (VM, host, difference), the difference being (VM - host) / host
// truncated to a whole percent as the article prints it.
TEST(CompareReferences, ReproducesTheArticlesVmVersusHostTable) {
  const Comparison c =
      compare_columns({reference_column_of("debatty-server2"), reference_column_of("debatty-vm")});
  struct Expected {
    std::string label;
    double vm, host;
    std::string difference;
  };
  const std::vector<Expected> article = {
      {"CPU: sysbench prime, 1 thread [events/s]", 1572, 1662, "-5%"},
      {"CPU: sysbench prime, 4 threads [events/s]", 5996, 6631, "-9%"},
      {"Memory: sysbench write 1KiB seq, 1 thread [MiB/s]", 5111, 5822, "-12%"},
      {"rndrd", 78, 2615, "-97%"},
      {"rndwr", 134, 1453, "-90%"},
      {"seqrd", 1187, 10472, "-88%"},
      {"seqwr", 795, 2736, "-70%"},
  };
  ASSERT_EQ(c.rows.size(), article.size());
  for (std::size_t i = 0; i < article.size(); ++i) {
    const ComparisonRow& row = c.rows[i];
    EXPECT_NE(row.label.find(article[i].label), std::string::npos) << row.label;
    EXPECT_EQ(row.values[0], article[i].host) << row.label;
    EXPECT_EQ(row.values[1], article[i].vm) << row.label;
    EXPECT_EQ(format_difference(row.difference_pct[1]), article[i].difference) << row.label;
    EXPECT_EQ(difference_verdict(row.difference_pct[1], row.higher_is_better), Verdict::kWorse);
  }
  // The host's 48-thread figure has no VM counterpart: listed apart, never compared.
  ASSERT_EQ(c.unshared.size(), 1u);
  EXPECT_EQ(c.unshared[0].key, "cpu.sysbench_prime.max_prime=10000.threads=48.events_per_s");
}

TEST(CompareReferences, TwoThreadsAreNeverComparedWithSixteen) {
  ComparisonColumn mine{"mine.json", "vm 2026-12-03 cpu", false, "", "cpu", {}};
  mine.figures = {figure_keys::cpu_prime(10000, 1, 2800), figure_keys::cpu_prime(10000, 2, 5500)};
  const Comparison c = compare_columns({mine, reference_column_of("debatty-laptop")});
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_EQ(c.rows[0].key, "cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s");
  for (const auto& row : c.unshared) {
    if (row.key.find("threads=2.") != std::string::npos) {
      EXPECT_FALSE(row.values[1].has_value());
      EXPECT_FALSE(row.difference_pct[1].has_value());
    }
  }
  // And a 2-thread run is not close to any machine by its 2-thread figure alone.
  EXPECT_TRUE(closest_references({figure_keys::cpu_prime(10000, 2, 5500)}, 3).empty());
}

TEST(CompareReferences, ClosestReferencesShareKeysAndRankByRatio) {
  // One thread at 1600 events/s: Server 2 (1662) and the VM (1572) are nearest, the laptop
  // (3354) is 2x away and Server 1 (834) about 1.9x.
  const auto near = closest_references({figure_keys::cpu_prime(10000, 1, 1600)}, 3);
  ASSERT_EQ(near.size(), 3u);
  EXPECT_EQ(near[0]->id, "debatty-vm");  // |log(1600/1572)| < |log(1600/1662)|
  EXPECT_EQ(near[1]->id, "debatty-server2");
  EXPECT_EQ(near[2]->id, "debatty-server1");
  // Lower-is-better figures count inverted; references without a shared key never appear.
  const auto disks = closest_references({figure_keys::hdparm_disk_reads(false, 100)}, 10);
  ASSERT_EQ(disks.size(), 3u);
  EXPECT_EQ(disks[0]->id, "alexleo-pi4-mx500");
  EXPECT_EQ(disks[1]->id, "alexleo-pi4-sd");
  EXPECT_EQ(disks[2]->id, "consultant-sda");
  EXPECT_EQ(closest_references({figure_keys::cpu_prime(10000, 1, 1600)}, 1).size(), 1u);
}

TEST(CompareReferences, ColumnsSayWhatTheyAre) {
  Result r;
  r.command = "cpu";
  r.context.hostname = "vm";
  r.context.start_time_utc = "2026-12-03T09:00:00Z";
  r.options = {{"cpu-max-prime", "10000"}, {"threads", "2"}, {"output-format", "json"}};
  Phase p;
  p.name = "single-thread";
  p.metrics = {{"events_per_s", 2800, "events/s"}, {"threads", 1, "threads"}};
  r.phases = {p};
  const ComparisonColumn c = result_column("run.json", r);
  EXPECT_EQ(c.title, "vm 2026-12-03 09:00 cpu");
  EXPECT_EQ(c.measured, "cpu (cpu-max-prime=10000, threads=2)");
  EXPECT_FALSE(c.reference);
  ASSERT_EQ(c.figures.size(), 1u);
  const ComparisonColumn ref = reference_column(*find_reference("debatty-vm"));
  EXPECT_EQ(ref.id, "ref:debatty-vm");
  EXPECT_TRUE(ref.reference);
  EXPECT_NE(ref.source.find("CC BY-SA 4.0"), std::string::npos);
  EXPECT_NE(ref.measured.find("sysbench cpu run"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
