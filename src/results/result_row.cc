#include "results/result_row.h"

#include <fmt/format.h>

#include "results/result_json.h"
#include "results/result_to_json.h"

namespace hostmark {

std::string result_summary(const Result& result) {
  constexpr std::size_t kMaxPhases = 3;
  std::string out;
  for (std::size_t i = 0; i < result.phases.size() && i < kMaxPhases; ++i) {
    const Phase& p = result.phases[i];
    if (p.metrics.empty()) continue;
    const Metric& m = p.metrics.front();
    out += fmt::format("{}{} {}={:.6g}{}{}", out.empty() ? "" : "; ", p.name, m.name, m.value,
                       m.unit.empty() ? "" : " ", m.unit);
  }
  if (result.phases.size() > kMaxPhases) out += "; ...";
  return out;
}

namespace {

ResultRow row_of(const Result& r, const nlohmann::json& doc) {
  ResultRow row;
  row.command = r.command;
  row.hostname = r.context.hostname;
  row.start_time_utc = r.context.start_time_utc;
  row.start_time_unix_ns = r.context.start_time_unix_ns;
  row.interrupted = r.interrupted;
  row.hostmark_version = r.context.hostmark_version;
  row.summary = result_summary(r);
  row.json = doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return row;
}

}  // namespace

ResultRow result_row(const Result& result) { return row_of(result, result_to_json(result)); }

Expected<ResultRow> result_row(const nlohmann::json& doc) {
  Expected<Result> parsed = result_from_json(doc);
  if (!parsed) return parsed.error();
  return row_of(*parsed, doc);
}

std::string summary_of_json_text(const std::string& json_text) {
  const nlohmann::json doc = nlohmann::json::parse(json_text, nullptr, false);
  if (doc.is_discarded()) return "";
  Expected<Result> parsed = result_from_json(doc);
  return parsed ? result_summary(*parsed) : "";
}

}  // namespace hostmark
