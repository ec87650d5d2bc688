#include "commands/top_keys.h"

namespace hostmark::top {

KeyAction apply_key(int key, DisplayState& state) {
  switch (key) {
    case kKeyLeft:
    case '<': state.sort = step_column(state.sort, -1); return KeyAction::kRedraw;
    case kKeyRight:
    case '>': state.sort = step_column(state.sort, +1); return KeyAction::kRedraw;
    case 'r':
    case 'R': state.reverse = !state.reverse; return KeyAction::kRedraw;
    case 'o':
    case 'O': state.only_active = !state.only_active; return KeyAction::kRedraw;
    case 'a':
    case 'A': state.accumulated = !state.accumulated; return KeyAction::kRedraw;
    case 'p':
    case 'P': state.threads = !state.threads; return KeyAction::kSwitchTasks;
    case 'q':
    case 'Q': return KeyAction::kQuit;
    default: return KeyAction::kIgnored;
  }
}

}  // namespace hostmark::top
