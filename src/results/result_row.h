#pragma once
// The columns a results store keeps beside each result's JSON text, derived from the JSON alone
// (so a saved run, an imported file and a migration backfill all agree). Shared by the SQLite
// and PostgreSQL stores (results/sqlite_result_store.cc, results/pgsql_result_store.cc).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.h"
#include "results/result.h"

namespace hostmark {

struct ResultRow {
  std::string command;
  std::string hostname;
  std::string start_time_utc;  // ISO 8601
  std::int64_t start_time_unix_ns = 0;
  bool interrupted = false;
  std::string hostmark_version;
  std::string summary;
  std::string json;  // the document as saved (compact, invalid UTF-8 replaced)
};

// The row of `result` (its JSON from results/result_to_json.h result_to_json).
ResultRow result_row(const Result& result);
// The row of `doc`; usage error (result_from_json's) when it is not a hostmark result.
Expected<ResultRow> result_row(const nlohmann::json& doc);

// The headline figures of `result` for `results list`: the first metric of each of its first
// three phases, "cpu.single-thread events_per_s=1662 events/s; ..." ("" when it has none).
std::string result_summary(const Result& result);

// The summary of a stored JSON text ("" when it does not parse): migrations backfill with it.
std::string summary_of_json_text(const std::string& json_text);

}  // namespace hostmark
