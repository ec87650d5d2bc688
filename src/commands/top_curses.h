#pragma once
// The curses terminal of `hostmark top` (live and --replay): set up and restored by RAII, and
// the drawing of render_top_lines() output.
#include <cstddef>
#include <string>
#include <vector>

namespace hostmark::top {

inline constexpr int kPollMs = 100;  // how long getch() waits for a key before signals are checked

// initscr() .. endwin() for the lifetime of the object (keys without Enter, no echo, keypad,
// getch() waiting kPollMs).
class CursesTerminal {
 public:
  CursesTerminal();
  ~CursesTerminal();
  CursesTerminal(const CursesTerminal&) = delete;
  CursesTerminal& operator=(const CursesTerminal&) = delete;
};

// Curses' arrow keys as top_keys.h's kKeyLeft/kKeyRight; other keys unchanged.
int translate_key(int ch);
// Clears the screen and draws the lines that fit, `titles_line` in reverse video.
void draw(const std::vector<std::string>& lines, std::size_t titles_line);
// The index of the column-titles line: the one right before the `rows` row lines at the end.
std::size_t titles_index(const std::vector<std::string>& lines, std::size_t rows);
// The terminal's width in columns (0 when unknown).
std::size_t screen_columns();

}  // namespace hostmark::top
