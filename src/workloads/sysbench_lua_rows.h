#pragma once
// Result sets of the sysbench SQL API (sysbench 1.0.20's sql_result): like sysbench, each
// connection (here: each Lua state's one connection) has one, which the next statement,
// free() or a disconnect ends. A script's result objects are views of it (their nrows and
// nfields read it when asked); fetch_row() walks its rows.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/db_driver.h"

struct lua_State;

namespace hostmark {

class LuaScriptState;

struct LuaSqlResult {
  bool open = false;        // a result set is pending (sysbench's DB_CONN_RESULT_SET)
  std::uint64_t nrows = 0;  // rows returned; after a write, the rows it changed
  std::size_t nfields = 0;  // result columns
  std::vector<db::RowValues> rows{};
  std::size_t next = 0;  // the row fetch_row() gives next

  // Ends the result set (sysbench's db_free_results).
  void free() {
    open = false;
    nrows = 0;
    nfields = 0;
    rows.clear();
    next = 0;
  }
  // A statement starts: the pending result set ends.
  void begin() {
    if (open) free();
  }
  // A statement ended with `r` (its rows not kept): a read leaves a result set pending, a write
  // sets nrows to the rows it changed (sysbench's drivers do so; "other" leaves nrows).
  void end(const db::QueryResult& r) {
    if (r.kind == db::QueryKind::kOther) return;
    nrows = r.rows;
    open = r.kind == db::QueryKind::kRead;
  }
  // As end(), keeping the rows of a read.
  void take(db::Rows r) {
    end(r.result);
    if (!open) return;
    nfields = r.columns;
    rows = std::move(r.rows);
    next = 0;
  }
};

// The SQL API's ALERT lines (sysbench's log_text(LOG_ALERT, ...)), on standard output, a line
// repeated at once folded as sysbench's logger does: "(last message repeated N times)" before
// the next other line. One per Lua state (sysbench's folding is process-wide and counts its
// other messages too).
class LuaAlertLog {
 public:
  void print(std::string_view text);

 private:
  std::string last_;
  unsigned repeated_ = 0;
};

// Pushes a table of the C functions the Lua side of the SQL API (sysbench_lua_sql_objects.cc)
// builds its result objects on: query(sql) and execute(statement) (true when a result set is
// pending), fetch() (the next row as a table, NULL as a hole; nil at the end), free() (false,
// with sysbench's ALERT, when none is pending), nrows(), nfields(); alert(text) (LuaAlertLog)
// and reconnect() (counted as sysbench counts it).
void push_sysbench_sql_rows(lua_State* L, LuaScriptState& state);

// The legacy API's result objects (sysbench.rs): db_execute() pushes one (`pending`: it left a
// result set); register_legacy_results() sets the globals db_store_results(rs) (a no-op, as in
// sysbench 1.0) and db_free_results(rs) (frees the connection's result set), both raising
// "Uninitialized database connection" before any connection, as sysbench's.
void push_legacy_result(lua_State* L, bool pending);
void register_legacy_results(lua_State* L, LuaScriptState& state);

}  // namespace hostmark
