// Batch mode: a refresh every -d seconds printed as text lines (a blank line between
// refreshes) or one JSON object per line. SIGINT/SIGTERM end it between refreshes.
#include <cstdint>

#include "commands/top_json.h"
#include "commands/top_options.h"
#include "commands/top_session.h"
#include "runner/signal_guard.h"

namespace hostmark::top {

int run_top_batch(const TopOptions& options, const CommandIo& io) {
  SignalGuard guard;
  TopSession session(SessionOptions{"/", options.display.threads, true});
  const monitor::UserNames users = monitor::UserNames::load("/");
  const auto delay_ns = static_cast<std::uint64_t>(options.delay_s * 1e9);
  for (int i = 0; options.iterations == 0 || i < options.iterations; ++i) {
    if (guard.wait(delay_ns) != 0) break;
    const Frame frame = session.next();
    const View view = build_top_view(frame, options.display, users);
    print_top_view(view, options.json, i == 0, io.out);
    io.out.flush();
    if (!io.out) return 1;  // the reader went away
  }
  return 0;
}

}  // namespace hostmark::top
