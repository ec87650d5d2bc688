#pragma once
// sysbench.histogram.new(size, min, max) of a Lua script: `size` buckets spaced evenly in log
// between min and max (a value goes to the nearest, clamped to the ends), printed as sysbench
// prints its histograms. One per Lua state: not thread-safe.
#include <cstdint>
#include <string>
#include <vector>

namespace hostmark {

class ScriptHistogram {
 public:
  // size >= 2 and 0 < min < max (the caller checks).
  ScriptHistogram(std::size_t size, double min, double max);
  void update(double value);
  // The non-empty buckets: "       value  --- distribution --- count" then one line each
  // ("%12.3f |stars count"); "" when nothing was recorded.
  std::string text() const;

 private:
  std::vector<std::uint64_t> counts_;
  double log_min_;
  double per_log_;  // buckets per unit of log(value)
};

}  // namespace hostmark
