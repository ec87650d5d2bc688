#pragma once
// One Lua (LuaJIT) state running a user's sysbench 1.0.20 script: the prelude's `sysbench`
// table, the script's body, and calls of its functions (init, event, thread_done, hooks,
// custom commands). sysbench gives each worker thread its own state, the main thread one,
// and the intermediate reports one: so does hostmark. A state is used by one thread at a time.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "cli/sysbench_args.h"
#include "db/db_driver.h"
#include "workloads/sysbench_lua_rows.h"
#include "workloads/sysbench_random.h"

struct lua_State;

namespace hostmark {

// An error of the script (syntax, a failed function): `what()` is the text sysbench prints
// after "FATAL: ".
class LuaScriptError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A value of sysbench.opt: nil, a flag, a number, a string or a list (a table of strings).
using LuaOptionValue =
    std::variant<std::monostate, bool, double, std::string, std::vector<std::string>>;

struct LuaOption {
  std::string name;  // as the command line spells it ('-' or '_'); sysbench.opt uses '_'
  LuaOptionValue value;
};

// An option the script declares in sysbench.cmdline.options.
struct LuaDeclaredOption {
  std::string name;
  std::string description;
  std::optional<std::string> default_text;  // as sysbench shows it: "on"/"off", "a,b", "10"
  SbArgType type = SbArgType::kString;
};

struct LuaScriptSpec {
  std::string path;    // sysbench.cmdline.script_path; "" for a script from standard input
  std::string source;  // the script's text
  RandSpec rand;
  std::uint64_t seed = 0;         // of the threads' generators (each state mixes in its thread id)
  std::vector<std::string> argv;  // sysbench.cmdline.argv: the arguments after `sysbench`
  std::string command;            // sysbench.cmdline.command ("" : nil)
};

// What all states of one process share: sysbench.rand.unique()'s sequence, the database
// driver of the SQL API (made on first use from the options) and its statement counts.
struct LuaSharedCounters {
  std::atomic<std::uint32_t> unique_index{0};
  std::uint32_t unique_offset = 0;

  // Makes the driver the database options name; unset: the SQL API fails.
  std::function<std::unique_ptr<db::Driver>()> make_driver;
  // The driver, made on the first call (thread-safe). Throws Failure.
  const db::Driver& sql_driver();
  std::atomic<bool> sql_used{false};  // a connection was made: the report shows SQL statistics
  std::atomic<std::uint64_t> sql_reads{0};
  std::atomic<std::uint64_t> sql_writes{0};
  std::atomic<std::uint64_t> sql_others{0};
  std::atomic<std::uint64_t> sql_errors{0};  // ignored errors (the event restarted)
  std::atomic<std::uint64_t> sql_reconnects{0};

 private:
  std::mutex driver_mutex_;
  std::unique_ptr<db::Driver> driver_;
};

// The figures a report hook's `stat` table holds (seconds, counts).
struct LuaReportStat {
  double time_total = 0;
  double time_interval = 0;
  int threads_running = 0;
  double events = 0;
  double latency_pct_s = 0;
  double latency_min_s = 0;
  double latency_max_s = 0;
  double latency_avg_s = 0;
  double latency_sum_s = 0;
  double reads = 0;  // SQL statements in the period
  double writes = 0;
  double other = 0;
  double errors = 0;
  double reconnects = 0;
};

class LuaScriptState {
 public:
  // Opens a state, runs the prelude and the script's body with sysbench.tid = thread_id (0
  // for the main and reporting states, whose functions get nil as their thread id) and sysbench.opt
  // = `options`; `legacy_globals` also sets each option as a global (scripts that declare no
  // options). Throws LuaScriptError.
  LuaScriptState(const LuaScriptSpec& spec, LuaSharedCounters& shared, std::optional<int> thread_id,
                 const std::vector<LuaOption>& options, bool legacy_globals);
  ~LuaScriptState();
  LuaScriptState(const LuaScriptState&) = delete;
  LuaScriptState& operator=(const LuaScriptState&) = delete;

  // sysbench.opt (and the globals, for legacy scripts) from now on.
  void set_options(const std::vector<LuaOption>& options, bool legacy_globals);
  // sysbench.cmdline.options as declared; nullopt when the script declares none.
  std::optional<std::vector<LuaDeclaredOption>> declared_options();

  bool has_function(const char* name);
  // Calls the global function `name` with the thread id (nil in the main state). Returns
  // whether it returned a value other than nil and false. Throws LuaScriptError
  // ("`name' function failed: <error>", or `as' for name when given).
  bool call(const char* name, const char* as = nullptr);

  // One event as sysbench's thread_run() loop runs it: event(tid) again while it raises
  // {errcode = sysbench.error.RESTART_EVENT} (after sysbench.hooks.before_restart_event);
  // other errors are thread_run's. Returns whether event() asked to stop.
  bool call_event();

  bool has_hook(const char* name);  // sysbench.hooks.<name> is a function
  void call_hook(const char* name, const LuaReportStat& stat);

  bool command_defined(const std::string& name);   // sysbench.cmdline.commands[name]
  bool command_parallel(const std::string& name);  // ... with sysbench.cmdline.PARALLEL_COMMAND
  bool call_command(const std::string& name);      // false: the command failed

  SysbenchRandom& random() { return random_; }
  LuaSharedCounters& shared() { return shared_; }
  // This state's connection of the SQL API (the legacy db_query()'s): made on first use.
  // Throws Failure.
  db::Connection& sql_connection();
  // Closes the connection, its statements and its result set.
  void sql_disconnect() {
    for (auto& s : statements_) s.reset();
    connection_.reset();
    sql_result_.free();
  }
  bool sql_connected() const { return connection_ != nullptr; }
  // The connection's result set (the SQL API's result objects read it).
  LuaSqlResult& sql_result() { return sql_result_; }
  LuaAlertLog& alerts() { return alerts_; }
  // The legacy db_prepare()'s statements, by index (null once closed or disconnected).
  std::size_t add_statement(std::unique_ptr<db::Statement> s) {
    statements_.push_back(std::move(s));
    return statements_.size() - 1;
  }
  db::Statement* statement(std::size_t i) {
    return i < statements_.size() ? statements_[i].get() : nullptr;
  }
  void close_statement(std::size_t i) {
    if (i < statements_.size()) statements_[i].reset();
  }

 private:
  void protected_call(int args, int results, const std::string& what);
  bool cmdline_predicate(const char* function, const std::string& name,
                         const std::string& error_name);

  lua_State* L_;
  std::optional<int> thread_id_;
  SysbenchRandom random_;
  LuaSharedCounters& shared_;
  std::unique_ptr<db::Connection> connection_;
  std::vector<std::unique_ptr<db::Statement>> statements_;  // before connection_'s end
  LuaSqlResult sql_result_;
  LuaAlertLog alerts_;
};

}  // namespace hostmark
