#pragma once
// The tests `hostmark sysbench` knows, registered in a table (one entry per test): their
// options, how to build the workload, the lines sysbench prints about them before the run,
// and the metrics of their own report section.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/sysbench_args.h"
#include "results/result.h"
#include "runner/run_spec.h"
#include "runner/workload.h"
#include "storage/storage_context.h"

namespace hostmark {

// The option groups a test's arguments were validated against: common + the test's own.
using SbGroups = std::span<const SbOptionGroup>;

struct SysbenchTest {
  std::string_view name;
  std::string_view description;
  std::span<const SbOptionDef> options;
  // args have been validated against common + this test's options (`groups`).
  std::unique_ptr<Workload> (*make_workload)(const SbArgs& args,
                                             std::span<const SbOptionGroup> groups,
                                             std::uint64_t seed);
  std::vector<std::string> (*header_lines)(const SbArgs& args,
                                           std::span<const SbOptionGroup> groups);
  // The figures of the test's own report section ("events_per_s", "transferred_mib"...).
  // `workload` is the one make_workload built, after the run. May throw Failure (run error)
  // when the run failed at its end (fileio's end fsync).
  void (*add_metrics)(const SbArgs& args, std::span<const SbOptionGroup> groups,
                      const Workload& workload, const RunOutcome& outcome,
                      std::vector<Metric>& metrics);
  // Optional (nullptr: the test refuses the command): the `prepare` and `cleanup` commands,
  // printing sysbench's messages to `out`. Return the exit status; throw Failure on errors.
  int (*prepare)(const SbArgs& args, std::span<const SbOptionGroup> groups,
                 std::ostream& out) = nullptr;
  int (*cleanup)(const SbArgs& args, std::span<const SbOptionGroup> groups,
                 std::ostream& out) = nullptr;
  // Optional: the test's own intermediate report line (nullptr: "thds: eps: lat"). `state`
  // starts empty and is kept between calls of one run.
  std::string (*interval_line)(const Workload& workload, const IntervalSample& sample,
                               double percentile, std::vector<double>& state) = nullptr;
  // Optional: storage tests describe the current directory in Result::storage and warn from
  // these facts of the finished phase; --monitor (refused by other tests) watches the
  // directory's disk during the run.
  storage::MeasureFacts (*storage_facts)(const SbArgs& args, std::span<const SbOptionGroup> groups,
                                         const Phase& phase) = nullptr;
  // Optional: called (on the control thread) when --warmup-time ends, so that the test's own
  // counters restart from zero with the measured run.
  void (*warmup_done)(Workload& workload) = nullptr;
  // Optional: after the report is written, an error that ended the run early (the report covers
  // what ran before it): non-empty makes `hostmark: <it>` on stderr and exit status 1.
  std::string (*end_error)(const Workload& workload) = nullptr;
  // What the runner does around each event (runner/event_accounting.h). sysbench's own
  // bookkeeping (kSysbench) keeps events/s meaning what sysbench's mean when an event is a few
  // hundred ns of work (cpu, memory, threads, mutex, fileio on the page cache). An OLTP event
  // is at least one server round trip (tens of µs), which that bookkeeping does not change:
  // those tests use hostmark's lean accounting, and `--histogram` regroups its exact histogram
  // into sysbench's buckets.
  EventAccounting accounting = EventAccounting::kSysbench;
  // sysbench's memory test ends by its own limit (--memory-total-size) and drops --events (its
  // init sets max_events to 0): --events=1 still moves the whole total.
  bool ignores_events = false;
  // Optional: the test's own final report in place of the standard one (a Lua script's
  // report_cumulative hook), called after the run whatever the verbosity; false: it has none.
  bool (*own_final_report)(Workload& workload, const RunOutcome& outcome,
                           double percentile) = nullptr;
  // The command printed sysbench's version line already (a Lua script's body printed after it).
  bool version_printed = false;
  // Optional: the OLTP scripts' `prewarm` command, as prepare and cleanup.
  int (*prewarm)(const SbArgs& args, std::span<const SbOptionGroup> groups,
                 std::ostream& out) = nullptr;
};

std::span<const SysbenchTest> sysbench_tests();
const SysbenchTest* find_sysbench_test(std::string_view name);

// Options every test accepts, in the order of sysbench's --help: its general, random-number, log
// and database options (general, mysql, pgsql), then hostmark's own (--warmup-time,
// --output-format, --output...; SQLite and TLS). The first seven groups are sysbench's.
inline constexpr std::size_t kSysbenchOwnGroups = 7;
std::span<const SbOptionGroup> sysbench_common_groups();

}  // namespace hostmark
