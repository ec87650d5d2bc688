#include "results/report_data.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace hostmark {
namespace {

// "cpu.single-thread" -> ("cpu", "single-thread"); "single-thread" -> ("", "single-thread").
std::pair<std::string, std::string> split_step(const std::string& phase) {
  const auto dot = phase.rfind('.');
  if (dot == std::string::npos) return {"", phase};
  return {phase.substr(0, dot), phase.substr(dot + 1)};
}

}  // namespace

DisplayTimeUnit time_unit_for(double max_ns) {
  if (max_ns >= 1e9) return {"s", 1e9};
  if (max_ns >= 1e6) return {"ms", 1e6};
  if (max_ns >= 1e3) return {"\u00b5s", 1e3};
  return {"ns", 1};
}

double percentile_nines(double percent) { return -std::log10(1 - percent / 100); }

std::vector<PercentilePoint> percentile_curve(const LatencyStats& latency) {
  std::vector<PercentilePoint> out;
  for (const auto& entry : latency.percentiles_ns) {
    const double percent = entry.first;  // not a structured binding: clang 14 cannot capture one
    const auto value_ns = entry.second;
    if (!(percent >= 0 && percent < 100)) continue;
    const bool seen = std::any_of(out.begin(), out.end(),
                                  [&](const PercentilePoint& p) { return p.percent == percent; });
    if (!seen) out.push_back({percent, static_cast<double>(value_ns)});
  }
  std::sort(out.begin(), out.end(), [](const PercentilePoint& a, const PercentilePoint& b) {
    return a.percent < b.percent;
  });
  return out;
}

std::vector<CpuScaling> cpu_scalings(const Result& result) {
  std::vector<CpuScaling> out;
  for (const auto& single : result.phases) {
    const auto [step, name] = split_step(single.name);
    if (name != "single-thread") continue;
    const std::string all_name = step.empty() ? "all-threads" : step + ".all-threads";
    for (const auto& all : result.phases) {
      if (all.name != all_name) continue;
      const Metric* s = single.metric("events_per_s");
      const Metric* a = all.metric("events_per_s");
      if (s == nullptr || a == nullptr) continue;
      const Metric* threads = all.metric("threads");
      const int n = threads != nullptr ? static_cast<int>(threads->value) : 0;
      out.push_back({step, s->value, a->value, n, s->value * n});
    }
  }
  return out;
}

bool is_rate_unit(const std::string& unit) {
  return unit == "tps" || unit == "qps" || (unit.size() > 2 && unit.ends_with("/s"));
}

std::vector<ValueGroup> rate_groups(const Result& result) {
  std::vector<ValueGroup> out;
  // Across phases: in order of the first phase holding the metric.
  for (const auto& phase : result.phases) {
    for (const auto& m : phase.metrics) {
      if (!is_rate_unit(m.unit)) continue;
      const bool done = std::any_of(out.begin(), out.end(), [&](const ValueGroup& g) {
        return g.title == m.name + " by phase" && g.unit == m.unit;
      });
      if (done) continue;
      ValueGroup g{m.name + " by phase", m.unit, {}};
      for (const auto& p : result.phases)
        for (const auto& other : p.metrics)
          if (other.name == m.name && other.unit == m.unit)
            g.values.emplace_back(p.name, other.value);
      if (g.values.size() >= 2) out.push_back(std::move(g));
    }
  }
  // Within a phase: each unit with 2 or more rate metrics.
  for (const auto& phase : result.phases) {
    std::vector<ValueGroup> by_unit;
    for (const auto& m : phase.metrics) {
      if (!is_rate_unit(m.unit)) continue;
      auto it = std::find_if(by_unit.begin(), by_unit.end(),
                             [&](const ValueGroup& g) { return g.unit == m.unit; });
      if (it == by_unit.end()) {
        by_unit.push_back({phase.name, m.unit, {}});
        it = std::prev(by_unit.end());
      }
      it->values.emplace_back(m.name, m.value);
    }
    for (auto& g : by_unit)
      if (g.values.size() >= 2) out.push_back(std::move(g));
  }
  return out;
}

std::vector<ActivityRow> activity_rows(const Result& result) {
  std::vector<ActivityRow> out;
  for (const auto& phase : result.phases) {
    if (!phase.activity) continue;
    const PhaseActivity& a = *phase.activity;
    ActivityRow row;
    row.phase = phase.name;
    if (a.device) {
      const monitor::DiskRates& d = *a.device;
      row.has_device = true;
      row.device_util_pct = d.util_pct;
      row.device_requests_per_s = d.r_s + d.w_s + d.d_s;
      const double rw = d.r_s + d.w_s;
      row.device_await_ms = rw > 0 ? (d.r_await_ms * d.r_s + d.w_await_ms * d.w_s) / rw : 0;
    }
    row.cpu_busy_pct = std::max(0.0, 100 - a.cpu.idle);
    row.cpu_iowait_pct = a.cpu.iowait;
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<ReferenceBars> reference_bars(const std::vector<Figure>& figures,
                                          const std::vector<const ReferenceMachine*>& references) {
  std::vector<ReferenceBars> out;
  for (const auto& f : figures) {
    ReferenceBars bars{f, {}};
    for (const ReferenceMachine* r : references) {
      if (r == nullptr) continue;
      for (const auto& rf : r->figures)
        if (rf.key == f.key) bars.references.emplace_back(r->label, rf.value);
    }
    if (!bars.references.empty()) out.push_back(std::move(bars));
  }
  return out;
}

std::vector<FigureRow> figures_side_by_side(const std::vector<std::vector<Figure>>& results) {
  std::vector<FigureRow> rows;
  std::map<std::string, std::size_t> row_of_key;
  for (std::size_t i = 0; i < results.size(); ++i) {
    for (const auto& f : results[i]) {
      auto [it, inserted] = row_of_key.emplace(f.key, rows.size());
      if (inserted) {
        rows.push_back({f.key, f.label, f.unit, f.higher_is_better,
                        std::vector<std::optional<double>>(results.size()),
                        std::vector<std::optional<double>>(results.size())});
      }
      FigureRow& row = rows[it->second];
      if (!row.values[i]) row.values[i] = f.value;  // a repeated key keeps its first value
    }
  }
  for (auto& row : rows) {
    const auto& base = row.values.front();
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      if (base && row.values[i] && *base != 0 && std::isfinite(*base) &&
          std::isfinite(*row.values[i]))
        row.diff_pct[i] = (*row.values[i] - *base) / *base * 100;
    }
  }
  return rows;
}

}  // namespace hostmark
