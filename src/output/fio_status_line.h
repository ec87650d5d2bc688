#pragma once
// fio's live status line: "Jobs: 4 (f=4): [r(4)][45.5%][r=123MiB/s][r=31.5k IOPS][eta 00m:06s]",
// formatted from the numbers the job runner samples (io/status_sink.h), and the sink that shows
// it as one self-overwriting line on a terminal.
#include <ostream>
#include <string>

#include "io/status_sink.h"
#include "output/progress.h"

namespace hostmark {

std::string format_status_line(const io::StatusSample& s);

class FioStatusLine final : public io::StatusSink {
 public:
  explicit FioStatusLine(std::ostream& err) : line_(err, true) {}
  void show(const io::StatusSample& sample) override { line_.show(format_status_line(sample)); }
  void clear() override { line_.clear(); }

 private:
  ProgressLine line_;
};

}  // namespace hostmark
