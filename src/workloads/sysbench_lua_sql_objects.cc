#include "workloads/sysbench_lua_sql_objects.h"

namespace hostmark {
namespace {

// One connection per Lua state underneath (every connection object of a state shares it, as
// does the legacy API); each object still remembers being disconnected, as sysbench's do. The
// messages are sysbench's (its db_driver.c ALERTs and sysbench.sql.lua's errors).
constexpr std::string_view kSqlObjects = R"lua(
local c_connect, c_disconnect = db_connect, db_disconnect
local c_bi_init, c_bi_next, c_bi_done =
  db_bulk_insert_init, db_bulk_insert_next, db_bulk_insert_done
local c_prepare, c_bind, c_close = db_prepare, db_bind_param, db_close
local c_driver_name, c_rs = ...
local setmetatable, select, ipairs, type, error, assert, unpack =
  setmetatable, select, ipairs, type, error, assert, unpack
local function alert(text) c_rs.alert(text) end

sysbench.sql = {}
local sql_type = {NONE = 0, TINYINT = 1, SMALLINT = 2, INT = 3, BIGINT = 4, FLOAT = 5,
                  DOUBLE = 6, TIME = 7, DATE = 8, DATETIME = 9, TIMESTAMP = 10, CHAR = 11,
                  VARCHAR = 12}
sysbench.sql.type = sql_type
sysbench.sql.error = {NONE = 0, IGNORABLE = 1, FATAL = 2}

local closed = setmetatable({}, {__mode = "k"})  -- disconnected connection objects
local owner = setmetatable({}, {__mode = "k"})   -- result object -> its connection object

-- sysbench's check_error() on a closed connection: the ALERT, then an API error raised at
-- `level` (called in tail position, as sysbench's is, so that the level counts alike).
local function closed_connection(level)
  alert("attempt to use an already closed connection")
  error("SQL API error", level)
end

local result = {}
local result_mt = {__tostring = function() return "<sql_result>" end}
function result_mt.__index(rs, key)
  if key == "nrows" then return c_rs.nrows() end
  if key == "nfields" then return c_rs.nfields() end
  return result[key]
end
local function new_result(con) local rs = setmetatable({}, result_mt) owner[rs] = con return rs end
-- A statement without a result set gives what sysbench's does: its NULL sql_result pointer,
-- which equals nil yet prints "<sql_result>" and has the result methods.
local no_result = nil
local has_ffi, ffi = pcall(require, "ffi")
if has_ffi then
  ffi.cdef("struct hostmark_sql_null_result;")
  ffi.metatype("struct hostmark_sql_null_result", result_mt)
  no_result = ffi.cast("struct hostmark_sql_null_result *", nil)
end
function result.fetch_row(self)
  if closed[owner[self]] then
    alert("attempt to use an already closed connection")
    return nil
  end
  return c_rs.fetch()
end
function result.free(self)
  local ok
  if closed[owner[self]] then
    alert("attempt to use an already closed connection")
    ok = false
  else
    ok = c_rs.free()
  end
  return assert(ok, "db_free_results() failed")
end

local param = {}
param.__index = param
param.__tostring = function() return "<sql_param>" end
function param.set(self, value)
  if value ~= nil and self.max_len ~= nil then value = tostring(value):sub(1, self.max_len) end
  self.value = value
end
function param.set_null(self) self.value = nil end

local statement = {}
local statement_mt = {__index = statement, __tostring = function() return "<sql_statement>" end}
function statement.bind_create(self, btype, max_len)
  local p = setmetatable({}, param)
  if btype == sql_type.TINYINT or btype == sql_type.SMALLINT or btype == sql_type.INT or
     btype == sql_type.BIGINT then
    p.type = sql_type.BIGINT
  elseif btype == sql_type.FLOAT or btype == sql_type.DOUBLE then
    p.type = sql_type.DOUBLE
  elseif btype == sql_type.CHAR or btype == sql_type.VARCHAR then
    p.type, p.max_len = sql_type.VARCHAR, max_len
  else
    error("Unsupported argument type: " .. btype, 2)
  end
  return p
end
function statement.bind_param(self, ...)
  if select("#", ...) < 1 then return nil end
  self.binds = {...}
  return 0
end
function statement.execute(self)
  if closed[self.connection] then return closed_connection(3) end
  local values = {}
  for i, b in ipairs(self.binds or {}) do values[i] = b.value end
  c_bind(self.handle, values)
  if c_rs.execute(self.handle) then return new_result(self.connection) end
  return no_result
end
function statement.close(self) return c_close(self.handle) end

local connection = {}
local connection_mt = {__index = connection,
                       __tostring = function() return "<sql_connection>" end}
function connection.query(self, sql)
  if closed[self] then return closed_connection(3) end
  if c_rs.query(sql) then return new_result(self) end
  return no_result
end
-- The first row's values (nil when there is none), as sysbench's query_row().
function connection.query_row(self, sql)
  local rs = self:query(sql)
  if rs == nil or rs.nrows == 0 then return nil end
  return unpack(rs:fetch_row(), 1, rs.nfields)
end
function connection.disconnect(self)
  if closed[self] then
    alert("attempt to close an already closed connection")
    return true
  end
  c_disconnect()
  closed[self] = true
  return true
end
function connection.reconnect(self)
  if closed[self] then
    alert("attempt to close an already closed connection")
    return true
  end
  c_rs.reconnect()
  return true
end
function connection.bulk_insert_init(self, sql) c_bi_init(sql) end
function connection.bulk_insert_next(self, row) c_bi_next(row) end
function connection.bulk_insert_done(self) c_bi_done() end
function connection.prepare(self, sql)
  return setmetatable({handle = c_prepare(sql), connection = self}, statement_mt)
end

local driver = {}
local driver_mt = {__index = driver, __tostring = function() return "<sql_driver>" end}
function driver.name(self) return c_driver_name() end
function driver.connect(self)
  if not pcall(c_connect) then error("connection creation failed", 2) end
  return setmetatable({}, connection_mt)
end
function sysbench.sql.driver(name)
  if name ~= nil and name ~= "mysql" and name ~= "pgsql" and name ~= "sqlite" then
    io.stderr:write(string.format("FATAL: invalid database driver name: '%s'\n", name))
    error("failed to initialize the DB driver", 2)
  end
  return setmetatable({}, driver_mt)
end
)lua";

}  // namespace

std::string_view sysbench_sql_objects_lua() { return kSqlObjects; }

}  // namespace hostmark
