#pragma once
// `hostmark history`'s rows as text (sar-like columns), CSV or JSON, written one row at a
// time so a week of samples is never held in memory.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "monitor/history.h"
#include "output/format.h"

namespace hostmark {

struct HistoryHeader {
  std::string db_path;
  std::int64_t from_ns = 0, to_ns = 0;
  std::string device;  // "" = the sar -b summary over non-virtual devices
  // --processes: text adds each row's top I/O processes under it, JSON a "processes" array per
  // row; CSV becomes one row per process (time,rank,pid,comm,user and the four rates).
  bool processes = false;
};

class HistoryWriter {
 public:
  virtual ~HistoryWriter() = default;
  virtual void row(const monitor::HistoryRow& r) = 0;
  // After the last row; `rows` is how many were written.
  virtual void finish(std::uint64_t rows) = 0;
};

// The writer for `format`; it writes its header (if any) at once.
std::unique_ptr<HistoryWriter> make_history_writer(OutputFormat format, const HistoryHeader& h,
                                                   std::ostream& out);

// "2026-12-03 06:12:04" in the local time zone.
std::string local_time_text(std::int64_t time_ns);

}  // namespace hostmark
