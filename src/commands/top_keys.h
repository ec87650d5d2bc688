#pragma once
// What a key pressed in `hostmark top` does to the DisplayState (pure; the screen maps curses
// key codes to these).
#include "commands/top_view.h"

namespace hostmark::top {

inline constexpr int kKeyLeft = -2;   // left arrow
inline constexpr int kKeyRight = -3;  // right arrow

enum class KeyAction {
  kIgnored,      // not a key of top's
  kRedraw,       // the state changed: draw the last frame again
  kSwitchTasks,  // p: state.threads flipped, collection must restart
  kQuit,         // q
};

// left/right or < >: sort column; r reverse; o only active; a accumulated; p processes or
// threads; q quit. Other keys are ignored.
KeyAction apply_key(int key, DisplayState& state);

}  // namespace hostmark::top
