#pragma once
// The fio 3.33 job options hostmark does not implement, each with the reason a user is given
// ("--port: not implemented by hostmark (an option of an ioengine hostmark does not have ...)").
// The names are fio 3.33's `fio --cmdhelp=all`, their aliases and the engine options of
// `fio --enghelp=<engine>`, less the ones in options_*.cc. docs/COMPATIBILITY.md's option table
// is generated from this list and the implemented one (scripts/fio-howto-table.py).
#include <span>
#include <string>
#include <string_view>

namespace hostmark::fio {

struct RefusedOption {
  std::string_view name;
  std::string_view why;  // a phrase: "zoned block devices (zonemode) are not supported"
  // The value (fio's default) that asks for what hostmark does anyway ("inline" for
  // io_submit_mode, "0" for fill_device): a job file that spells the default out runs; empty
  // when there is none.
  std::string_view same_as_hostmark{};
};

// Sorted by name.
std::span<const RefusedOption> refused_options();

// nullptr when hostmark implements `name` or fio has no such option.
const RefusedOption* find_refused_option(std::string_view name);

// Whether `value` is `refused`'s same_as_hostmark (case aside, as fio compares its values).
bool asks_for_what_hostmark_does(const RefusedOption& refused, std::string_view value);

// "not implemented by hostmark (<why>)", with "; only io_submit_mode=inline (fio's default)
// is accepted" when there is such a value.
std::string refused_text(const RefusedOption& refused);

}  // namespace hostmark::fio
