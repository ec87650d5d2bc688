#include "commands/top_curses.h"

#include <curses.h>

#include <clocale>

#include "commands/top_keys.h"

namespace hostmark::top {

CursesTerminal::CursesTerminal() {
  std::setlocale(LC_CTYPE, "");
  initscr();
  cbreak();  // keys without Enter; Ctrl-C still sends SIGINT
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  timeout(kPollMs);
}

CursesTerminal::~CursesTerminal() { endwin(); }

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

std::size_t titles_index(const std::vector<std::string>& lines, std::size_t rows) {
  return lines.size() >= rows + 1 ? lines.size() - rows - 1 : 0;
}

std::size_t screen_columns() { return static_cast<std::size_t>(COLS > 0 ? COLS : 0); }

}  // namespace hostmark::top
