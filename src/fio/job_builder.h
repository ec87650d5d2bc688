#pragma once
// Applying options to a job, the piece shared by the job-file reader and the command line.
// A Place says where an option came from, so every error names it:
//   job file:     "job.fio:12: bs: '4q' is not a size"
//   command line: "--bs: '4q' is not a size"
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"
#include "fio/job_parser.h"

namespace hostmark::fio {

struct Place {
  std::string where;  // "job.fio:12"; "" on the command line
  bool command_line = false;
};

// The error for `option` at `place`: "job.fio:12: bs: why" or "--bs: why".
Error option_error(const Place& place, std::string_view option, std::string why);

// One option as written: `value` is nullopt for a bare flag ("direct" in a job file).
struct OptionText {
  std::string name;
  std::optional<std::string> value;
  Place place;
};

// Finds `name` in the option table (exact name or alias) and applies the value to `job`,
// appending (name, value) to `given`. Unknown and unimplemented options are errors.
Status apply_option(JobOptions& job, const OptionText& option,
                    std::vector<std::pair<std::string, std::string>>& given);

// Applies a section's options in fio's order: kb_base first (it changes how the others read),
// then the rest as written. `given` receives them in the order written.
Status apply_section(JobOptions& job, const std::vector<OptionText>& options,
                     std::vector<std::pair<std::string, std::string>>& given);

// A new job: a copy of the global state at this point, with its own name and place, and an
// empty `given` (the globals' are ParsedJobs::global_given).
JobOptions start_job(const JobOptions& global, std::string name, std::string defined_at);

// fio's substitutions in a job-file line: ${NAME} (environment; unset -> empty, as fio),
// $pagesize, $mb_memory, $ncpus.
std::string expand_line(std::string_view line, const ParserEnv& env);

}  // namespace hostmark::fio
