#include "output/svg_chart.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "output/html_text.h"
#include "output/svg_scale.h"
#include "report_sample.h"

namespace hostmark {
namespace {

TEST(SvgScale, NiceLinearTicksCoverTheRangeWithRoundSteps) {
  const auto ticks = nice_linear_ticks(0, 3800, 7);
  ASSERT_GE(ticks.size(), 2u);
  EXPECT_LE(ticks.front(), 0);
  EXPECT_GE(ticks.back(), 3800);
  EXPECT_LE(ticks.size(), 9u);
  const double step = ticks[1] - ticks[0];
  EXPECT_TRUE(step == 500 || step == 1000) << step;
  for (std::size_t i = 1; i < ticks.size(); ++i) EXPECT_DOUBLE_EQ(ticks[i] - ticks[i - 1], step);
}

TEST(SvgScale, NiceLinearTicksSnapToTheGrid) {
  const auto ticks = nice_linear_ticks(0.1, 0.7, 7);
  ASSERT_FALSE(ticks.empty());
  for (const double t : ticks) EXPECT_EQ(format_report_number(t).size() <= 3, true) << t;
}

TEST(SvgScale, DegenerateRangeStillHasTwoTicks) {
  const auto ticks = nice_linear_ticks(5, 5, 7);
  ASSERT_GE(ticks.size(), 2u);
  EXPECT_LT(ticks.front(), 5);
  EXPECT_GT(ticks.back(), 5);
  EXPECT_GE(nice_linear_ticks(0, 0, 7).size(), 2u);
}

TEST(SvgScale, LogTicksArePowersOfTheBase) {
  const auto ticks = log_ticks(4096, 64.0 * 1024 * 1024, 2, 20);
  ASSERT_EQ(ticks.size(), 15u);  // 2^12 .. 2^26
  EXPECT_EQ(ticks.front(), 4096);
  EXPECT_EQ(ticks.back(), 64.0 * 1024 * 1024);
  const auto thinned = log_ticks(4096, 64.0 * 1024 * 1024, 2, 7);
  EXPECT_LE(thinned.size(), 8u);
  EXPECT_EQ(thinned.front(), 4096);
  EXPECT_GE(thinned.back(), 64.0 * 1024 * 1024);
  const auto tens = log_ticks(3, 2000, 10, 10);
  EXPECT_EQ(tens, (std::vector<double>{1, 10, 100, 1000, 10000}));
}

TEST(SvgScale, MapIsLinearOrLogarithmic) {
  const Scale lin{ScaleKind::kLinear, 0, 100, 50, 550};
  EXPECT_DOUBLE_EQ(lin.map(0), 50);
  EXPECT_DOUBLE_EQ(lin.map(50), 300);
  EXPECT_DOUBLE_EQ(lin.map(100), 550);
  const Scale log{ScaleKind::kLog2, 1024, 4096, 0, 200};  // y-like flips are allowed too
  EXPECT_DOUBLE_EQ(log.map(2048), 100);
  const Scale y{ScaleKind::kLog10, 1, 1000, 300, 0};
  EXPECT_DOUBLE_EQ(y.map(10), 200);
  const Scale flat{ScaleKind::kLinear, 3, 3, 0, 100};
  EXPECT_DOUBLE_EQ(flat.map(3), 50);
}

LineChart simple_chart() {
  LineChart c;
  c.title = "Throughput over time";
  c.x.title = "time";
  c.x.unit = "s";
  c.y.title = "rate";
  c.y.unit = "events/s";
  c.lines.push_back({"cpu", {{1, 100}, {2, 120}, {3, 110}}});
  return c;
}

TEST(SvgChart, LineChartHasTitleAxesTicksAndUnits) {
  const std::string svg = render_line_chart(simple_chart());
  EXPECT_EQ(svg.rfind("<svg class=\"chart\"", 0), 0u) << svg;
  EXPECT_NE(svg.find("viewBox=\"0 0 640 "), std::string::npos);
  EXPECT_NE(svg.find(">Throughput over time</text>"), std::string::npos);
  EXPECT_NE(svg.find(">time [s]</text>"), std::string::npos);
  EXPECT_NE(svg.find(">rate [events/s]</text>"), std::string::npos);
  EXPECT_GE(count_occurrences(svg, "class=\"xtick\""), 3);
  EXPECT_GE(count_occurrences(svg, "class=\"ytick\""), 3);
  EXPECT_NE(svg.find(">0</text>"), std::string::npos);  // y starts at 0
  EXPECT_EQ(count_occurrences(svg, "<polyline"), 1);
  EXPECT_EQ(count_occurrences(svg, "<circle"), 3);
  EXPECT_EQ(svg.substr(svg.size() - 6), "</svg>");
}

TEST(SvgChart, PointsStayInsideThePlot) {
  const std::string svg = render_line_chart(simple_chart());
  const std::regex circle("cx=\"([-0-9.]+)\" cy=\"([-0-9.]+)\"");
  int seen = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), end; it != end; ++it, ++seen) {
    const double x = std::stod((*it)[1]);
    const double y = std::stod((*it)[2]);
    EXPECT_GE(x, 0);
    EXPECT_LE(x, 640);
    EXPECT_GE(y, 0);
    EXPECT_LE(y, 320);
  }
  EXPECT_EQ(seen, 3);
}

