// The comparison arithmetic and each format of `hostmark compare`, as golden text.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "output/comparison_format.h"
#include "results/comparison.h"
#include "results/figure_keys.h"

namespace hostmark {
namespace {

figure_keys::FioJobSettings rnd4k_q1() {
  figure_keys::FioJobSettings s;
  s.rw = "randread";
  s.block_bytes = 4096;
  return s;
}

// Baseline: 1024 events/s, 100 us; B: +25% events (better), +50% latency (worse), plus a
// figure nobody else has; C: -0.1% events/s (shown as 0%), no latency. Values whose
// differences are exact in binary floating point, so the JSON golden is exact too.
Comparison sample_comparison() {
  ComparisonColumn a{"a.json", "host-a 2026-12-03 09:00 suite", false, "", "suite --quick", {}};
  a.figures = {figure_keys::cpu_prime(10000, 1, 1024),
               figure_keys::fio_job(rnd4k_q1(), "lat_mean_us", 100)};
  ComparisonColumn b{"7", "host-b 2026-12-03 10:00 suite", false, "", "suite", {}};
  b.figures = {figure_keys::fio_job(rnd4k_q1(), "lat_mean_us", 150),
               figure_keys::cpu_prime(10000, 1, 1280), figure_keys::hdparm_cached_reads(9000)};
  ComparisonColumn c{
      "ref:debatty-vm",           "VM, 4 cores",      true,
      "An article, CC BY-SA 4.0", "sysbench cpu run", {figure_keys::cpu_prime(10000, 1, 1023)}};
  return compare_columns({a, b, c});
}

std::string render_comparison(const Comparison& c, ComparisonFormat f, bool color = false) {
  std::ostringstream out;
  write_comparison(c, f, color, out);
  return out.str();
}

TEST(CompareArithmetic, DifferencesAgainstTheFirstColumn) {
  const Comparison c = sample_comparison();
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].key, "cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s");
  EXPECT_FALSE(c.rows[0].difference_pct[0].has_value());
  EXPECT_DOUBLE_EQ(*c.rows[0].difference_pct[1], 25.0);
  EXPECT_DOUBLE_EQ(*c.rows[0].difference_pct[2], -0.09765625);
  EXPECT_DOUBLE_EQ(*c.rows[1].difference_pct[1], 50.0);
  EXPECT_FALSE(c.rows[1].difference_pct[2].has_value());
  EXPECT_EQ(difference_verdict(c.rows[0].difference_pct[1], true), Verdict::kBetter);
  EXPECT_EQ(difference_verdict(c.rows[1].difference_pct[1], false), Verdict::kWorse);
  EXPECT_EQ(difference_verdict(c.rows[0].difference_pct[2], true), Verdict::kSame);
  ASSERT_EQ(c.unshared.size(), 1u);
  EXPECT_EQ(c.unshared[0].key, "hdparm.cached_reads.mib_per_s");
}

TEST(CompareArithmetic, RoundingAndValues) {
  EXPECT_EQ(format_difference(-9.58), "-9%");
  EXPECT_EQ(format_difference(12.9), "+12%");
  EXPECT_EQ(format_difference(-0.7), "0%");
  EXPECT_EQ(format_difference(std::nullopt), "");
  EXPECT_EQ(format_figure_value(1662), "1662");
  EXPECT_EQ(format_figure_value(42.93), "42.93");
  EXPECT_EQ(format_figure_value(6.023), "6.023");
  EXPECT_EQ(format_figure_value(33300), "33300");
  EXPECT_EQ(format_figure_value(107.75), "107.8");
  EXPECT_EQ(format_figure_value(0.25), "0.25");
}

TEST(CompareArithmetic, ABaselineWithoutTheFigureComparesNothing) {
  ComparisonColumn a{"a", "a", false, "", "", {figure_keys::cpu_prime(10000, 1, 0)}};
  ComparisonColumn b{"b", "b", false, "", "", {figure_keys::cpu_prime(10000, 1, 5)}};
  const Comparison c = compare_columns({a, b});
  ASSERT_EQ(c.rows.size(), 1u);
  EXPECT_FALSE(c.rows[0].difference_pct[1].has_value());  // 0 as baseline: no percentage
}

