#include "commands/fio_problems.h"

namespace hostmark {

int print_fio_problems(const fio::FioRun& run, std::ostream& err) {
  for (const auto& w : run.warnings) err << "hostmark: warning: " << w << '\n';
  int status = run.interrupted ? 1 : 0;
  for (const auto& j : run.jobs) {
    if (const auto w = fio::continued_errors_warning(j); !w.empty())
      err << "hostmark: warning: " << w << '\n';
    if (j.error == 0) continue;
    err << "hostmark: " << j.error_text << '\n';
    status = 1;
  }
  return status;
}

}  // namespace hostmark
