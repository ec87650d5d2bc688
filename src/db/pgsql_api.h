#pragma once
// The libpq functions the pgsql driver calls, looked up once from libpq.so.5 (dlopen,
// db/shared_library.h) and typed from its own header. Shared (shared_ptr) by the driver and its
// connections, so the library stays loaded while any of them lives.
#include <libpq-fe.h>

#include <memory>

#include "core/error.h"
#include "db/shared_library.h"

namespace hostmark::db {

struct PgsqlApi {
  explicit PgsqlApi(SharedLibrary library);  // throws Failure when a symbol is missing

  SharedLibrary lib;
#define HOSTMARK_PQ_FN(name) decltype(::name)* name
  HOSTMARK_PQ_FN(PQconnectdbParams);
  HOSTMARK_PQ_FN(PQstatus);
  HOSTMARK_PQ_FN(PQerrorMessage);
  HOSTMARK_PQ_FN(PQfinish);
  HOSTMARK_PQ_FN(PQexec);
  HOSTMARK_PQ_FN(PQprepare);
  HOSTMARK_PQ_FN(PQexecPrepared);
  HOSTMARK_PQ_FN(PQresultStatus);
  HOSTMARK_PQ_FN(PQresultErrorField);
  HOSTMARK_PQ_FN(PQntuples);
  HOSTMARK_PQ_FN(PQcmdTuples);
  HOSTMARK_PQ_FN(PQgetvalue);
  HOSTMARK_PQ_FN(PQnfields);
  HOSTMARK_PQ_FN(PQgetisnull);
  HOSTMARK_PQ_FN(PQgetlength);
  HOSTMARK_PQ_FN(PQclear);
  HOSTMARK_PQ_FN(PQescapeStringConn);
  HOSTMARK_PQ_FN(PQparameterStatus);
  HOSTMARK_PQ_FN(PQsetNoticeProcessor);
  HOSTMARK_PQ_FN(PQputCopyData);
  HOSTMARK_PQ_FN(PQputCopyEnd);
  HOSTMARK_PQ_FN(PQgetResult);
#undef HOSTMARK_PQ_FN
};

// libpq loaded; a run error naming the Debian package when it is absent.
Expected<std::shared_ptr<const PgsqlApi>> load_pgsql_api();

}  // namespace hostmark::db
