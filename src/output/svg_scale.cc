#include "output/svg_scale.h"

#include <algorithm>
#include <cmath>

namespace hostmark {
namespace {

double transform(ScaleKind kind, double v) {
  switch (kind) {
    case ScaleKind::kLog2: return std::log2(v);
    case ScaleKind::kLog10: return std::log10(v);
    case ScaleKind::kLinear: break;
  }
  return v;
}

// 1, 2 or 5 times a power of ten, the smallest such step >= raw.
double nice_step(double raw) {
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw * (1 - 1e-9)) return m * power;
  return 10 * power;
}

}  // namespace

double Scale::map(double value) const {
  const double a = transform(kind, lo);
  const double b = transform(kind, hi);
  if (a == b) return (pixel_lo + pixel_hi) / 2;
  return pixel_lo + (transform(kind, value) - a) / (b - a) * (pixel_hi - pixel_lo);
}

std::vector<double> nice_linear_ticks(double lo, double hi, int max_ticks) {
  if (lo > hi) std::swap(lo, hi);
  if (lo == hi) {
    const double pad = lo == 0 ? 1 : std::fabs(lo) / 2;
    lo -= pad;
    hi += pad;
  }
  const int intervals = std::max(1, max_ticks - 1);
  const double step = nice_step((hi - lo) / intervals);
  const double first = std::floor(lo / step + 1e-9) * step;
  std::vector<double> ticks;
  for (double t = first;; t += step) {
    // Snap to the step grid so 0.1 + 0.2 prints as 0.3, and -0 as 0.
    double snapped = std::round(t / step) * step;
    if (snapped == 0) snapped = 0;
    ticks.push_back(snapped);
    if (snapped >= hi - step * 1e-9 || ticks.size() > 1000) break;
  }
  return ticks;
}

std::vector<double> log_ticks(double lo, double hi, double base, int max_ticks) {
  if (lo > hi) std::swap(lo, hi);
  const double log_base = std::log(base);
  const int first = static_cast<int>(std::floor(std::log(lo) / log_base + 1e-9));
  int last = static_cast<int>(std::ceil(std::log(hi) / log_base - 1e-9));
  if (last == first) ++last;
  const int count = last - first + 1;
  const int every = std::max(1, (count + max_ticks - 1) / std::max(1, max_ticks));
  std::vector<double> ticks;
  // Keep the first and the last power so the ticks cover the range.
  for (int e = first; e < last; e += every) ticks.push_back(std::pow(base, e));
  ticks.push_back(std::pow(base, first + ((last - first + every - 1) / every) * every));
  return ticks;
}

}  // namespace hostmark
