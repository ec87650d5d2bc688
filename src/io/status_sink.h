#pragma once
// The live status of a running `hostmark fio` (fio's "Jobs: 4 (f=4): [r(4)][45.5%]..." line) as
// numbers, and the interface the job runner reports them through: io/fio_run.cc samples the
// threads' live counters, the command wires a sink that shows them (output/fio_status_line.h).
#include <array>

namespace hostmark::io {

struct StatusSample {
  int running = 0;
  int files = 0;
  char mode = 'r';          // fio's letter for the jobs' rw: r, w, m (mixed), R, W, M (random)
  double percent_done = 0;  // 0..100, < 0 when unknown
  std::array<double, 3> bytes_per_s{};  // read, write, trim
  std::array<double, 3> iops{};
  double eta_s = -1;  // < 0 when unknown
};

class StatusSink {
 public:
  virtual ~StatusSink() = default;
  // About every status period (fio's 1 s) while a wave of threads runs.
  virtual void show(const StatusSample& sample) = 0;
  // The wave ended: whatever show() put on the screen goes before other output.
  virtual void clear() = 0;
};

}  // namespace hostmark::io
