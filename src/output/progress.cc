#include "output/progress.h"

#include <fmt/format.h>

#include <algorithm>

namespace hostmark {

void ProgressLine::show(std::string_view text) {
  if (!enabled_) return;
  err_ << "\r\033[K" << text;
  err_.flush();
  shown_ = true;
}

void ProgressLine::clear() {
  if (!enabled_ || !shown_) return;
  err_ << "\r\033[K";
  err_.flush();
  shown_ = false;
}

std::string format_progress(std::string_view what, double elapsed_s, double expected_s, double rate,
                            std::string_view rate_unit) {
  if (expected_s > 0) {
    return fmt::format("{}: {:.1f} s / {:.0f} s, ETA {:.1f} s, {:.1f} {}", what, elapsed_s,
                       expected_s, std::max(0.0, expected_s - elapsed_s), rate, rate_unit);
  }
  return fmt::format("{}: {:.1f} s, {:.1f} {}", what, elapsed_s, rate, rate_unit);
}

}  // namespace hostmark
