#pragma once
// `hostmark top --json`: one JSON object per refresh (printed on one line by the caller).
#include <nlohmann/json.hpp>
#include <ostream>

#include "commands/top_view.h"

namespace hostmark::top {

inline constexpr int kTopJsonSchemaVersion = 1;

// {"schema":"hostmark.top", "schema_version", "time", "interval_s", "mode", "sort", ...,
//  "totals": {read/write bytes per s}, "actual": {...} or null, "devices": [...],
//  "cpu_iowait_pct" or null, "delay_accounting", "tasks", "unreadable", "rows": [...]}.
// Rows carry rates (per second) and totals since top started; io_pct/swapin_pct are null
// without delay accounting, and the I/O fields are null for a task whose io was not readable.
nlohmann::ordered_json top_view_to_json(const View& view);

// One refresh of batch output (live or replayed): `view` as one JSON line, or as its text lines
// preceded by a blank line unless it is the first.
void print_top_view(const View& view, bool json, bool first, std::ostream& out);

}  // namespace hostmark::top
