#include "output/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "cli/units.h"
#include "output/html_text.h"
#include "output/svg_frame.h"

namespace hostmark {

using svg::AxisLayout;
using svg::drawable;
using svg::kBottom;
using svg::kLeft;
using svg::kLineHeight;
using svg::kPalette;
using svg::kRight;
using svg::kTop;
using svg::kWidth;
using svg::layout_axis;
using svg::open_svg;
using svg::plot_frame;
using svg::px;

namespace {

constexpr std::size_t kMaxDots = 60;  // longer lines (time series) are drawn without markers

// At most `max_bytes` of `text`, cut at a UTF-8 character boundary, with "…" when cut.
std::string shorten(const std::string& text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "\u2026";
}

}  // namespace

std::string render_line_chart(const LineChart& chart) {
  // Only the points both axes can show.
  std::vector<LineSeries> lines;
  double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY;
  for (const auto& line : chart.lines) {
    LineSeries kept{line.name, {}};
    for (const auto& [x, y] : line.points) {
      if (!drawable(chart.x, x) || !drawable(chart.y, y)) continue;
      kept.points.emplace_back(x, y);
      x_lo = std::min(x_lo, x);
      x_hi = std::max(x_hi, x);
      y_lo = std::min(y_lo, y);
      y_hi = std::max(y_hi, y);
    }
    if (!kept.points.empty()) lines.push_back(std::move(kept));
  }
  if (lines.empty()) return "";

  const bool legend = lines.size() > 1 || !lines.front().name.empty();
  const double height = kLineHeight + (legend ? 18.0 * static_cast<double>(lines.size()) : 0);
  const double plot_bottom = kLineHeight - kBottom;
  const AxisLayout xl = layout_axis(chart.x, x_lo, x_hi);
  const AxisLayout yl = layout_axis(chart.y, y_lo, y_hi);
  const Scale xs{chart.x.scale, xl.lo, xl.hi, kLeft, kWidth - kRight};
  const Scale ys{chart.y.scale, yl.lo, yl.hi, plot_bottom, kTop};

  std::string svg = open_svg(chart.title, height);
  svg += plot_frame(chart.x, xl, xs, chart.y, yl, ys, plot_bottom);

  for (std::size_t i = 0; i < lines.size(); ++i) {
    const char* colour = kPalette[i % kPalette.size()];
    std::string points;
    std::string dots;
    for (const auto& [x, y] : lines[i].points) {
      if (!points.empty()) points += ' ';
      points += fmt::format("{},{}", px(xs.map(x)), px(ys.map(y)));
      if (lines[i].points.size() <= kMaxDots)
        dots +=
            fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"2.5\"/>", px(xs.map(x)), px(ys.map(y)));
    }
    svg += fmt::format(
        "<g class=\"series\" fill=\"{0}\"><polyline fill=\"none\" stroke=\"{0}\" "
        "stroke-width=\"2\" points=\"{1}\"/>{2}</g>",
        colour, points, dots);
    if (legend) {
      const double y = kLineHeight + 18.0 * static_cast<double>(i);
      svg += fmt::format(
          "<g class=\"legend\" font-size=\"12\"><rect x=\"{}\" y=\"{}\" width=\"12\" "
          "height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text></g>",
          px(kLeft), px(y - 10), colour, px(kLeft + 18), px(y), html_escape(lines[i].name));
    }
  }
  svg += "</svg>";
  return svg;
}

std::string render_bar_chart(const BarChart& chart) {
  std::vector<Bar> bars;
  double max_value = 0;
  for (const auto& b : chart.bars) {
    if (!std::isfinite(b.value) || b.value < 0 || b.value >= 1e300) continue;
    bars.push_back(b);
    max_value = std::max(max_value, b.value);
  }
  if (bars.empty()) return "";

  constexpr double kBarLabelWidth = 230, kBarHeight = 20, kGap = 8;
  const double plot_top = kTop;
  const double plot_bottom = plot_top + (kBarHeight + kGap) * static_cast<double>(bars.size());
  const double height = plot_bottom + 44;
  const ChartAxis axis{"", chart.unit, ScaleKind::kLinear, TickFormat::kNumber, true, {}};
  const AxisLayout xl = layout_axis(axis, 0, max_value);
  const Scale xs{ScaleKind::kLinear, xl.lo, xl.hi, kBarLabelWidth, kWidth - kRight - 40};

  std::string svg = open_svg(chart.title, height);
  svg += "<g class=\"grid\" stroke=\"#ddd\" stroke-width=\"1\">";
  for (const auto& t : xl.ticks)
    svg += fmt::format("<line x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\"/>", px(xs.map(t.value)),
                       px(plot_top), px(plot_bottom));
  svg += "</g><g class=\"ticks\" font-size=\"11\" fill=\"#333\">";
  for (const auto& t : xl.ticks)
    svg += fmt::format("<text class=\"xtick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                       px(xs.map(t.value)), px(plot_bottom + 16), html_escape(t.label));
  svg += "</g>";
  svg += fmt::format(
      "<text class=\"xlabel\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
      px((kBarLabelWidth + kWidth - kRight) / 2), px(plot_bottom + 36), html_escape(chart.unit));
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const double y = plot_top + (kBarHeight + kGap) * static_cast<double>(i);
    const double x1 = xs.map(bars[i].value);
    svg += fmt::format(
        "<g class=\"bar\"><title>{}</title><text x=\"{}\" y=\"{}\" text-anchor=\"end\" "
        "font-size=\"12\">{}</text>"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>"
        "<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text></g>",
        html_escape(bars[i].label), px(kBarLabelWidth - 8), px(y + 14),
        html_escape(shorten(bars[i].label, 34)), px(kBarLabelWidth), px(y),
        px(std::max(0.0, x1 - kBarLabelWidth)), px(kBarHeight),
        bars[i].highlight ? "#d62728" : "#1f77b4", px(x1 + 4), px(y + 14),
        html_escape(format_report_number(bars[i].value)));
  }
  svg += fmt::format(
      "<line class=\"axis\" x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#333\"/>",
      px(kBarLabelWidth), px(plot_top), px(plot_bottom));
  svg += "</svg>";
  return svg;
}

}  // namespace hostmark
