#pragma once
// One self-overwriting status line on standard error, shown only on a terminal, so machine
// output on stdout never has anything mixed into it.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace hostmark {

class ProgressLine {
 public:
  ProgressLine(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void show(std::string_view text);
  void clear();  // erases the line (before other output goes to the terminal)
  bool enabled() const { return enabled_; }

 private:
  std::ostream& err_;
  bool enabled_;
  bool shown_ = false;
};

// "cpu: 3.2 s / 10 s, ETA 6.8 s, 4040.1 events/s" (no ETA part when expected_s is 0).
std::string format_progress(std::string_view what, double elapsed_s, double expected_s, double rate,
                            std::string_view rate_unit);

}  // namespace hostmark
