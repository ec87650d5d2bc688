#pragma once
// Sizes and durations as fio and sysbench users write them. One parser for every option, so
// "4k" means the same everywhere and every error names the option and the value.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.h"

namespace hostmark {

// "512", "4k", "4K", "4KiB", "4kb", "1M", "1g", "2T", "1P": binary multiples (1k = 1024 bytes),
// the meaning fio (kb_base=1024) and sysbench give them. A plain number is bytes.
// On failure: usage error naming `option`, e.g. "--memory-block-size: '12q' is not a size".
Expected<std::uint64_t> parse_size(std::string_view option, std::string_view text);

// A size, or a percentage of something the caller knows ("50%").
struct SizeOrPercent {
  std::uint64_t bytes = 0;
  double percent = 0;  // > 0 when the text was a percentage; then bytes is 0
  bool is_percent() const { return percent > 0; }
};
Expected<SizeOrPercent> parse_size_or_percent(std::string_view option, std::string_view text);

enum class TimeUnit : std::uint64_t {
  kNanoseconds = 1,
  kMicroseconds = 1'000,
  kMilliseconds = 1'000'000,
  kSeconds = 1'000'000'000,
};

// "5", "5s", "100ms", "250us", "10ns", "2m", "1h", "1d" -> nanoseconds. A bare number is in
// `bare_unit` (seconds for sysbench's --time and fio's runtime).
Expected<std::uint64_t> parse_duration_ns(std::string_view option, std::string_view text,
                                          TimeUnit bare_unit = TimeUnit::kSeconds);

// A non-negative integer, or a usage error naming the option ("'-1' is not a non-negative
// integer").
Expected<std::uint64_t> parse_count(std::string_view option, std::string_view text);

// "on"/"off", "true"/"false", "yes"/"no", "1"/"0" (sysbench's boolean spellings).
Expected<bool> parse_flag(std::string_view option, std::string_view text);

// Human labels with explicit units: format_bytes_binary(1536) == "1.5 KiB".
std::string format_bytes_binary(std::uint64_t bytes);

// sysbench's size text (its sb_print_value_size, then "B"): the value in the largest binary unit
// it reaches, printf "%.5g": 16384 -> "16KiB", 1.5 GiB -> "1.5GiB", 512 -> "512B".
std::string sysbench_size_text(double bytes);

}  // namespace hostmark
