// The charts of one result in the HTML report (output/html_parts.h): what results/report_data.h
// shaped, drawn by output/svg_chart.h.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "output/html_parts.h"
#include "output/svg_chart.h"
#include "output/svg_histogram.h"
#include "results/report_data.h"
#include "results/report_series.h"

namespace hostmark {
namespace {

constexpr std::size_t kMaxReferenceCharts = 12;

ChartAxis axis(std::string title, std::string unit) {
  ChartAxis a;
  a.title = std::move(title);
  a.unit = std::move(unit);
  return a;
}

std::string boxed(const std::string& svg) {
  if (svg.empty()) return "";
  return "<figure class=\"chart-box\">" + svg + "</figure>\n";
}

std::string interval_chart(const Result& r) {
  LineChart chart{"Throughput over time", axis("time", "s"), axis("rate", "events/s"), {}};
  for (const auto& p : r.phases) {
    if (p.intervals.empty()) continue;
    LineSeries line{p.name, {}};
    for (const auto& s : p.intervals) line.points.emplace_back(s.time_s, s.events_per_s);
    chart.lines.push_back(std::move(line));
  }
  return boxed(render_line_chart(chart));
}

std::string percentile_chart(const Result& r) {
  LineChart chart{"Latency percentiles", axis("percentile", ""), axis("latency", ""), {}};
  double max_ns = 0, min_ns = INFINITY;
  std::vector<double> percents;  // where the ticks go
  std::vector<std::pair<std::string, std::vector<PercentilePoint>>> curves;
  const auto tick_at = [&percents](double pc) {
    if (std::find(percents.begin(), percents.end(), pc) == percents.end()) percents.push_back(pc);
  };
  for (const auto& p : r.phases) {
    if (!p.latency_histogram.empty()) {  // a dense curve; ticks at the usual percentiles
      auto curve = histogram_percentile_curve(p.latency_histogram);
      for (const double pc : {50.0, 90.0, 99.0, 99.9, 99.99, 99.999, 99.9999})
        if (!curve.empty() && pc <= curve.back().percent) tick_at(pc);
      curves.emplace_back(p.name, std::move(curve));
    } else if (p.latency && p.latency->count > 0) {
      auto curve = percentile_curve(*p.latency);
      for (const auto& pt : curve) tick_at(pt.percent);
      curves.emplace_back(p.name, std::move(curve));
    } else {
      continue;
    }
    for (const auto& pt : curves.back().second) {
      max_ns = std::max(max_ns, pt.value_ns);
      if (pt.value_ns > 0) min_ns = std::min(min_ns, pt.value_ns);
    }
    if (curves.back().second.empty()) curves.pop_back();
  }
  if (curves.empty()) return "";
  const DisplayTimeUnit unit = time_unit_for(max_ns);
  chart.y.unit = unit.name;
  // Phases that differ 50x or more (sequential vs random I/O) share a log axis.
  if (min_ns > 0 && max_ns / min_ns >= 50) {
    chart.y.scale = ScaleKind::kLog10;
    chart.y.include_zero = false;
  }
  std::sort(percents.begin(), percents.end());
  double last_nines = -1;
  for (const double pc : percents) {
    const double nines = percentile_nines(pc);
    if (nines - last_nines < 0.25) continue;  // labels would overlap
    chart.x.ticks.push_back({nines, fmt::format("p{}", pc)});
    last_nines = nines;
  }
  for (auto& [name, curve] : curves) {
    LineSeries line{name, {}};
    for (const auto& pt : curve)
      line.points.emplace_back(percentile_nines(pt.percent), pt.value_ns / unit.ns);
    chart.lines.push_back(std::move(line));
  }
  return boxed(render_line_chart(chart));
}

// One rate over time of one phase: a line per direction that did something.
std::string over_time_chart(const std::string& what, const std::string& unit,
                            const std::string& phase, std::vector<LineSeries> lines) {
  LineChart c{
      fmt::format("{} over time: {}", what, phase), axis("time", "s"), axis(what, unit), {}};
  for (auto& line : lines) {
    const bool any = std::any_of(line.points.begin(), line.points.end(),
                                 [](const auto& pt) { return pt.second > 0; });
    if (any) c.lines.push_back(std::move(line));
  }
  return boxed(render_line_chart(c));
}

// IOPS and bandwidth (I/O phases) or events/s over time, one chart each per phase.
std::string time_series_charts(const Result& r) {
  std::string out;
  for (const auto& p : r.phases) {
    if (!p.time_series) continue;
    RatesOverTime rates = rates_over_time(*p.time_series);
    if (p.time_series->io()) {
      out += over_time_chart(
          "IOPS", "IO/s", p.name,
          {{"read", std::move(rates.read_iops)}, {"write", std::move(rates.write_iops)}});
      out += over_time_chart(
          "bandwidth", "MB/s", p.name,
          {{"read", std::move(rates.read_mb_per_s)}, {"write", std::move(rates.write_mb_per_s)}});
    } else {
      out += over_time_chart("rate", "events/s", p.name, {{"", std::move(rates.events_per_s)}});
    }
  }
  return out;
}

// The latency histogram of each phase that keeps one: % of operations per bin, log-x.
std::string histogram_charts(const Result& r) {
  std::string out;
  for (const auto& p : r.phases) {
    if (p.latency_histogram.empty()) continue;
    const auto bins = latency_bins(p.latency_histogram);
    if (bins.empty()) continue;
    const DisplayTimeUnit unit = time_unit_for(bins.back().upper_ns);
    HistogramChart chart{fmt::format("Latency histogram: {}", p.name),
                         axis("latency", unit.name),
                         axis("share of operations", "%"),
                         {}};
    for (const auto& b : bins)
      chart.bars.push_back({b.lower_ns / unit.ns, b.upper_ns / unit.ns, b.percent});
    out += boxed(render_histogram_chart(chart));
  }
  return out;
}

std::string scaling_charts(const Result& r) {
  std::string out;
  for (const auto& s : cpu_scalings(r)) {
    BarChart chart{s.step.empty() ? "CPU scaling" : fmt::format("CPU scaling ({})", s.step),
                   "events/s",
                   {{"1 thread", s.single_events_per_s, false},
                    {fmt::format("{} threads", s.all_threads), s.all_events_per_s, true}}};
    if (s.ideal_events_per_s > 0)
      chart.bars.push_back(
          {fmt::format("ideal for {} threads", s.all_threads), s.ideal_events_per_s, false});
    out += boxed(render_bar_chart(chart));
  }
  return out;
}

std::string series_charts(const Result& r) {
  std::string out;
  for (const auto& p : r.phases) {
    for (const auto& s : p.series) {
      const bool bytes = s.x_unit == "bytes";
      const std::string title = s.name == "load_latency" ? "Memory load latency by working-set size"
                                                         : fmt::format("{} ({})", s.name, p.name);
      LineChart chart{title,
                      axis(bytes ? "working set" : "x", bytes ? "" : s.x_unit),
                      axis(s.name == "load_latency" ? "latency per load" : s.name, s.y_unit),
                      {{"", s.points}}};
      if (bytes) {
        chart.x.scale = ScaleKind::kLog2;
        chart.x.format = TickFormat::kBytes;
        chart.x.include_zero = false;
      }
      out += boxed(render_line_chart(chart));
    }
  }
  return out;
}

std::string rate_charts(const Result& r) {
  std::string out;
  for (const auto& g : rate_groups(r)) {
    BarChart chart{g.title, g.unit, {}};
    for (const auto& [name, value] : g.values) chart.bars.push_back({name, value, false});
    out += boxed(render_bar_chart(chart));
  }
  return out;
}

std::string activity_charts(const Result& r) {
  const auto rows = activity_rows(r);
  if (rows.empty()) return "";
  BarChart util{"Device utilisation by phase", "%util", {}};
  BarChart requests{"Device requests by phase", "IO/s", {}};
  BarChart cpu{"CPU busy by phase (all CPUs)", "%", {}};
  for (const auto& a : rows) {
    if (a.has_device) {
      util.bars.push_back({a.phase, a.device_util_pct, false});
      requests.bars.push_back({a.phase, a.device_requests_per_s, false});
    }
    cpu.bars.push_back({a.phase, a.cpu_busy_pct, false});
  }
  return boxed(render_bar_chart(util)) + boxed(render_bar_chart(requests)) +
         boxed(render_bar_chart(cpu));
}

std::string reference_charts(const ReportEntry& e) {
  std::string out;
  const auto groups = reference_bars(e.figures, e.references);
  for (std::size_t i = 0; i < groups.size() && i < kMaxReferenceCharts; ++i) {
    const ReferenceBars& g = groups[i];
    BarChart chart{
        fmt::format("{} vs references", g.figure.label),
        fmt::format("{}{}", g.figure.unit,
                    g.figure.higher_is_better ? " (higher is better)" : " (lower is better)"),
        {{fmt::format("this host ({})", e.result.context.hostname), g.figure.value, true}}};
    for (const auto& [label, value] : g.references) chart.bars.push_back({label, value, false});
    out += boxed(render_bar_chart(chart));
  }
  return out;
}

}  // namespace

std::string html_result_charts(const ReportEntry& entry) {
  const Result& r = entry.result;
  return interval_chart(r) + time_series_charts(r) + percentile_chart(r) + histogram_charts(r) +
         scaling_charts(r) + series_charts(r) + rate_charts(r) + activity_charts(r) +
         reference_charts(entry);
}

}  // namespace hostmark
