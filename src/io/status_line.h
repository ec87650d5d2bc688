#pragma once
// fio's live status line: "Jobs: 4 (f=4): [r(4)][45.5%][r=123MiB/s][r=31.5k IOPS][eta 00m:06s]".
// Pure formatting of numbers the orchestrator samples from the threads' live counters.
#include <array>
#include <cstdint>
#include <string>

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

std::string format_status_line(const StatusSample& s);

}  // namespace hostmark::io