TEST(CompareFormat, TextGolden) {
  EXPECT_EQ(
      render_comparison(sample_comparison(), ComparisonFormat::kText),
      R"(figure                                                        host-a 2026-12-03 09:00 suite  host-b 2026-12-03 10:00 suite  difference  VM, 4 cores  difference
---------------------------------------------------------------------------------------------------------------------------------------------------------------
CPU: sysbench prime, 1 thread [events/s]                                               1024                           1280        +25%         1023          0%
Storage: RND4K Q1T1 read [mean latency us] (lower is better)                            100                            150        +50%            -
difference: each column against the first (host-a 2026-12-03 09:00 suite), whole percent

not compared (in one column only):
  Storage: hdparm -T cached reads [MiB/s, hdparm's MB]: 9000 (host-b 2026-12-03 10:00 suite)

sources:
  host-a 2026-12-03 09:00 suite: suite --quick (a.json)
  host-b 2026-12-03 10:00 suite: suite (7)
  VM, 4 cores (ref:debatty-vm): An article, CC BY-SA 4.0; measured with: sysbench cpu run
)");
}

TEST(CompareFormat, TextColorsOnlyDifferences) {
  const std::string s = render_comparison(sample_comparison(), ComparisonFormat::kText, true);
  EXPECT_NE(s.find("\033[32m+25%\033[0m"), std::string::npos) << s;
  EXPECT_NE(s.find("\033[31m+50%\033[0m"), std::string::npos) << s;
  EXPECT_EQ(s.find("\033[32m0%"), std::string::npos) << s;
  EXPECT_EQ(render_comparison(sample_comparison(), ComparisonFormat::kText).find('\033'),
            std::string::npos);
}

TEST(CompareFormat, MarkdownGolden) {
  EXPECT_EQ(
      render_comparison(sample_comparison(), ComparisonFormat::kMarkdown),
      R"(| figure | host-a 2026-12-03 09:00 suite | host-b 2026-12-03 10:00 suite | difference | VM, 4 cores | difference |
|---|---:|---:|---:|---:|---:|
| CPU: sysbench prime, 1 thread [events/s] | 1024 | 1280 | +25% | 1023 | 0% |
| Storage: RND4K Q1T1 read [mean latency us] (lower is better) | 100 | 150 | +50% | - |  |

Difference: each column against the first (host-a 2026-12-03 09:00 suite), whole percent.

not compared (in one column only):
- Storage: hdparm -T cached reads [MiB/s, hdparm's MB]: 9000 (host-b 2026-12-03 10:00 suite)

sources:
- host-a 2026-12-03 09:00 suite: suite --quick (a.json)
- host-b 2026-12-03 10:00 suite: suite (7)
- VM, 4 cores (ref:debatty-vm): An article, CC BY-SA 4.0; measured with: sysbench cpu run
)");
}

TEST(CompareFormat, CsvGolden) {
  EXPECT_EQ(render_comparison(sample_comparison(), ComparisonFormat::kCsv),
            R"(key,label,unit,higher_is_better,column,title,value,difference_pct,verdict,compared
cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s,"CPU: sysbench prime, 1 thread [events/s]",events/s,yes,a.json,host-a 2026-12-03 09:00 suite,1024,,,yes
cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s,"CPU: sysbench prime, 1 thread [events/s]",events/s,yes,7,host-b 2026-12-03 10:00 suite,1280,25.00,better,yes
cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s,"CPU: sysbench prime, 1 thread [events/s]",events/s,yes,ref:debatty-vm,"VM, 4 cores",1023,-0.10,same,yes
fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=1.numjobs=1.direct=1.lat_mean_us,Storage: RND4K Q1T1 read [mean latency us],us,no,a.json,host-a 2026-12-03 09:00 suite,100,,,yes
fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=1.numjobs=1.direct=1.lat_mean_us,Storage: RND4K Q1T1 read [mean latency us],us,no,7,host-b 2026-12-03 10:00 suite,150,50.00,worse,yes
hdparm.cached_reads.mib_per_s,"Storage: hdparm -T cached reads [MiB/s, hdparm's MB]",MiB/s,yes,7,host-b 2026-12-03 10:00 suite,9000,,,no
)");
}

TEST(CompareFormat, JsonGolden) {
  EXPECT_EQ(render_comparison(sample_comparison(), ComparisonFormat::kJson), R"({
  "baseline": 0,
  "columns": [
    {
      "id": "a.json",
      "kind": "result",
      "measured": "suite --quick",
      "source": "",
      "title": "host-a 2026-12-03 09:00 suite"
    },
    {
      "id": "7",
      "kind": "result",
      "measured": "suite",
      "source": "",
      "title": "host-b 2026-12-03 10:00 suite"
    },
    {
      "id": "ref:debatty-vm",
      "kind": "reference",
      "measured": "sysbench cpu run",
      "source": "An article, CC BY-SA 4.0",
      "title": "VM, 4 cores"
    }
  ],
  "comparison_schema_version": 1,
  "not_compared": [
    {
      "difference_pct": [
        null,
        null,
        null
      ],
      "higher_is_better": true,
      "key": "hdparm.cached_reads.mib_per_s",
      "label": "Storage: hdparm -T cached reads [MiB/s, hdparm's MB]",
      "unit": "MiB/s",
      "values": [
        null,
        9000.0,
        null
      ],
      "verdict": [
        null,
        null,
        null
      ]
    }
  ],
  "rows": [
    {
      "difference_pct": [
        null,
        25.0,
        -0.09765625
      ],
      "higher_is_better": true,
      "key": "cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s",
      "label": "CPU: sysbench prime, 1 thread [events/s]",
      "unit": "events/s",
      "values": [
        1024.0,
        1280.0,
        1023.0
      ],
      "verdict": [
        null,
        "better",
        "same"
      ]
    },
    {
      "difference_pct": [
        null,
        50.0,
        null
      ],
      "higher_is_better": false,
      "key": "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=1.numjobs=1.direct=1.lat_mean_us",
      "label": "Storage: RND4K Q1T1 read [mean latency us]",
      "unit": "us",
      "values": [
        100.0,
        150.0,
        null
      ],
      "verdict": [
        null,
        "worse",
        null
      ]
    }
  ]
}
)");
}

TEST(CompareFormat, FormatNames) {
  EXPECT_EQ(parse_comparison_format("markdown").value(), ComparisonFormat::kMarkdown);
  EXPECT_EQ(parse_comparison_format("normal").value(), ComparisonFormat::kText);
  EXPECT_FALSE(parse_comparison_format("html").ok());
}

}  // namespace
}  // namespace hostmark
