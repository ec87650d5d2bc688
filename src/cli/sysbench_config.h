#pragma once
// sysbench 1.0.20's --config-file: lines of `name=value`, read as sysbench's read_config reads
// them (a value is one or more comma-separated items, each bare or in '' or "" quotes; '#'
// outside quotes starts a comment). Pure: the file's text in, its entries (or an error naming
// FILE:LINE) out. Names are checked against the options by SbArgs::add_config.
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace hostmark {

struct SbConfigEntry {
  int line = 0;       // 1-based
  std::string name;   // as written, without "--" (leading and trailing blanks dropped)
  std::string value;  // the items joined with ',' ("" when the line has none)
};

// Blank lines and lines starting with '#' are skipped; any other line without '=' is an error.
// Differs from sysbench on purpose where sysbench silently drops a line: blanks around the name
// are allowed (sysbench keeps them in the name, so "time = 5" never applied), and a line
// without '=' or with an unterminated quote is an error rather than ignored.
Expected<std::vector<SbConfigEntry>> parse_sysbench_config(std::string_view text,
                                                           const std::string& file);

}  // namespace hostmark
