#pragma once
// The results `hostmark report` (and anything else taking RESULT arguments) reads: result ids
// in the results store, or result JSON files.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "output/html_report.h"

namespace hostmark {

// A RESULT argument: an existing file is a file; otherwise all digits is a store id.
struct ResultRef {
  std::string path;                // when a file
  std::optional<std::int64_t> id;  // when a store id
};
// Usage error naming `arg` when it is neither an existing file nor a result id.
Expected<ResultRef> parse_result_ref(const std::string& arg);

// The entries for `args` in order (figures and closest references filled in), or the newest
// result in the store when `args` is empty. The store (`results_db`, "" = default) is opened
// only when an id is given or `args` is empty. Throws Failure naming the culprit.
std::vector<ReportEntry> load_report_entries(const std::vector<std::string>& args,
                                             const std::string& results_db);

}  // namespace hostmark
