#pragma once
// A histogram chart for the HTML report: vertical bars over a logarithmic (base 10) x axis, each
// bar spanning its bin's [lower, upper) range, its height the bin's value (e.g. % of I/Os with a
// latency in the bin). Only draws; the bins come from results/report_series.h.
#include <string>
#include <vector>

#include "output/svg_chart.h"

namespace hostmark {

struct HistogramBar {
  double lower = 0;  // in the x axis's unit, > 0
  double upper = 0;  // > lower
  double value = 0;  // >= 0
};

struct HistogramChart {
  std::string title;
  ChartAxis x;  // its scale is taken as kLog10
  ChartAxis y;  // linear, from 0
  std::vector<HistogramBar> bars;
};

// One <svg class="chart" ...>, or "" when no bar is drawable (bounds not > 0 and finite,
// upper <= lower, value negative or not finite).
std::string render_histogram_chart(const HistogramChart& chart);

}  // namespace hostmark
