#pragma once
// The libmariadb functions the mysql driver calls, looked up once from libmariadb.so.3
// (dlopen, db/shared_library.h) and typed from its own header. Shared (shared_ptr) by the
// driver, its connections and their statements, so the library stays loaded while any of them
// lives.
#include <mysql.h>

#include <memory>

#include "core/error.h"
#include "db/shared_library.h"

namespace hostmark::db {

struct MysqlApi {
  explicit MysqlApi(SharedLibrary library);  // throws Failure when a symbol is missing

  SharedLibrary lib;
#define HOSTMARK_MYSQL_FN(name) decltype(::name)* name
  HOSTMARK_MYSQL_FN(mysql_server_init);
  HOSTMARK_MYSQL_FN(mysql_init);
  HOSTMARK_MYSQL_FN(mysql_options);
  HOSTMARK_MYSQL_FN(mysql_ssl_set);
  HOSTMARK_MYSQL_FN(mysql_real_connect);
  HOSTMARK_MYSQL_FN(mysql_close);
  HOSTMARK_MYSQL_FN(mysql_errno);
  HOSTMARK_MYSQL_FN(mysql_error);
  HOSTMARK_MYSQL_FN(mysql_real_query);
  HOSTMARK_MYSQL_FN(mysql_store_result);
  HOSTMARK_MYSQL_FN(mysql_field_count);
  HOSTMARK_MYSQL_FN(mysql_affected_rows);
  HOSTMARK_MYSQL_FN(mysql_num_rows);
  HOSTMARK_MYSQL_FN(mysql_fetch_row);
  HOSTMARK_MYSQL_FN(mysql_fetch_lengths);
  HOSTMARK_MYSQL_FN(mysql_num_fields);
  HOSTMARK_MYSQL_FN(mysql_free_result);
  HOSTMARK_MYSQL_FN(mysql_real_escape_string);
  HOSTMARK_MYSQL_FN(mysql_get_server_info);
  HOSTMARK_MYSQL_FN(mysql_get_ssl_cipher);
  HOSTMARK_MYSQL_FN(mysql_stmt_init);
  HOSTMARK_MYSQL_FN(mysql_stmt_prepare);
  HOSTMARK_MYSQL_FN(mysql_stmt_param_count);
  HOSTMARK_MYSQL_FN(mysql_stmt_bind_param);
  HOSTMARK_MYSQL_FN(mysql_stmt_execute);
  HOSTMARK_MYSQL_FN(mysql_stmt_field_count);
  HOSTMARK_MYSQL_FN(mysql_stmt_store_result);
  HOSTMARK_MYSQL_FN(mysql_stmt_num_rows);
  HOSTMARK_MYSQL_FN(mysql_stmt_affected_rows);
  HOSTMARK_MYSQL_FN(mysql_stmt_free_result);
  HOSTMARK_MYSQL_FN(mysql_stmt_bind_result);
  HOSTMARK_MYSQL_FN(mysql_stmt_fetch);
  HOSTMARK_MYSQL_FN(mysql_stmt_fetch_column);
  HOSTMARK_MYSQL_FN(mysql_stmt_close);
  HOSTMARK_MYSQL_FN(mysql_stmt_errno);
  HOSTMARK_MYSQL_FN(mysql_stmt_error);
  HOSTMARK_MYSQL_FN(mysql_set_local_infile_handler);
  HOSTMARK_MYSQL_FN(mysql_warning_count);
#undef HOSTMARK_MYSQL_FN
};

// libmariadb loaded and initialised (mysql_library_init, once per process: it is not
// thread-safe later); a run error naming the Debian package when it is absent.
Expected<std::shared_ptr<const MysqlApi>> load_mysql_api();

}  // namespace hostmark::db
