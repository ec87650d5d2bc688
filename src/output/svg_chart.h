#pragma once
// Inline SVG charts for the HTML report: line charts (a value over time, a latency percentile
// curve, latency by working-set size) and horizontal bar charts, each with a title, axes, ticks
// and units. The builders only draw what they are given; data shaping is results/report_data.h.
// Every text is escaped; points that are not finite (or not > 0 on a log axis) are left out; a
// chart with nothing left to draw renders as "" (no chart rather than a broken one).
#include <string>
#include <utility>
#include <vector>

#include "output/svg_scale.h"

namespace hostmark {

enum class TickFormat {
  kNumber,  // format_report_number
  kBytes,   // binary sizes: "4 KiB", "1 MiB"
};

struct ChartAxis {
  std::string title;  // "time", "working set"
  std::string unit;   // "s", "ns", "events/s" (shown as "title [unit]"; "" = none)
  ScaleKind scale = ScaleKind::kLinear;
  TickFormat format = TickFormat::kNumber;
  bool include_zero = true;  // linear axes start at 0 unless the data is negative
  std::vector<Tick> ticks;   // explicit ticks (value, label); empty = computed from the data
};

struct LineSeries {
  std::string name;                               // legend text ("" = no legend entry)
  std::vector<std::pair<double, double>> points;  // (x, y) in the axes' units, in drawing order
};

struct LineChart {
  std::string title;
  ChartAxis x, y;
  std::vector<LineSeries> lines;
};

struct Bar {
  std::string label;
  double value = 0;
  bool highlight = false;  // drawn in the accent colour (e.g. the measured host among references)
};

// Horizontal bars from 0; values must be >= 0 (negative or non-finite bars are left out).
struct BarChart {
  std::string title;
  std::string unit;  // of the values: "events/s", "MB/s", "%"
  std::vector<Bar> bars;
};

// One <svg class="chart" ...> element with width, height and viewBox set, or "".
std::string render_line_chart(const LineChart& chart);
std::string render_bar_chart(const BarChart& chart);

}  // namespace hostmark
