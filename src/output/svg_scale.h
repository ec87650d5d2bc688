#pragma once
// Axis scales and ticks for the report's SVG charts: pure functions from a data range to tick
// values and from a value to a pixel position. Nothing here draws.
#include <string>
#include <vector>

namespace hostmark {

enum class ScaleKind {
  kLinear,
  kLog2,   // ticks at powers of 2 (working-set sizes in bytes)
  kLog10,  // ticks at powers of 10
};

struct Tick {
  double value = 0;
  std::string label;
};

// Maps data values in [lo, hi] to pixels in [pixel_lo, pixel_hi] (pixel_hi < pixel_lo for a
// y axis, where SVG's y grows downwards). For log scales lo and hi must be > 0.
struct Scale {
  ScaleKind kind = ScaleKind::kLinear;
  double lo = 0, hi = 1;
  double pixel_lo = 0, pixel_hi = 1;

  // A value outside [lo, hi] maps outside the pixel range (never clamped); a degenerate range
  // (lo == hi) maps everything to the middle.
  double map(double value) const;
};

// Round tick values ("nice": 1, 2 or 5 times a power of ten) that cover [lo, hi], at most about
// `max_ticks` of them, the first <= lo and the last >= hi. lo > hi is swapped; lo == hi gives a
// range around the value. Both must be finite.
std::vector<double> nice_linear_ticks(double lo, double hi, int max_ticks);

// Powers of `base` (2 or 10) from the largest one <= lo to the smallest one >= hi, every k-th
// kept so that at most `max_ticks` remain. lo and hi must be > 0 and finite.
std::vector<double> log_ticks(double lo, double hi, double base, int max_ticks);

}  // namespace hostmark
