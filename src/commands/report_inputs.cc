#include "commands/report_inputs.h"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <memory>

#include "results/figures.h"
#include "results/references.h"
#include "results/result_json.h"
#include "results/result_store.h"

namespace hostmark {
namespace {

constexpr std::size_t kReferencesPerResult = 3;

ReportEntry make_entry(std::string source, Result result) {
  ReportEntry e{std::move(source), std::move(result), {}, {}};
  e.figures = result_figures(e.result);
  e.references = closest_references(e.figures, kReferencesPerResult);
  return e;
}

}  // namespace

Expected<ResultRef> parse_result_ref(const std::string& arg) {
  std::error_code ec;
  if (!arg.empty() && std::filesystem::exists(arg, ec)) return ResultRef{arg, std::nullopt};
  std::int64_t id = 0;
  const char* end = arg.data() + arg.size();
  const auto [ptr, err] = std::from_chars(arg.data(), end, id);
  if (!arg.empty() && err == std::errc{} && ptr == end && id > 0) return ResultRef{"", id};
  return usage_error(arg, "no such file, and not a result id (see `hostmark results list`)");
}

std::vector<ReportEntry> load_report_entries(const std::vector<std::string>& args,
                                             const std::string& results_db) {
  std::vector<ResultRef> refs;
  for (const auto& a : args) refs.push_back(parse_result_ref(a).value());
  std::unique_ptr<ResultStore> store;
  const auto open_store = [&]() -> ResultStore& {
    if (!store) store = open_existing_result_store(results_db).value();
    return *store;
  };

  std::vector<ReportEntry> entries;
  if (refs.empty()) {
    ResultStore& s = open_store();
    const auto newest = s.list(ResultFilter{"", "", 1}).value();
    if (newest.empty())
      throw Failure(usage_error(s.describe(),
                                "no saved result; run a command first, or give a "
                                "result file"));
    entries.push_back(make_entry(fmt::format("result {} in {}", newest.front().id, s.describe()),
                                 s.get(newest.front().id).value()));
    return entries;
  }
  for (const auto& ref : refs) {
    if (ref.id) {
      ResultStore& s = open_store();
      entries.push_back(make_entry(fmt::format("result {} in {}", *ref.id, s.describe()),
                                   s.get(*ref.id).value()));
    } else {
      entries.push_back(
          make_entry(fmt::format("file {}", ref.path), read_result_file(ref.path).value()));
    }
  }
  return entries;
}

}  // namespace hostmark
