// libFuzzer target: sizes, durations, counts, flags (cli/units.h) and history's points in time
// (cli/time_spec.h), each given the whole input as the option's value.
#include "cli/time_spec.h"
#include "cli/units.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark;
  const std::string_view text = fuzz::as_text(data, size);
  if (const auto bytes = parse_size("--size", text)) (void)format_bytes_binary(*bytes);
  (void)parse_size_or_percent("--size", text);
  for (const TimeUnit unit : {TimeUnit::kNanoseconds, TimeUnit::kMicroseconds,
                              TimeUnit::kMilliseconds, TimeUnit::kSeconds}) {
    (void)parse_duration_ns("--time", text, unit);
  }
  (void)parse_count("--threads", text);
  (void)parse_flag("--validate", text);
  constexpr std::int64_t kNow = 1'796'000'000'000'000'000;  // 2026-11-30, nanoseconds
  (void)parse_time_spec("--from", text, kNow);
  (void)parse_time_spec("--from", text, 0);
  return 0;
}
