#include "workloads/sysbench_lua_workload.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace hostmark {
namespace {

class LuaScriptWorker final : public EventWorker {
 public:
  LuaScriptWorker(std::unique_ptr<LuaScriptState> state) : state_(std::move(state)) {
    own_loop_ = state_->has_function("thread_run");
    if (state_->has_function("thread_init")) state_->call("thread_init");
  }
  ~LuaScriptWorker() override {
    try {
      if (state_->has_function("thread_done")) state_->call("thread_done");
    } catch (const LuaScriptError& e) {  // a worker thread: C stdio, not std::cerr
      std::fprintf(stderr, "FATAL: %s\n", e.what());
    }
  }
  bool execute() override {
    if (own_loop_) {
      if (done_) return false;
      done_ = true;
      state_->call("thread_run");
      return false;
    }
    // sysbench calls event() from its Lua thread_run() loop: a failure is thread_run's.
    return !state_->call_event();
  }

 private:
  std::unique_ptr<LuaScriptState> state_;
  bool own_loop_ = false;
  bool done_ = false;
};

}  // namespace

LuaScriptWorkload::LuaScriptWorkload(LuaScriptSpec spec, std::vector<LuaOption> options,
                                     bool legacy_globals, std::unique_ptr<LuaSharedCounters> shared,
                                     std::unique_ptr<LuaScriptState> main, double percentile)
    : spec_(std::move(spec)),
      options_(std::move(options)),
      legacy_globals_(legacy_globals),
      shared_(std::move(shared)),
      main_(std::move(main)),
      percentile_(percentile) {}

LuaScriptWorkload::~LuaScriptWorkload() {
  report_state_.reset();
  try {
    if (main_->has_function("done")) main_->call("done");
  } catch (const LuaScriptError& e) {
    std::cout.flush();
    std::cerr << "FATAL: " << e.what() << '\n';
  }
}

std::unique_ptr<EventWorker> LuaScriptWorkload::make_worker(int thread_index, int /*count*/) {
  return std::make_unique<LuaScriptWorker>(
      std::make_unique<LuaScriptState>(spec_, *shared_, thread_index, options_, legacy_globals_));
}

std::string LuaScriptWorkload::intermediate_report(const IntervalSample& sample,
                                                   double& previous_s) const {
  const double interval = sample.time_s - previous_s;
  previous_s = sample.time_s;
  std::lock_guard lock(report_mutex_);
  if (!report_hook_checked_) {
    report_hook_checked_ = true;
    if (main_->has_hook("report_intermediate"))
      report_state_ = std::make_unique<LuaScriptState>(spec_, *shared_, std::nullopt, options_,
                                                       legacy_globals_);
  }
  if (report_state_ == nullptr) {
    const double eps = sample.events_per_s;
    return fmt::format(
        "[ {}s ] thds: {} tps: {:4.2f} qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,{}%): {:4.2f} "
        "err/s 0.00 reconn/s: 0.00",
        std::llround(sample.time_s), sample.threads, eps, std::llround(percentile_),
        static_cast<double>(sample.latency_pct_ns) / 1e6);
  }
  LuaReportStat stat;
  stat.time_total = sample.time_s;
  stat.time_interval = interval > 0 ? interval : sample.time_s;
  stat.threads_running = sample.threads;
  stat.events = sample.events_per_s * stat.time_interval;
  stat.latency_pct_s = static_cast<double>(sample.latency_pct_ns) / 1e9;
  report_state_->call_hook("report_intermediate", stat);
  return "";
}

bool LuaScriptWorkload::cumulative_report(const LuaReportStat& stat) {
  {
    std::lock_guard lock(report_mutex_);
    report_state_.reset();
  }
  if (!main_->has_hook("report_cumulative")) return false;
  main_->call_hook("report_cumulative", stat);
  return true;
}

}  // namespace hostmark
