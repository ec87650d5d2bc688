#pragma once
// Points in time as `hostmark history --from/--to` take them, in the local time zone (TZ):
//   "now", "today" (00:00 today), "yesterday" (00:00 the day before),
//   "<duration> ago" ("90s ago", "1h ago", "7d ago": units of parse_duration_ns),
//   "YYYY-MM-DD", "YYYY-MM-DD HH:MM", "YYYY-MM-DD HH:MM:SS" (also with 'T' between),
//   "HH:MM" or "HH:MM:SS" (today), "@SECONDS" (since the epoch).
#include <cstdint>
#include <string_view>

#include "core/error.h"

namespace hostmark {

// Nanoseconds since the epoch, relative forms counted back from `now_ns`; a usage error naming
// `option` on anything else.
Expected<std::int64_t> parse_time_spec(std::string_view option, std::string_view text,
                                       std::int64_t now_ns);

}  // namespace hostmark
