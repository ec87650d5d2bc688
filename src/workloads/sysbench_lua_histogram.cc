#include "workloads/sysbench_lua_histogram.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace hostmark {

ScriptHistogram::ScriptHistogram(std::size_t size, double min, double max)
    : counts_(size, 0),
      log_min_(std::log(min)),
      per_log_(static_cast<double>(size - 1) / (std::log(max) - std::log(min))) {}

void ScriptHistogram::update(double value) {
  const double index = std::floor((std::log(value) - log_min_) * per_log_ + 0.5);
  std::size_t at = 0;
  if (index >= static_cast<double>(counts_.size())) at = counts_.size() - 1;
  else if (index > 0) at = static_cast<std::size_t>(index);  // also NaN and -inf (value <= 0): 0
  ++counts_[at];
}

std::string ScriptHistogram::text() const {
  const std::uint64_t most = *std::max_element(counts_.begin(), counts_.end());
  if (most == 0) return "";
  std::string out = "       value  ------------- distribution ------------- count\n";
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] == 0) continue;
    const auto stars = static_cast<std::size_t>(
        std::floor(static_cast<double>(counts_[i]) * 40.0 / static_cast<double>(most) + 0.5));
    const double value = std::exp(static_cast<double>(i) / per_log_ + log_min_);
    out += fmt::format("{:12.3f} |{:<40} {}\n", value, std::string(stars, '*'), counts_[i]);
  }
  return out;
}

}  // namespace hostmark