TEST(SvgChart, LogAxisWithByteLabels) {
  LineChart c;
  c.title = "latency";
  c.x = {"working set", "", ScaleKind::kLog2, TickFormat::kBytes, false, {}};
  c.y.title = "latency";
  c.y.unit = "ns";
  c.lines.push_back({"", {{4096, 1}, {1 << 20, 9}, {0, 5}, {-4, 5}}});
  const std::string svg = render_line_chart(c);
  EXPECT_NE(svg.find(">4 KiB</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">1 MiB</text>"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "<circle"), 2);             // 0 and -4 cannot be on a log axis
  EXPECT_EQ(svg.find("class=\"legend\""), std::string::npos);  // one unnamed line: no legend
}

TEST(SvgChart, ExplicitTicksAreUsed) {
  LineChart c = simple_chart();
  c.x.ticks = {{1, "p50"}, {3, "p99.9"}};
  const std::string svg = render_line_chart(c);
  EXPECT_NE(svg.find(">p50</text>"), std::string::npos);
  EXPECT_NE(svg.find(">p99.9</text>"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "class=\"xtick\""), 2);
}

TEST(SvgChart, NotFiniteValuesNeverReachTheSvg) {
  LineChart c = simple_chart();
  c.lines.push_back({"bad", {{NAN, 1}, {2, INFINITY}, {4, 90}, {-1.7e308, 1.7e308}}});
  const std::string svg = render_line_chart(c);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(svg.find("inf"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "<circle"), 4);
  EXPECT_EQ(count_occurrences(svg, "class=\"legend\""), 2);
}

TEST(SvgChart, EmptyDataGivesNoChart) {
  LineChart c = simple_chart();
  c.lines.clear();
  EXPECT_EQ(render_line_chart(c), "");
  c.lines.push_back({"x", {}});
  c.lines.push_back({"y", {{NAN, NAN}}});
  EXPECT_EQ(render_line_chart(c), "");
  EXPECT_EQ(render_bar_chart(BarChart{"t", "u", {}}), "");
  EXPECT_EQ(render_bar_chart(BarChart{"t", "u", {{"neg", -1, false}, {"nan", NAN, false}}}), "");
}

TEST(SvgChart, TextIsEscaped) {
  LineChart c = simple_chart();
  c.title = "a <b> & \"c\" 'd'";
  c.lines.front().name = "</svg><script>";
  c.lines.push_back({"x", {{1, 1}}});
  const std::string svg = render_line_chart(c);
  EXPECT_NE(svg.find("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;"), std::string::npos);
  EXPECT_EQ(svg.find("<script>"), std::string::npos);
  EXPECT_EQ(count_occurrences(svg, "</svg>"), 1);
  const std::string bars = render_bar_chart({"<t>", "&", {{"<l>", 1, true}}});
  EXPECT_EQ(bars.find("<t>"), std::string::npos);
  EXPECT_EQ(bars.find("<l>"), std::string::npos);
  EXPECT_NE(bars.find("&lt;l&gt;"), std::string::npos);
}

TEST(SvgChart, BarsAreProportionalAndLabelled) {
  const std::string svg = render_bar_chart(
      {"CPU scaling", "events/s", {{"1 thread", 1000, false}, {"4 threads", 4000, true}}});
  const std::regex rect("<rect x=\"[0-9.]+\" y=\"[0-9.]+\" width=\"([0-9.]+)\"");
  std::vector<double> widths;
  for (std::sregex_iterator it(svg.begin(), svg.end(), rect), end; it != end; ++it)
    widths.push_back(std::stod((*it)[1]));
  ASSERT_EQ(widths.size(), 2u) << svg;
  EXPECT_NEAR(widths[1] / widths[0], 4, 0.01);
  EXPECT_NE(svg.find(">1 thread</text>"), std::string::npos);
  EXPECT_NE(svg.find(">4000</text>"), std::string::npos);
  EXPECT_NE(svg.find(">events/s</text>"), std::string::npos);
  EXPECT_NE(svg.find("#d62728"), std::string::npos);  // the highlighted bar
}

TEST(SvgChart, LongBarLabelsAreShortenedAtACharacterBoundary) {
  const std::string label = std::string(33, 'a') + "\xc3\xa9" + "tail";  // é straddles the cut
  const std::string svg = render_bar_chart({"t", "u", {{label, 1, false}}});
  EXPECT_NE(svg.find(std::string(33, 'a') + "\xe2\x80\xa6</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("<title>" + label + "</title>"), std::string::npos);
}

TEST(HtmlText, EscapesMarkupAndControlCharacters) {
  EXPECT_EQ(html_escape("<a href='x'>&\"</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;");
  EXPECT_EQ(html_escape(std::string("a\x01z\tq", 5)), "a\xEF\xBF\xBDz\tq");
  EXPECT_EQ(html_escape("caf\xc3\xa9"), "caf\xc3\xa9");
}

TEST(HtmlText, NumbersAreShortAndNeverNan) {
  EXPECT_EQ(format_report_number(3800), "3800");
  EXPECT_EQ(format_report_number(1234.567), "1235");
  EXPECT_EQ(format_report_number(12.345), "12.35");
  EXPECT_EQ(format_report_number(0.5), "0.5");
  EXPECT_EQ(format_report_number(0.00001234), "0.000012");
  EXPECT_EQ(format_report_number(NAN), "-");
  EXPECT_EQ(format_report_number(-INFINITY), "-");
}

}  // namespace
}  // namespace hostmark
