// The PostgreSQL results store against the real server (tests/db_servers.h; skipped with the
// reason when it was not started): the backend checks, the URL without its password, migration
// of a version-1 database, a newer schema refused, and two stores creating the schema at once.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "db/db_url.h"
#include "db_servers.h"
#include "result_store_test_util.h"
#include "results/result_store_backends.h"

namespace hostmark {
namespace {

using testing_store::sample_result;

// The URL of the private database `o`, password included.
std::string url_of(const db::ConnectOptions& o) {
  return fmt::format("postgresql://{}:{}@/{}?host={}&port={}", o.user, o.password, o.database,
                     o.host, o.port);
}

void run_sql(const db::ConnectOptions& o, const std::string& text) {
  db::make_driver(o).value()->connect()->query(text);
}

TEST(ResultStorePgsql, SavesGetsAndLists) {
  HOSTMARK_PGSQL_OR_SKIP(opts, false);
  auto store = open_result_store(url_of(opts)).value();
  testing_store::check_save_get_list(*store);
}

TEST(ResultStorePgsql, UpdatesRemovesAndNeverReusesIds) {
  HOSTMARK_PGSQL_OR_SKIP(opts, true);
  auto store = open_result_store(url_of(opts)).value();
  testing_store::check_update_remove(*store);
}

TEST(ResultStorePgsql, KeepsImportedJsonVerbatim) {
  HOSTMARK_PGSQL_OR_SKIP(opts, false);
  auto store = open_result_store(url_of(opts)).value();
  testing_store::check_save_json(*store);
}

TEST(ResultStorePgsql, DescribesItselfWithoutThePassword) {
  HOSTMARK_PGSQL_OR_SKIP(opts, true);
  const auto store = open_result_store(url_of(opts));
  ASSERT_TRUE(store) << store.error().message();
  EXPECT_EQ((*store)->describe(), db::display_db_url(opts));
  EXPECT_EQ((*store)->describe().find(":" + opts.password + "@"), std::string::npos);

  db::ConnectOptions wrong = opts;
  wrong.password = "wrong-Pw";
  const auto refused = open_result_store(url_of(wrong));
  ASSERT_FALSE(refused);
  EXPECT_TRUE(refused.error().message().starts_with(db::display_db_url(opts) + ": "))
      << refused.error().message();
  EXPECT_EQ(refused.error().message().find("wrong-Pw"), std::string::npos)
      << refused.error().message();
}

TEST(ResultStorePgsql, MigratesAVersionOneDatabase) {
  HOSTMARK_PGSQL_OR_SKIP(opts, false);
  open_pgsql_result_store(opts, 1).value();
  std::string json = result_to_json(sample_result("memory", "old-host", 25.5)).dump();
  std::string quoted;
  for (char c : json) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  run_sql(opts,
          "INSERT INTO hostmark_results (command, hostname, start_time_utc, start_time_unix_ns, "
          "interrupted, hostmark_version, json) VALUES ('memory', 'old-host', "
          "'2026-12-03T10:00:00Z', 1, false, '0.0-test', '" +
              quoted + "')");
  auto store = open_result_store(url_of(opts)).value();
  const auto rows = store->list({}).value();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].summary, "single-thread events_per_s=25.5 events/s") << "backfilled";
  EXPECT_GT(store->save(sample_result("cpu", "h", 1)).value(), rows[0].id);
}

TEST(ResultStorePgsql, RefusesANewerSchema) {
  HOSTMARK_PGSQL_OR_SKIP(opts, false);
  open_result_store(url_of(opts)).value();
  run_sql(opts, "UPDATE hostmark_schema SET version = 99");
  const auto store = open_result_store(url_of(opts));
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().message(),
            fmt::format("{}: schema version 99 is newer than this hostmark knows ({}): use a "
                        "newer hostmark",
                        db::display_db_url(opts), kResultStoreSchemaVersion));
}

// Opening an up-to-date store runs no DDL and takes no lock, so a role that may only read and
// write its tables can use it: here every new session of the database is read-only, which makes
// any CREATE fail, and listing still works (saving then fails with the server's reason).
TEST(ResultStorePgsql, AnUpToDateStoreOpensWithoutDdl) {
  HOSTMARK_PGSQL_OR_SKIP(opts, false);
  open_result_store(url_of(opts)).value()->save(sample_result("cpu", "h", 1)).value();
  run_sql(opts, "ALTER DATABASE " + opts.database + " SET default_transaction_read_only = on");
  const auto store = open_result_store(url_of(opts));
  ASSERT_TRUE(store) << store.error().message();
  EXPECT_EQ((*store)->list({}).value().size(), 1u);
  const auto saved = (*store)->save(sample_result("cpu", "h", 2));
  ASSERT_FALSE(saved);
  EXPECT_NE(saved.error().message().find("read-only"), std::string::npos)
      << saved.error().message();
}

// Four stores open the fresh database at once (each creating the schema under the advisory
// lock) and save 25 results each.
TEST(ResultStorePgsql, ConcurrentFirstOpensTakeTurns) {
  HOSTMARK_PGSQL_OR_SKIP(opts, false);
  constexpr int kStores = 4;
  constexpr int kEach = 25;
  std::vector<std::string> errors(kStores);
  std::vector<std::thread> threads;
  for (int t = 0; t < kStores; ++t) {
    threads.emplace_back([&, t] {
      auto store = open_result_store(url_of(opts));
      if (!store) {
        errors[t] = store.error().message();
        return;
      }
      for (int i = 0; i < kEach && errors[t].empty(); ++i) {
        auto id = (*store)->save(sample_result("cpu", "h", i));
        if (!id) errors[t] = id.error().message();
      }
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
  const auto rows = open_result_store(url_of(opts)).value()->list({}).value();
  std::set<std::int64_t> ids;
  for (const auto& r : rows) ids.insert(r.id);
  EXPECT_EQ(ids.size(), std::size_t{kStores * kEach});
}

}  // namespace
}  // namespace hostmark
