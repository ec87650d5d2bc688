#include "output/svg_frame.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "cli/units.h"
#include "output/html_text.h"

namespace hostmark::svg {
namespace {

constexpr int kMaxTicks = 7;
constexpr int kMaxLogTicks = 9;  // powers of 2 from 4 KiB to 64 MiB every 4x

std::string tick_label(const ChartAxis& axis, double value) {
  if (axis.format == TickFormat::kBytes && value >= 1 && value < 1.8e19)
    return format_bytes_binary(static_cast<std::uint64_t>(std::llround(value)));
  return format_report_number(value);
}

}  // namespace

std::string axis_title(const ChartAxis& axis) {
  if (axis.unit.empty()) return axis.title;
  return fmt::format("{} [{}]", axis.title, axis.unit);
}

bool drawable(const ChartAxis& axis, double v) {
  return std::isfinite(v) && std::fabs(v) < 1e300 && (axis.scale == ScaleKind::kLinear || v > 0);
}

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

std::string plot_frame(const ChartAxis& x, const AxisLayout& xl, const Scale& xs,
                       const ChartAxis& y, const AxisLayout& yl, const Scale& ys,
                       double plot_bottom) {
  std::string svg = "<g class=\"grid\" stroke=\"#ddd\" stroke-width=\"1\">";
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
      px((kLeft + kWidth - kRight) / 2), px(plot_bottom + 38), html_escape(axis_title(x)));
  svg += fmt::format(
      "<text class=\"ylabel\" x=\"0\" y=\"0\" transform=\"translate(16 {}) rotate(-90)\" "
      "text-anchor=\"middle\" font-size=\"12\">{}</text>",
      px((kTop + plot_bottom) / 2), html_escape(axis_title(y)));
  return svg;
}

}  // namespace hostmark::svg
