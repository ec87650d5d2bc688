#include "exporter/process_metrics.h"

#include <fmt/format.h>

#include <utility>

#include "exporter/disk_metrics.h"
#include "runner/clock.h"

namespace hostmark::exporter {
namespace {

struct ProcessFamily {
  const char* name;
  const char* help;
  double monitor::ProcessIoRate::*value;
};

constexpr ProcessFamily kFamilies[] = {
    {"hostmark_process_read_bytes_per_second",
     "Bytes per second the process made the block layer read (/proc/PID/io read_bytes).",
     &monitor::ProcessIoRate::read_bytes_per_s},
    {"hostmark_process_write_bytes_per_second",
     "Bytes per second the process dirtied for writeback (/proc/PID/io write_bytes).",
     &monitor::ProcessIoRate::write_bytes_per_s},
    {"hostmark_process_read_ops_per_second", "Read system calls per second (/proc/PID/io syscr).",
     &monitor::ProcessIoRate::read_ops_per_s},
    {"hostmark_process_write_ops_per_second", "Write system calls per second (/proc/PID/io syscw).",
     &monitor::ProcessIoRate::write_ops_per_s},
};

}  // namespace

std::string process_metrics_text(const std::vector<monitor::ProcessIoRate>& top) {
  if (top.empty()) return "";
  std::string out;
  for (const ProcessFamily& f : kFamilies) {
    out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n", f.name, f.help, f.name);
    for (const auto& p : top)
      out += fmt::format("{}{{pid=\"{}\",comm=\"{}\"}} {}\n", f.name, p.pid, label_value(p.comm),
                         p.*f.value);
  }
  return out;
}

TopProcessRates::TopProcessRates(std::size_t n, std::uint64_t min_window_ns,
                                 monitor::CollectOptions options)
    : n_(n),
      min_window_ns_(min_window_ns),
      options_(std::move(options)),
      users_(monitor::UserNames::load(options_.root)),
      kept_(monitor::collect_processes(options_)) {}

const std::vector<monitor::ProcessIoRate>& TopProcessRates::update() {
  if (monotonic_ns() - kept_.monotonic_ns < min_window_ns_) return last_;
  monitor::ProcessSnapshot now = monitor::collect_processes(options_, &kept_);
  last_ = monitor::top_io_processes(monitor::delta_between(kept_, now), n_, users_);
  kept_ = std::move(now);
  return last_;
}

}  // namespace hostmark::exporter
