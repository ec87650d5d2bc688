#pragma once
// The job-file reader behind parse_job_file and the command line's job-file arguments.
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"
#include "fio/job_parser.h"

namespace hostmark::fio {

struct JobFileRequest {
  std::string_view text;
  std::string file_name;                               // for messages and relative includes
  JobOptions global;                                   // state before the file's first [global]
  const std::vector<std::string>* sections = nullptr;  // --section filter; null or empty: all
  bool stonewall_first_job = false;                    // fio separates job files by a stonewall
};

// Reads one file's sections into `out.jobs` (and [global] options into out.global_given).
// Each job starts from a copy of the global state as it is at the job's section header.
Status read_job_file(const JobFileRequest& request, const ParserEnv& env, ParsedJobs& out);

}  // namespace hostmark::fio
