#pragma once
// What `hostmark stat` hands its writers each interval, and the writer interface: one writer
// per output format (iostat's text, iostat's JSON, hostmark JSON, CSV), all streaming, so a
// report is out as soon as it is computed and an interrupted run still ends well-formed.
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>

#include "monitor/memory_load.h"
#include "monitor/stat_report.h"

namespace hostmark {

// The banner iostat prints first: "Linux 6.1.0 (host) \t12/03/26 \t_x86_64_\t(2 CPU)".
struct StatHost {
  std::string sysname, release, nodename, machine;
  int cpus = 0;
  std::int64_t start_time_s = 0;  // when the run started (the banner's date)
};

// What to show; mirrors the command's options without depending on them.
struct StatView {
  bool cpu = true, disk = true, extended = false, human = false, timestamp = false;
  bool megabytes = false;  // -m: MB instead of kB
  bool sar = false;        // sar -b's table instead of the iostat report
  bool mem = false;        // memory and load after each report
};

struct StatFrame {
  monitor::StatReport report;
  std::optional<monitor::SarSummary> sar;       // with --sar
  std::optional<monitor::MemoryLoad> mem;       // with --mem
  std::map<std::string, std::string> parallel;  // device -> why %util misleads for it
};

class StatWriter {
 public:
  virtual ~StatWriter() = default;
  virtual void begin(const StatHost& host) = 0;
  virtual void frame(const StatFrame& f) = 0;
  // `average`: sar's Average line over the whole run (text --sar only uses it).
  virtual void end(const std::optional<monitor::SarSummary>& average) = 0;
};

}  // namespace hostmark
