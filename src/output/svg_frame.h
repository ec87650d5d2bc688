#pragma once
// What the report's SVG chart renderers (svg_chart.cc, svg_histogram.cc) share: the page
// geometry, the palette, axis layout (ticks and domain) and the <svg> opening. Internal to
// output/; charts are made through svg_chart.h and svg_histogram.h.
#include <array>
#include <string>
#include <vector>

#include "output/svg_chart.h"

namespace hostmark::svg {

inline constexpr std::array<const char*, 10> kPalette = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                                         "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
                                                         "#bcbd22", "#17becf"};
inline constexpr double kWidth = 640;
inline constexpr double kLineHeight = 320;
inline constexpr double kLeft = 78, kRight = 24, kTop = 40, kBottom = 56;

// "title [unit]", or the title alone.
std::string axis_title(const ChartAxis& axis);
// Finite, not so large that a range of such values overflows, and > 0 on a log axis.
bool drawable(const ChartAxis& axis, double v);

// The axis's ticks and domain for data in [lo, hi] (finite, and > 0 on a log axis).
struct AxisLayout {
  std::vector<Tick> ticks;
  double lo = 0, hi = 1;
};
AxisLayout layout_axis(const ChartAxis& axis, double lo, double hi);

// "<svg class="chart" ...>" with size, title and white background (closed by the caller).
std::string open_svg(const std::string& title, double height);
// A pixel coordinate: one decimal.
std::string px(double v);

// Grid lines, axis lines, tick labels and axis titles of a plot whose x axis spans kLeft to
// kWidth - kRight and whose y axis spans kTop to plot_bottom.
std::string plot_frame(const ChartAxis& x, const AxisLayout& xl, const Scale& xs,
                       const ChartAxis& y, const AxisLayout& yl, const Scale& ys,
                       double plot_bottom);

}  // namespace hostmark::svg
