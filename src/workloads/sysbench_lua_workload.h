#pragma once
// A user's sysbench Lua script as a Workload: each worker thread opens its own Lua state (the
// script's body runs there, then thread_init(tid)); an event is one call of event(tid) (a
// value other than nil/false stops the thread, that call uncounted), or the script's own
// thread_run(tid) once in place of the event loop; the worker's end calls thread_done(tid).
// The main state (the script's init() ran there) stays with the workload for the cumulative
// report hook and done(), which its destructor calls; intermediate report hooks run in a
// state of their own, opened on the first report.
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runner/workload.h"
#include "stats/measures.h"
#include "workloads/sysbench_lua_state.h"

namespace hostmark {

class LuaScriptWorkload final : public Workload {
 public:
  LuaScriptWorkload(LuaScriptSpec spec, std::vector<LuaOption> options, bool legacy_globals,
                    std::unique_ptr<LuaSharedCounters> shared, std::unique_ptr<LuaScriptState> main,
                    double percentile);
  ~LuaScriptWorkload() override;  // done() in the main state (an error is printed, not thrown)
  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override;

  // An intermediate report (control thread): the script's report_intermediate hook, which
  // prints itself (returns ""), or sysbench's default line for scripts. `previous_s` holds the
  // previous report's time (starts at 0).
  std::string intermediate_report(const IntervalSample& sample, double& previous_s) const;
  // The final report through the script's report_cumulative hook; false when it has none.
  // Closes the intermediate reports' state first (report_json closes its array there).
  bool cumulative_report(const LuaReportStat& stat);
  // The SQL API's statement counts (all threads).
  const LuaSharedCounters& shared() const { return *shared_; }

 private:
  LuaScriptSpec spec_;
  std::vector<LuaOption> options_;
  bool legacy_globals_;
  std::unique_ptr<LuaSharedCounters> shared_;
  std::unique_ptr<LuaScriptState> main_;
  double percentile_;
  // The intermediate reports' state: made on the first report, on the control thread; mutable
  // because reporting does not change the workload.
  mutable std::mutex report_mutex_;
  mutable std::unique_ptr<LuaScriptState> report_state_;
  mutable bool report_hook_checked_ = false;
};

}  // namespace hostmark
