#pragma once
// The fio 3.33 job options hostmark does not implement, each with the reason a user is given
// ("--port: not implemented by hostmark (an option of an ioengine hostmark does not have ...)").
// The names are fio 3.33's `fio --cmdhelp=all`, their aliases and the engine options of
// `fio --enghelp=<engine>`, less the ones in options_*.cc. docs/COMPATIBILITY.md's option table
// is generated from this list and the implemented one (scripts/fio-howto-table.py).
#include <span>
#include <string_view>

namespace hostmark::fio {

struct RefusedOption {
  std::string_view name;
  std::string_view why;  // a phrase: "zoned block devices (zonemode) are not supported"
};

// Sorted by name.
std::span<const RefusedOption> refused_options();

// nullptr when hostmark implements `name` or fio has no such option.
const RefusedOption* find_refused_option(std::string_view name);

}  // namespace hostmark::fio
