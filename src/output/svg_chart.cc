#include "output/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "cli/units.h"
#include "output/html_text.h"

namespace hostmark {
namespace {

constexpr std::array<const char*, 10> kPalette = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                                  "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f",
                                                  "#bcbd22", "#17becf"};
constexpr double kWidth = 640;
constexpr double kLineHeight = 320;
constexpr double kLeft = 78, kRight = 24, kTop = 40, kBottom = 56;
constexpr int kMaxTicks = 7;
constexpr int kMaxLogTicks = 9;  // powers of 2 from 4 KiB to 64 MiB every 4x

std::string axis_title(const ChartAxis& axis) {
  if (axis.unit.empty()) return axis.title;
  return fmt::format("{} [{}]", axis.title, axis.unit);
}

std::string tick_label(const ChartAxis& axis, double value) {
  if (axis.format == TickFormat::kBytes && value >= 1 && value < 1.8e19)
    return format_bytes_binary(static_cast<std::uint64_t>(std::llround(value)));
  return format_report_number(value);
}

// Finite, not so large that a range of such values overflows, and > 0 on a log axis.
bool drawable(const ChartAxis& axis, double v) {
  return std::isfinite(v) && std::fabs(v) < 1e300 && (axis.scale == ScaleKind::kLinear || v > 0);
}

// The axis's ticks and domain for data in [lo, hi] (finite, and > 0 on a log axis).
struct AxisLayout {
  std::vector<Tick> ticks;
  double lo = 0, hi = 1;
};

AxisLayout layout_axis(const ChartAxis& axis, double lo, double hi) {
  AxisLayout out;
  if (!axis.ticks.empty()) {
    for (const auto& t : axis.ticks)
      if (drawable(axis, t.value)) out.ticks.push_back(t);
  }
  if (out.ticks.empty()) {
    std::vector<double> values;
    if (axis.scale == ScaleKind::kLinear) {
      if (axis.include_zero) {
        lo = std::min(lo, 0.0);
        hi = std::max(hi, 0.0);
      }
      values = nice_linear_ticks(lo, hi, kMaxTicks);
    } else {
      values = log_ticks(lo, hi, axis.scale == ScaleKind::kLog2 ? 2 : 10, kMaxLogTicks);
    }
    for (const double v : values) out.ticks.push_back({v, tick_label(axis, v)});
  }
  out.lo = std::min(lo, out.ticks.front().value);
  out.hi = std::max(hi, out.ticks.back().value);
  for (const auto& t : out.ticks) {
    out.lo = std::min(out.lo, t.value);
    out.hi = std::max(out.hi, t.value);
  }
  return out;
}

std::string open_svg(const std::string& title, double height) {
  return fmt::format(
      "<svg class=\"chart\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"{2}\"><title>{2}</title>"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"#fff\"/>"
      "<text class=\"title\" x=\"{3}\" y=\"22\" text-anchor=\"middle\" font-size=\"15\" "
      "font-weight=\"bold\">{2}</text>",
      kWidth, height, html_escape(title), kWidth / 2);
}

std::string px(double v) { return fmt::format("{:.1f}", v); }

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
  svg += "<g class=\"grid\" stroke=\"#ddd\" stroke-width=\"1\">";
  for (const auto& t : yl.ticks)
    svg += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>", px(kLeft),
                       px(kWidth - kRight), px(ys.map(t.value)), px(ys.map(t.value)));
  for (const auto& t : xl.ticks)
    svg += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/>", px(xs.map(t.value)),
                       px(xs.map(t.value)), px(kTop), px(plot_bottom));
  svg += "</g>";
  // Axes, then tick labels.
  svg += fmt::format(
      "<g class=\"axes\" stroke=\"#333\" stroke-width=\"1\"><line x1=\"{0}\" x2=\"{1}\" y1=\"{2}\" "
      "y2=\"{2}\"/><line x1=\"{0}\" x2=\"{0}\" y1=\"{3}\" y2=\"{2}\"/></g>",
      px(kLeft), px(kWidth - kRight), px(plot_bottom), px(kTop));
  svg += "<g class=\"ticks\" font-size=\"11\" fill=\"#333\">";
  for (const auto& t : xl.ticks)
    svg += fmt::format("<text class=\"xtick\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                       px(xs.map(t.value)), px(plot_bottom + 16), html_escape(t.label));
  for (const auto& t : yl.ticks)
    svg += fmt::format("<text class=\"ytick\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
                       px(kLeft - 6), px(ys.map(t.value) + 4), html_escape(t.label));
  svg += "</g>";
  svg += fmt::format(
      "<text class=\"xlabel\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
      px((kLeft + kWidth - kRight) / 2), px(plot_bottom + 38), html_escape(axis_title(chart.x)));
  svg += fmt::format(
      "<text class=\"ylabel\" x=\"0\" y=\"0\" transform=\"translate(16 {}) rotate(-90)\" "
      "text-anchor=\"middle\" font-size=\"12\">{}</text>",
      px((kTop + plot_bottom) / 2), html_escape(axis_title(chart.y)));

  for (std::size_t i = 0; i < lines.size(); ++i) {
    const char* colour = kPalette[i % kPalette.size()];
    std::string points;
    std::string dots;
    for (const auto& [x, y] : lines[i].points) {
      if (!points.empty()) points += ' ';
      points += fmt::format("{},{}", px(xs.map(x)), px(ys.map(y)));
      dots += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"2.5\"/>", px(xs.map(x)), px(ys.map(y)));
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

  constexpr double kLabelWidth = 230, kBarHeight = 20, kGap = 8;
  const double plot_top = kTop;
  const double plot_bottom = plot_top + (kBarHeight + kGap) * static_cast<double>(bars.size());
  const double height = plot_bottom + 44;
  const ChartAxis axis{"", chart.unit, ScaleKind::kLinear, TickFormat::kNumber, true, {}};
  const AxisLayout xl = layout_axis(axis, 0, max_value);
  const Scale xs{ScaleKind::kLinear, xl.lo, xl.hi, kLabelWidth, kWidth - kRight - 40};

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
      px((kLabelWidth + kWidth - kRight) / 2), px(plot_bottom + 36), html_escape(chart.unit));
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const double y = plot_top + (kBarHeight + kGap) * static_cast<double>(i);
    const double x1 = xs.map(bars[i].value);
    svg += fmt::format(
        "<g class=\"bar\"><title>{}</title><text x=\"{}\" y=\"{}\" text-anchor=\"end\" "
        "font-size=\"12\">{}</text>"
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>"
        "<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text></g>",
        html_escape(bars[i].label), px(kLabelWidth - 8), px(y + 14),
        html_escape(shorten(bars[i].label, 34)), px(kLabelWidth), px(y),
        px(std::max(0.0, x1 - kLabelWidth)), px(kBarHeight),
        bars[i].highlight ? "#d62728" : "#1f77b4", px(x1 + 4), px(y + 14),
        html_escape(format_report_number(bars[i].value)));
  }
  svg += fmt::format(
      "<line class=\"axis\" x1=\"{0}\" x2=\"{0}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#333\"/>",
      px(kLabelWidth), px(plot_top), px(plot_bottom));
  svg += "</svg>";
  return svg;
}

}  // namespace hostmark
