#pragma once
// hostmark's per-process metrics for the exporter: the top N processes by I/O as gauges of
// rates, labelled pid and comm. Rates need two snapshots, so TopProcessRates keeps the last
// one and measures over at least a minimum window (a scrape soon after another gets the
// previous window's figures instead of a noisy few milliseconds).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "monitor/process_io.h"
#include "monitor/top_io.h"

namespace hostmark::exporter {

// The exposition text of `top` (most first): for each process
//   hostmark_process_read_bytes_per_second{pid="42",comm="postgres"} 4096
// and the same for write_bytes, read_ops and write_ops (syscr/syscw), every family with its
// # HELP and # TYPE gauge lines, label values escaped as format 0.0.4 says (\\, \", \n).
// "" for no processes.
std::string process_metrics_text(const std::vector<monitor::ProcessIoRate>& top);

class TopProcessRates {
 public:
  // `n`: how many processes; `min_window_ns`: the shortest interval rates are measured over.
  TopProcessRates(std::size_t n, std::uint64_t min_window_ns, monitor::CollectOptions options);
  // Collects a snapshot; when the kept one is at least the window old, the top processes
  // between them replace the last result and the new snapshot is kept. Returns the last
  // result (empty until a window has passed).
  const std::vector<monitor::ProcessIoRate>& update();

 private:
  std::size_t n_;
  std::uint64_t min_window_ns_;
  monitor::CollectOptions options_;
  monitor::UserNames users_;
  monitor::ProcessSnapshot kept_;
  std::vector<monitor::ProcessIoRate> last_;
};

}  // namespace hostmark::exporter
