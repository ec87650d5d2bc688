#pragma once
// The text of `hostmark stat --sar` (sar -b's table) and `--mem` (free's table and uptime's
// line), used by the text writer.
#include <cstdint>
#include <ostream>
#include <string>

#include "monitor/memory_load.h"
#include "monitor/stat_report.h"

namespace hostmark {

// "HH:MM:SS          tps      rtps ..." (sar -b's header); `label` is the first column.
void write_sar_header(const std::string& label, std::ostream& out);
// One line; `label` is "HH:MM:SS" or "Average:".
void write_sar_line(const std::string& label, const monitor::SarSummary& s, std::ostream& out);

// free -h's three lines and uptime's line (" 06:23:45 up 14:31,  load average: ...").
void write_memory_load(const monitor::MemoryLoad& m, std::int64_t now_s, std::ostream& out);

// uptime's "up" part: "14:31", "5 min", "2 days,  3:04".
std::string uptime_text(double uptime_s);

// Local time as "%H:%M:%S" and iostat's "%m/%d/%y %H:%M:%S".
std::string clock_text(std::int64_t time_s);
std::string date_time_text(std::int64_t time_s);

}  // namespace hostmark
