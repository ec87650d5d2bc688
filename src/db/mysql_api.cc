#include "db/mysql_api.h"

#include <string>
#include <utility>

namespace hostmark::db {

#define HOSTMARK_MYSQL_LOAD(name) name(lib.symbol<decltype(::name)>(#name))

MysqlApi::MysqlApi(SharedLibrary library)
    : lib(std::move(library)),
      HOSTMARK_MYSQL_LOAD(mysql_server_init),
      HOSTMARK_MYSQL_LOAD(mysql_init),
      HOSTMARK_MYSQL_LOAD(mysql_options),
      HOSTMARK_MYSQL_LOAD(mysql_ssl_set),
      HOSTMARK_MYSQL_LOAD(mysql_real_connect),
      HOSTMARK_MYSQL_LOAD(mysql_close),
      HOSTMARK_MYSQL_LOAD(mysql_errno),
      HOSTMARK_MYSQL_LOAD(mysql_error),
      HOSTMARK_MYSQL_LOAD(mysql_real_query),
      HOSTMARK_MYSQL_LOAD(mysql_store_result),
      HOSTMARK_MYSQL_LOAD(mysql_field_count),
      HOSTMARK_MYSQL_LOAD(mysql_affected_rows),
      HOSTMARK_MYSQL_LOAD(mysql_num_rows),
      HOSTMARK_MYSQL_LOAD(mysql_fetch_row),
      HOSTMARK_MYSQL_LOAD(mysql_fetch_lengths),
      HOSTMARK_MYSQL_LOAD(mysql_num_fields),
      HOSTMARK_MYSQL_LOAD(mysql_free_result),
      HOSTMARK_MYSQL_LOAD(mysql_real_escape_string),
      HOSTMARK_MYSQL_LOAD(mysql_get_server_info),
      HOSTMARK_MYSQL_LOAD(mysql_get_ssl_cipher),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_init),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_prepare),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_param_count),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_bind_param),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_execute),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_field_count),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_store_result),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_num_rows),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_affected_rows),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_free_result),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_bind_result),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_fetch),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_fetch_column),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_close),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_errno),
      HOSTMARK_MYSQL_LOAD(mysql_stmt_error),
      HOSTMARK_MYSQL_LOAD(mysql_set_local_infile_handler),
      HOSTMARK_MYSQL_LOAD(mysql_warning_count) {}

#undef HOSTMARK_MYSQL_LOAD

Expected<std::shared_ptr<const MysqlApi>> load_mysql_api() {
  auto lib = SharedLibrary::open({"libmariadb.so.3", "libmariadb.so"}, "libmariadb3");
  if (!lib) return lib.error();
  lib->pin();
  try {
    auto api = std::make_shared<const MysqlApi>(std::move(lib).value());
    // mysql_library_init: runs its set-up once per process (pthread_once inside libmariadb).
    if (api->mysql_server_init(0, nullptr, nullptr) != 0) {
      return run_error(api->lib.name(), "mysql_library_init failed");
    }
    return api;
  } catch (const Failure& f) {
    return f.error();
  }
}

}  // namespace hostmark::db
