#include "output/html_report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "output/html_parts.h"
#include "report_sample.h"

namespace hostmark {
namespace {

std::string render_report(const std::vector<ReportEntry>& entries) {
  std::ostringstream out;
  write_html_report({entries, "2026-12-03T10:00:00Z", "0.1.0"}, out);
  return out.str();
}

ReportEntry sample_entry() { return {"file /tmp/r.json", report_sample_result(), {}, {}}; }

TEST(HtmlReport, IsOneCompleteDocument) {
  const std::string html = render_report({sample_entry()});
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">", 0), 0u);
  EXPECT_NE(html.find("<meta charset=\"utf-8\">"), std::string::npos);
  EXPECT_EQ(count_occurrences(html, "<style>"), 1);
  EXPECT_NE(html.find("@media print"), std::string::npos);
  EXPECT_EQ(html.substr(html.size() - 16), "</body>\n</html>\n");
  EXPECT_EQ(count_occurrences(html, "<section class=\"result\""), 1);
  EXPECT_EQ(count_occurrences(html, "<section"), count_occurrences(html, "</section>"));
  EXPECT_EQ(count_occurrences(html, "<table"), count_occurrences(html, "</table>"));
  EXPECT_EQ(count_occurrences(html, "<svg"), count_occurrences(html, "</svg>"));
  EXPECT_EQ(html.find("class=\"comparison\""), std::string::npos);  // one result: none
}

TEST(HtmlReport, FetchesNothingAndRunsNothing) {
  const std::string html = render_report({sample_entry(), sample_entry()});
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("href="), std::string::npos);
  EXPECT_EQ(html.find("url("), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);  // the CPU model's <script> is escaped
  EXPECT_EQ(html.find("<link"), std::string::npos);
}

TEST(HtmlReport, EscapesEveryText) {
  const std::string html = render_report({sample_entry()});
  EXPECT_NE(html.find("web&lt;1&gt;&amp;&quot;quoted&quot;"), std::string::npos);
  EXPECT_NE(html.find("Test CPU &lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("/tmp/a&amp;b &lt;c&gt;"), std::string::npos);
  EXPECT_NE(html.find("a note with &lt;b&gt;markup&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(html.find("(kvm) &amp; friends"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("web<1>"), std::string::npos);
}

TEST(HtmlReport, HasContextStorageWarningsAndPhaseTablesWithUnits) {
  const std::string html = render_report({sample_entry()});
  EXPECT_NE(html.find("<td>kernel</td><td>6.1.0-18-amd64 </td>"), std::string::npos);
  EXPECT_NE(html.find("<td>8 GiB</td>"), std::string::npos);
  EXPECT_NE(html.find("<td>kvm</td>"), std::string::npos);
  EXPECT_NE(html.find("<h3>Storage targets</h3>"), std::string::npos);
  EXPECT_NE(html.find("<li>virtual_disk: virtual disk: expect host caching</li>"),
            std::string::npos);
  EXPECT_NE(html.find("<h4>cpu.all-threads</h4>"), std::string::npos);
  EXPECT_NE(html.find("<td>events_per_s</td><td class=\"num\">3800</td><td>events/s</td>"),
            std::string::npos);
  // Latency in the unit its maximum (4 ms) reads best in.
  EXPECT_NE(html.find("<td>latency p99.9</td><td class=\"num\">3</td><td>ms</td>"),
            std::string::npos);
  EXPECT_NE(html.find("<h3>While each phase ran</h3>"), std::string::npos);
  EXPECT_NE(html.find("<p class=\"meta\">file /tmp/r.json</p>"), std::string::npos);
}

TEST(HtmlReport, DrawsEveryKindOfChartTheResultHasDataFor) {
  const std::string html = render_report({sample_entry()});
  EXPECT_NE(html.find(">Throughput over time</text>"), std::string::npos);
  EXPECT_NE(html.find(">Latency percentiles</text>"), std::string::npos);
  EXPECT_NE(html.find(">p99.9</text>"), std::string::npos);
  EXPECT_NE(html.find(">CPU scaling (cpu)</text>"), std::string::npos);
  EXPECT_NE(html.find(">Memory load latency by working-set size</text>"), std::string::npos);
  EXPECT_NE(html.find(">64 MiB</text>"), std::string::npos);
  EXPECT_NE(html.find(">memory.bandwidth</text>"), std::string::npos);
  EXPECT_NE(html.find(">Device utilisation by phase</text>"), std::string::npos);
  EXPECT_NE(html.find(">IOPS over time: fs.RND4K Q1T1 read</text>"), std::string::npos);
  EXPECT_NE(html.find(">bandwidth over time: fs.RND4K Q1T1 read</text>"), std::string::npos);
  EXPECT_NE(html.find(">rate over time: db.read_write</text>"), std::string::npos);
  EXPECT_NE(html.find(">Latency histogram: fs.RND4K Q1T1 read</text>"), std::string::npos);
  EXPECT_NE(html.find(">latency [ms]</text>"), std::string::npos);  // its max: 2 ms
  EXPECT_EQ(count_occurrences(html, "aria-label=\"Latency histogram: "), 1)
      << "only the phase that has one";
  EXPECT_EQ(html.find("vs references"), std::string::npos);  // no references given
  EXPECT_EQ(count_occurrences(html, "<figure class=\"chart-box\">"),
            count_occurrences(html, "<svg"));
}

TEST(HtmlReport, NoDataNoCharts) {
  Result r;
  r.command = "info";
  r.context.hostname = "h";
  const std::string html = render_report({{"x", r, {}, {}}});
  EXPECT_EQ(html.find("<svg"), std::string::npos);
  EXPECT_EQ(html.find("<h3>Charts</h3>"), std::string::npos);
  EXPECT_EQ(html.find("nan"), std::string::npos);
}

TEST(HtmlReport, ReferencesAndComparison) {
  ReportEntry a = sample_entry();
  a.figures = {{"cpu.k", "CPU: single thread", 1000, "events/s", true},
               {"mem.k", "memory latency", 90, "ns", false}};
  const ReferenceMachine ref{"r", "Server <2>", "", "", {{"cpu.k", "CPU", 1500, "events/s", true}}};
  a.references = {&ref};
  ReportEntry b = sample_entry();
  b.result.context.hostname = "other";
  b.figures = {{"cpu.k", "CPU: single thread", 1100, "events/s", true},
               {"mem.k", "memory latency", 99, "ns", false}};
  const std::string html = render_report({a, b});
  EXPECT_NE(html.find(">CPU: single thread vs references</text>"), std::string::npos);
  EXPECT_NE(html.find("Server &lt;2&gt;"), std::string::npos);
  EXPECT_EQ(count_occurrences(html, "<section class=\"result\""), 2);
  EXPECT_NE(html.find("<section class=\"comparison\" id=\"comparison\">"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num better\">+10.0%</td>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num worse\">+10.0%</td>"), std::string::npos);  // ns: lower
}

TEST(HtmlReport, TableAndListHelpersEscape) {
  EXPECT_EQ(html_table({"<h>"}, {{{"a&b", false}, {"1", true}}}, "c"),
            "<table class=\"c\"><thead><tr><th>&lt;h&gt;</th></tr></thead><tbody><tr>"
            "<td>a&amp;b</td><td class=\"num\">1</td></tr></tbody></table>\n");
  EXPECT_EQ(html_list({}, "x"), "");
  EXPECT_EQ(html_list({"<i>"}, "x"), "<ul class=\"x\"><li>&lt;i&gt;</li></ul>\n");
}

}  // namespace
}  // namespace hostmark
