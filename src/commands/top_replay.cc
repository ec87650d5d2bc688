// `hostmark top --replay`: the intervals `hostmark record` kept (monitor/history.h), each shown
// as top shows a refresh. Batch mode prints every one (at most -n); the screen shows one at a
// time: space or right arrow the next, left arrow the previous, q quits; < > r o as live.
#include <curses.h>
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>

#include "cli/time_spec.h"
#include "commands/top_curses.h"
#include "commands/top_json.h"
#include "commands/top_keys.h"
#include "commands/top_options.h"
#include "monitor/record_store.h"
#include "output/history_format.h"
#include "runner/signal_guard.h"

namespace hostmark::top {
namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::vector<monitor::HistoryRow> recorded_rows(const TopOptions& o, const std::string& db) {
  const std::int64_t now = now_ns();
  const std::int64_t from = parse_time_spec("--from", o.from, now).value();
  const std::int64_t to = parse_time_spec("--to", o.to, now).value();
  if (to < from) throw Failure(usage_error("--to", "is before --from"));
  const monitor::RecordStore store = monitor::RecordStore::open_read_only(db);
  monitor::HistoryBuilder builder;
  std::vector<monitor::HistoryRow> rows;
  store.for_each(from, to, [&](const monitor::HostSample& s) {
    if (auto row = builder.add(s)) rows.push_back(std::move(*row));
  });
  if (rows.empty()) {
    throw Failure(run_error(db, fmt::format("no recorded intervals from {} to {} (an interval "
                                            "needs two samples of the same boot)",
                                            local_time_text(from), local_time_text(to))));
  }
  return rows;
}

std::string label(const std::string& db, const std::vector<monitor::HistoryRow>& rows,
                  std::size_t i) {
  return fmt::format("replay of {} at {} (sample {} of {})", db, local_time_text(rows[i].time_ns),
                     i + 1, rows.size());
}

int replay_screen(const TopOptions& o, const std::string& db,
                  const std::vector<monitor::HistoryRow>& rows) {
  SignalGuard guard;
  DisplayState state = o.display;
  CursesTerminal terminal;
  std::size_t at = 0;
  const auto redraw = [&] {
    const View view = build_replay_view(rows[at], state, label(db, rows, at));
    const auto lines = render_top_lines(view, screen_columns());
    draw(lines, titles_index(lines, view.rows.size()));
  };
  redraw();
  while (!guard.stop_requested()) {
    const int ch = getch();  // waits up to kPollMs
    if (ch == ERR) continue;
    if (ch == ' ' || ch == KEY_RIGHT || ch == KEY_NPAGE) {
      if (at + 1 < rows.size()) ++at;
    } else if (ch == KEY_LEFT || ch == KEY_PPAGE || ch == KEY_BACKSPACE) {
      if (at > 0) --at;
    } else if (ch != KEY_RESIZE && apply_key(translate_key(ch), state) == KeyAction::kQuit) {
      return 0;
    }
    state.threads = false;  // p does nothing here: processes were recorded
    redraw();
  }
  return 0;
}

}  // namespace

int run_top_replay(const TopOptions& o, const CommandIo& io) {
  const std::string db = o.db.empty() ? monitor::default_record_path() : o.db;
  if (o.display.threads) throw Failure(usage_error("--threads", "record keeps processes only"));
  if (o.display.accumulated) throw Failure(usage_error("--accumulated", "record keeps rates only"));
  const std::vector<monitor::HistoryRow> rows = recorded_rows(o, db);
  if (!o.batch) {
    if (isatty(STDOUT_FILENO) != 1 || isatty(STDIN_FILENO) != 1)
      throw Failure(usage_error("top", "not a terminal: use -b (text) or --json"));
    return replay_screen(o, db, rows);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (o.iterations > 0 && i >= static_cast<std::size_t>(o.iterations)) break;
    const View view = build_replay_view(rows[i], o.display, label(db, rows, i));
    print_top_view(view, o.json, i == 0, io.out);
  }
  io.out.flush();
  return io.out ? 0 : 1;
}

}  // namespace hostmark::top
