// The curses screen: draws render_top_lines() of the last frame, refreshes every -d seconds,
// applies keys between refreshes. The terminal is restored on q, on Ctrl-C (SIGINT and
// SIGTERM are collected by a SignalGuard and polled) and on any exception (RAII).
#include <curses.h>

#include <chrono>
#include <optional>

#include "commands/top_curses.h"
#include "commands/top_keys.h"
#include "commands/top_options.h"
#include "commands/top_session.h"
#include "runner/signal_guard.h"

namespace hostmark::top {

int run_top_screen(const TopOptions& options, const CommandIo& /*io*/) {
  SignalGuard guard;
  TopSession session(SessionOptions{"/", options.display.threads, true});
  const monitor::UserNames users = monitor::UserNames::load("/");
  DisplayState state = options.display;
  CursesTerminal terminal;
  const auto delay = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(options.delay_s));
  auto next_refresh = std::chrono::steady_clock::now() + delay;
  std::optional<Frame> frame;
  int refreshes = 0;

  const auto redraw = [&] {
    if (!frame) {
      draw({"hostmark top: collecting (first refresh after -d seconds)..."}, 1);
      return;
    }
    const View view = build_top_view(*frame, state, users);
    const auto lines = render_top_lines(view, screen_columns());
    draw(lines, titles_index(lines, view.rows.size()));
  };
  redraw();
  while (!guard.stop_requested()) {
    if (std::chrono::steady_clock::now() >= next_refresh) {
      frame = session.next();
      next_refresh += delay;
      if (next_refresh < std::chrono::steady_clock::now()) {
        next_refresh = std::chrono::steady_clock::now() + delay;  // collection took too long
      }
      redraw();
      if (options.iterations > 0 && ++refreshes >= options.iterations) break;
    }
    const int ch = getch();  // waits up to kPollMs
    if (ch == ERR) continue;
    if (ch == KEY_RESIZE) {
      redraw();
      continue;
    }
    switch (apply_key(translate_key(ch), state)) {
      case KeyAction::kQuit: return 0;
      case KeyAction::kRedraw: redraw(); break;
      case KeyAction::kSwitchTasks:
        session.restart(state.threads);
        frame.reset();
        next_refresh = std::chrono::steady_clock::now() + delay;
        redraw();
        break;
      case KeyAction::kIgnored: break;
    }
  }
  return 0;
}

}  // namespace hostmark::top
