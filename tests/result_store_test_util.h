#pragma once
// Results for the results-store tests (small, complete, distinguishable by command, host and
// value) and the checks every backend passes (tests/result_store_*_test.cc).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "results/result.h"
#include "results/result_store.h"
#include "results/result_to_json.h"

namespace hostmark::testing_store {

inline Result sample_result(const std::string& command, const std::string& host, double value) {
  Result r;
  r.command = command;
  r.context.hostname = host;
  r.context.kernel = "6.1.0-test";
  r.context.arch = "x86_64";
  r.context.cpu_model = "Test CPU";
  r.context.cpu_count = 2;
  r.context.memory_bytes = 1u << 30;
  r.context.hostmark_version = "0.0-test";
  r.context.start_time_utc = "2026-12-03T10:00:00Z";
  r.context.start_time_unix_ns = 1'796'292'000'000'000'000;
  r.options = {{"threads", "1"}};
  Phase p;
  p.name = "single-thread";
  p.metrics.push_back({"events_per_s", value, "events/s"});
  p.duration_s = 1.5;
  r.phases.push_back(p);
  r.notes.push_back("a note");
  return r;
}

// What every backend must do, checked on an empty `store`.
inline void check_save_get_list(ResultStore& store) {
  const Result a = sample_result("cpu", "alpha", 1662);
  const Result b = sample_result("sysbench cpu", "beta", 4040.5);
  const std::int64_t id_a = store.save(a).value();
  const std::int64_t id_b = store.save(b).value();
  EXPECT_GT(id_b, id_a);

  const Result got = store.get(id_a).value();
  EXPECT_EQ(got.command, "cpu");
  EXPECT_EQ(got.context.hostname, "alpha");
  ASSERT_EQ(got.phases.size(), 1u);
  EXPECT_EQ(got.phases[0].metrics.at(0).value, 1662);
  EXPECT_EQ(store.get_json(id_b).value(), result_to_json(b).dump());

  const auto all = store.list({}).value();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].id, id_b);  // newest first
  EXPECT_EQ(all[0].command, "sysbench cpu");
  EXPECT_EQ(all[0].hostname, "beta");
  EXPECT_EQ(all[0].start_time_utc, "2026-12-03T10:00:00Z");
  EXPECT_FALSE(all[0].interrupted);
  EXPECT_EQ(all[0].summary, "single-thread events_per_s=4040.5 events/s");
  EXPECT_EQ(all[1].id, id_a);

  ASSERT_EQ(store.list({"cpu", "", 0}).value().size(), 1u);
  EXPECT_EQ(store.list({"cpu", "", 0}).value()[0].id, id_a);
  ASSERT_EQ(store.list({"", "beta", 0}).value().size(), 1u);
  EXPECT_EQ(store.list({"", "beta", 0}).value()[0].id, id_b);
  EXPECT_TRUE(store.list({"cpu", "beta", 0}).value().empty());
  ASSERT_EQ(store.list({"", "", 1}).value().size(), 1u);
  EXPECT_EQ(store.list({"", "", 1}).value()[0].id, id_b);
}

// Deleting, replacing, ids never reused, missing ids named.
inline void check_update_remove(ResultStore& store) {
  const std::int64_t first = store.save(sample_result("cpu", "h", 1)).value();
  const std::int64_t second = store.save(sample_result("cpu", "h", 2)).value();
  Result changed = sample_result("suite", "h", 3);
  changed.interrupted = true;
  store.update(first, changed).value();
  EXPECT_EQ(store.get(first).value().command, "suite");
  EXPECT_TRUE(store.list({"suite", "", 0}).value().at(0).interrupted);

  store.remove(second).value();
  const std::int64_t third = store.save(sample_result("cpu", "h", 4)).value();
  EXPECT_GT(third, second) << "an id was reused";

  const Status gone = store.remove(second);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().message(),
            fmt::format("result {}: no such result in {}", second, store.describe()));
  EXPECT_EQ(gone.error().exit_code(), 2);
  EXPECT_FALSE(store.get(second));
  EXPECT_FALSE(store.get_json(second));
  const Status not_updated = store.update(second, changed);
  ASSERT_FALSE(not_updated);
  EXPECT_EQ(not_updated.error().exit_code(), 1);
}

// An imported document is kept verbatim (keys the reader ignores included); a document that is
// not a result is refused and nothing is saved.
inline void check_save_json(ResultStore& store) {
  nlohmann::json doc = result_to_json(sample_result("fs", "gamma", 7));
  doc["host"] = {{"cpu", {{"model", "Kept CPU"}}}};
  const std::int64_t id = store.save_json(doc).value();
  EXPECT_EQ(nlohmann::json::parse(store.get_json(id).value()), doc);
  EXPECT_EQ(store.list({"fs", "", 0}).value().at(0).hostname, "gamma");

  const std::size_t before = store.list({}).value().size();
  EXPECT_FALSE(store.save_json(nlohmann::json{{"schema", "something else"}}));
  EXPECT_EQ(store.list({}).value().size(), before);
}

}  // namespace hostmark::testing_store
