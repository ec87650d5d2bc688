#pragma once
// The results store: every saved run, kept by id, in SQLite by default (one file,
// $XDG_DATA_HOME/hostmark/results.db, else ~/.local/share/hostmark/results.db) or in PostgreSQL
// (`--results-db postgresql://...`), so a team can collect from many machines in one place.
// The schema is versioned and migrated on open. Two processes saving at once lose nothing.
// Each stored result keeps the JSON text it was saved as (docs/RESULT_SCHEMA.md), verbatim.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "results/result.h"

namespace hostmark {

// One line of `hostmark results list`.
struct StoredResultInfo {
  std::int64_t id = 0;
  std::string command;  // "suite", "sysbench cpu", ...
  std::string hostname;
  std::string start_time_utc;  // ISO 8601
  bool interrupted = false;
  std::string summary;  // the headline figure(s), e.g. "cpu.single-thread 1662 events/s"
};

struct ResultFilter {
  std::string command;    // "" = any
  std::string hostname;   // "" = any
  std::size_t limit = 0;  // 0 = all; newest first
};

class ResultStore {
 public:
  virtual ~ResultStore() = default;
  // Saves `result` as a new entry; returns its id (ids are never reused).
  virtual Expected<std::int64_t> save(const Result& result) = 0;
  // Saves a result given as its JSON document (`results import`): checked with
  // result_from_json (usage error naming the bad field), then kept verbatim, `host` included.
  virtual Expected<std::int64_t> save_json(const nlohmann::json& doc) = 0;
  // Replaces the entry `id` (the suite rewrites its result after every step, so a stopped
  // suite keeps what it measured). Run error when there is no such id.
  virtual Status update(std::int64_t id, const Result& result) = 0;
  virtual Expected<std::vector<StoredResultInfo>> list(const ResultFilter& filter) = 0;
  // The entry read back from its JSON text (every backend keeps the same text, so this is not a
  // virtual). Usage error "result N: no such result in <store>" when absent; run error when the
  // stored text does not parse.
  Expected<Result> get(std::int64_t id);
  // The JSON text the entry was saved as (for `results show`/`export`).
  virtual Expected<std::string> get_json(std::int64_t id) = 0;
  virtual Status remove(std::int64_t id) = 0;
  // What this store is, without any password: "sqlite /root/.local/share/hostmark/results.db".
  virtual std::string describe() const = 0;
};

// The default SQLite file for this process's environment (XDG_DATA_HOME, HOME).
std::string default_results_db();
// The same from the given values ("" when unset): "<xdg>/hostmark/results.db", else
// "<home>/.local/share/hostmark/results.db", else "hostmark-results.db".
std::string default_results_db(const std::string& xdg_data_home, const std::string& home);

// Opens (creating and migrating as needed) the store named by `url`: a postgresql:// or
// postgres:// URL, a sqlite:// URL, or a plain file path; "" = default_results_db().
Expected<std::unique_ptr<ResultStore>> open_result_store(const std::string& url);

// As open_result_store, for commands that only read or delete (results list/show/delete/export,
// compare, report): a SQLite file that does not exist is a usage error naming it ("no saved
// result: <path> does not exist"), never created.
Expected<std::unique_ptr<ResultStore>> open_existing_result_store(const std::string& url);

}  // namespace hostmark
