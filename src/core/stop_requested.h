#pragma once
// The question a long measurement asks at its safe points (between repetitions, between
// working sets): stop now and return what was measured? Polled on the measuring thread; it
// must be cheap and must not throw. An empty function never asks to stop.
#include <functional>

namespace hostmark {

using StopRequested = std::function<bool()>;

}  // namespace hostmark
