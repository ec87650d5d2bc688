#pragma once
// fio's ignore_error=READ,WRITE,VERIFY: per kind, ':'-separated errno names (fio's list, EPERM to
// ERANGE) or numbers.
#include <array>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace hostmark::fio {

// [read, write, verify]; a list not given is empty. "EAGAIN,ENOSPC:122" -> {{11}, {28, 122}, {}}.
Expected<std::array<std::vector<int>, 3>> parse_ignore_error(std::string_view text);

}  // namespace hostmark::fio
