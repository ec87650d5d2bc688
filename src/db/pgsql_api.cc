#include "db/pgsql_api.h"

#include <string>
#include <utility>

namespace hostmark::db {

#define HOSTMARK_PQ_LOAD(name) name(lib.symbol<decltype(::name)>(#name))

PgsqlApi::PgsqlApi(SharedLibrary library)
    : lib(std::move(library)),
      HOSTMARK_PQ_LOAD(PQconnectdbParams),
      HOSTMARK_PQ_LOAD(PQstatus),
      HOSTMARK_PQ_LOAD(PQerrorMessage),
      HOSTMARK_PQ_LOAD(PQfinish),
      HOSTMARK_PQ_LOAD(PQexec),
      HOSTMARK_PQ_LOAD(PQprepare),
      HOSTMARK_PQ_LOAD(PQexecPrepared),
      HOSTMARK_PQ_LOAD(PQresultStatus),
      HOSTMARK_PQ_LOAD(PQresultErrorField),
      HOSTMARK_PQ_LOAD(PQntuples),
      HOSTMARK_PQ_LOAD(PQcmdTuples),
      HOSTMARK_PQ_LOAD(PQgetvalue),
      HOSTMARK_PQ_LOAD(PQnfields),
      HOSTMARK_PQ_LOAD(PQgetisnull),
      HOSTMARK_PQ_LOAD(PQgetlength),
      HOSTMARK_PQ_LOAD(PQclear),
      HOSTMARK_PQ_LOAD(PQescapeStringConn),
      HOSTMARK_PQ_LOAD(PQparameterStatus),
      HOSTMARK_PQ_LOAD(PQsetNoticeProcessor),
      HOSTMARK_PQ_LOAD(PQputCopyData),
      HOSTMARK_PQ_LOAD(PQputCopyEnd),
      HOSTMARK_PQ_LOAD(PQgetResult) {}

#undef HOSTMARK_PQ_LOAD

Expected<std::shared_ptr<const PgsqlApi>> load_pgsql_api() {
  auto lib = SharedLibrary::open({"libpq.so.5", "libpq.so"}, "libpq5");
  if (!lib) return lib.error();
  lib->pin();
  try {
    return std::make_shared<const PgsqlApi>(std::move(lib).value());
  } catch (const Failure& f) {
    return f.error();
  }
}

}  // namespace hostmark::db
