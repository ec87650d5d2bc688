// open_result_store(): the URL or path -> the backend; default_results_db(); ResultStore::get.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

#include "db/db_url.h"
#include "results/result_json.h"
#include "results/result_store_backends.h"

namespace hostmark {

Expected<Result> ResultStore::get(std::int64_t id) {
  Expected<std::string> text = get_json(id);
  if (!text) return text.error();
  const nlohmann::json doc = nlohmann::json::parse(*text, nullptr, false);
  if (doc.is_discarded())
    return run_error(fmt::format("result {}", id), "the stored JSON does not parse");
  return result_from_json(doc);
}

std::string default_results_db(const std::string& xdg_data_home, const std::string& home) {
  if (!xdg_data_home.empty()) return xdg_data_home + "/hostmark/results.db";
  if (!home.empty()) return home + "/.local/share/hostmark/results.db";
  return "hostmark-results.db";
}

std::string default_results_db() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  return default_results_db(xdg != nullptr ? xdg : "", home != nullptr ? home : "");
}

Error newer_schema_error(const std::string& store, int found) {
  return run_error(store, fmt::format("schema version {} is newer than this hostmark knows ({}): "
                                      "use a newer hostmark",
                                      found, kResultStoreSchemaVersion));
}

Error no_such_result(const std::string& store, std::int64_t id) {
  return usage_error(fmt::format("result {}", id), fmt::format("no such result in {}", store));
}

Expected<std::unique_ptr<ResultStore>> open_result_store(const std::string& url) {
  if (url.empty()) return open_sqlite_result_store(default_results_db());
  const bool has_scheme = url.find("://") != std::string::npos || url.starts_with("sqlite:");
  if (!has_scheme) return open_sqlite_result_store(url);
  Expected<db::DbUrl> parsed = db::parse_db_url(url);
  if (!parsed) return usage_error("--results-db", parsed.error().message());
  db::DbUrl with_password = parsed.value();
  if (Status read = db::read_url_password_file(with_password); !read)
    return usage_error("--results-db", read.error().message());
  const db::ConnectOptions& o = with_password.options;
  switch (o.kind) {
    case db::DriverKind::kSqlite: return open_sqlite_result_store(o.sqlite_path);
    case db::DriverKind::kPgsql: return open_pgsql_result_store(o);
    case db::DriverKind::kMysql: break;
  }
  return usage_error("--results-db", fmt::format("'{}': results are kept in SQLite or PostgreSQL, "
                                                 "not MySQL/MariaDB",
                                                 db::redact_db_url(url)));
}

Expected<std::unique_ptr<ResultStore>> open_existing_result_store(const std::string& url) {
  std::string sqlite_path;
  if (url.empty()) {
    sqlite_path = default_results_db();
  } else if (url.find("://") == std::string::npos && !url.starts_with("sqlite:")) {
    sqlite_path = url;
  } else if (auto parsed = db::parse_db_url(url);
             parsed && parsed->options.kind == db::DriverKind::kSqlite) {
    sqlite_path = parsed->options.sqlite_path;
  }
  std::error_code ec;
  if (!sqlite_path.empty() && !std::filesystem::exists(sqlite_path, ec)) {
    return usage_error(sqlite_path,
                       "no saved result: there is no results store here (nothing was saved yet)");
  }
  return open_result_store(url);
}

}  // namespace hostmark
