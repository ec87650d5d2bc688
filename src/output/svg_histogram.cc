#include "output/svg_histogram.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "output/html_text.h"
#include "output/svg_frame.h"

namespace hostmark {

std::string render_histogram_chart(const HistogramChart& chart) {
  ChartAxis x = chart.x;
  x.scale = ScaleKind::kLog10;
  x.include_zero = false;
  ChartAxis y = chart.y;
  y.scale = ScaleKind::kLinear;
  y.include_zero = true;
  std::vector<HistogramBar> bars;
  double x_lo = INFINITY, x_hi = -INFINITY, y_hi = 0;
  for (const auto& b : chart.bars) {
    if (!svg::drawable(x, b.lower) || !svg::drawable(x, b.upper) || !(b.upper > b.lower) ||
        !svg::drawable(y, b.value) || b.value < 0)
      continue;
    bars.push_back(b);
    x_lo = std::min(x_lo, b.lower);
    x_hi = std::max(x_hi, b.upper);
    y_hi = std::max(y_hi, b.value);
  }
  if (bars.empty()) return "";

  const double plot_bottom = svg::kLineHeight - svg::kBottom;
  const svg::AxisLayout xl = svg::layout_axis(x, x_lo, x_hi);
  const svg::AxisLayout yl = svg::layout_axis(y, 0, y_hi);
  const Scale xs{ScaleKind::kLog10, xl.lo, xl.hi, svg::kLeft, svg::kWidth - svg::kRight};
  const Scale ys{ScaleKind::kLinear, yl.lo, yl.hi, plot_bottom, svg::kTop};

  std::string out = svg::open_svg(chart.title, svg::kLineHeight);
  out += svg::plot_frame(x, xl, xs, y, yl, ys, plot_bottom);
  out += fmt::format("<g class=\"bars\" fill=\"{}\">", svg::kPalette[0]);
  for (const auto& b : bars) {
    const double left = xs.map(b.lower);
    const double right = xs.map(b.upper);
    const double top = ys.map(b.value);
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{} to {} {}: {} {}</title>"
        "</rect>",
        svg::px(left), svg::px(top), svg::px(std::max(0.5, right - left - 0.5)),
        svg::px(std::max(0.0, plot_bottom - top)), html_escape(format_report_number(b.lower)),
        html_escape(format_report_number(b.upper)), html_escape(x.unit),
        html_escape(format_report_number(b.value)), html_escape(y.unit));
  }
  out += "</g></svg>";
  return out;
}

}  // namespace hostmark
