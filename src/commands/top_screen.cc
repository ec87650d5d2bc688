// The curses screen: draws render_top_lines() of the last frame, refreshes every -d seconds,
// applies keys between refreshes. The terminal is restored on q, on Ctrl-C (SIGINT and
// SIGTERM are collected by a SignalGuard and polled) and on any exception (RAII).
#include <curses.h>

#include <chrono>
#include <clocale>
#include <optional>

#include "commands/top_keys.h"
#include "commands/top_options.h"
#include "commands/top_session.h"
#include "runner/signal_guard.h"

namespace hostmark::top {
namespace {

constexpr int kPollMs = 100;  // how long getch() waits for a key before signals are checked

// initscr() .. endwin() for the lifetime of the object.
class CursesTerminal {
 public:
  CursesTerminal() {
    std::setlocale(LC_CTYPE, "");
    initscr();
    cbreak();  // keys without Enter; Ctrl-C still sends SIGINT
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    timeout(kPollMs);
  }
  ~CursesTerminal() { endwin(); }
  CursesTerminal(const CursesTerminal&) = delete;
  CursesTerminal& operator=(const CursesTerminal&) = delete;
};

int translate_key(int ch) {
  if (ch == KEY_LEFT) return kKeyLeft;
  if (ch == KEY_RIGHT) return kKeyRight;
  return ch;
}

void draw(const std::vector<std::string>& lines, std::size_t titles_line) {
  erase();
  const auto rows = static_cast<std::size_t>(LINES > 0 ? LINES : 0);
  for (std::size_t i = 0; i < lines.size() && i < rows; ++i) {
    if (i == titles_line) attron(A_REVERSE);
    mvaddnstr(static_cast<int>(i), 0, lines[i].c_str(), COLS);
    if (i == titles_line) attroff(A_REVERSE);
  }
  refresh();
}

// The index of the column-titles line: the first one after the header (render_top_lines
// puts titles right before the rows).
std::size_t titles_index(const std::vector<std::string>& lines, std::size_t rows) {
  return lines.size() >= rows + 1 ? lines.size() - rows - 1 : 0;
}

}  // namespace

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
    const auto lines = render_top_lines(view, static_cast<std::size_t>(COLS > 0 ? COLS : 0));
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
