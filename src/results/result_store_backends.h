#pragma once
// The two results-store backends behind results/result_store.h, and what they share: the schema
// version this build writes and the refusal of a newer one. open_result_store() picks one.
#include <memory>
#include <string>

#include "core/error.h"
#include "db/db_driver.h"
#include "results/result_store.h"

namespace hostmark {

// The schema version this build migrates to (docs/RESULTS_STORE.md lists each version).
inline constexpr int kResultStoreSchemaVersion = 2;

// The SQLite file at `path` (its directory created), migrated to `schema_version` (tests pass 1
// to make a version-1 file; everything else the default).
Expected<std::unique_ptr<ResultStore>> open_sqlite_result_store(
    const std::string& path, int schema_version = kResultStoreSchemaVersion);

// The PostgreSQL database of `options` (libpq loaded at run time), migrated likewise.
Expected<std::unique_ptr<ResultStore>> open_pgsql_result_store(
    const db::ConnectOptions& options, int schema_version = kResultStoreSchemaVersion);

// "<store>: schema version N is newer than this hostmark knows (M): use a newer hostmark".
Error newer_schema_error(const std::string& store, int found);

// "result N: no such result in <store>" (a usage error: the id was the user's).
Error no_such_result(const std::string& store, std::int64_t id);

}  // namespace hostmark
