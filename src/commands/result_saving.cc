#include "commands/result_saving.h"

#include <fmt/format.h>

#include "results/result_store.h"

namespace hostmark {

int save_to_results_store(const Result& result, const SaveOptions& options, const CommandIo& io) {
  if (options.no_save) return 0;
  Expected<std::int64_t> id = run_error("", "not opened");
  std::string where;
  Expected<std::unique_ptr<ResultStore>> store = open_result_store(options.results_db);
  if (store) {
    where = (*store)->describe();
    id = (*store)->save(result);
  }
  if (!store || !id) {
    const Error& e = store ? id.error() : store.error();
    io.err << "hostmark: results store: " << e.message() << std::endl;
    return options.results_db.empty() ? 0 : 1;
  }
  if (io.err_is_tty) io.err << fmt::format("saved as result {} in {}", *id, where) << std::endl;
  return 0;
}

}  // namespace hostmark
