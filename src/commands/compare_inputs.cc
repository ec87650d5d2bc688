#include "commands/compare_inputs.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>

#include "results/result_json.h"
#include "results/result_store.h"

namespace hostmark {

namespace {

bool is_number(const std::string& s) {
  return !s.empty() && s.size() <= 18 &&
         std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && !S_ISDIR(st.st_mode);
}

// "2026-12-03T09:00:00Z" -> "2026-12-03 09:00" (as given when it has another shape).
std::string short_time(const std::string& iso) {
  if (iso.size() >= 16 && iso[10] == 'T') return iso.substr(0, 10) + " " + iso.substr(11, 5);
  return iso;
}

}  // namespace

ComparisonColumn reference_column(const ReferenceMachine& ref) {
  return ComparisonColumn{"ref:" + ref.id, ref.label, true, ref.source, ref.measured, ref.figures};
}

ComparisonColumn result_column(const std::string& id, const Result& result) {
  ComparisonColumn c;
  c.id = id;
  const Context& ctx = result.context;
  c.title = fmt::format("{} {} {}", ctx.hostname.empty() ? "?" : ctx.hostname,
                        short_time(ctx.start_time_utc), result.command);
  std::string options;
  for (const auto& [k, v] : result.options) {
    if (k == "output-format" || k == "output") continue;
    options += fmt::format("{}{}={}", options.empty() ? "" : ", ", k, v);
  }
  c.measured = options.empty() ? result.command : fmt::format("{} ({})", result.command, options);
  if (result.interrupted) c.measured += "; interrupted: partial";
  c.figures = result_figures(result);
  return c;
}

ComparisonColumn load_column(const std::string& arg, const std::string& results_db) {
  if (arg.starts_with("ref:")) {
    const ReferenceMachine* ref = find_reference(arg);
    if (ref == nullptr)
      throw Failure(usage_error(arg, "no such reference (see hostmark compare --list-references)"));
    return reference_column(*ref);
  }
  if (is_file(arg)) {
    return result_column(arg, read_result_file(arg).value());
  }
  if (is_number(arg)) {
    auto store = open_existing_result_store(results_db).value();
    return result_column(arg, store->get(std::stoll(arg)).value());
  }
  if (const ReferenceMachine* ref = find_reference(arg)) return reference_column(*ref);
  throw Failure(usage_error(arg,
                            "not a result file, a result id or a reference (see hostmark compare "
                            "--list-references)"));
}

}  // namespace hostmark
