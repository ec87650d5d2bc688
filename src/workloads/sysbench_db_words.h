#pragma once
// sysbench's words for database failures, for its drop-in face (`hostmark sysbench` and the
// Lua SQL API): the db layer reports what happened (db::ConnectRefusal), this says it as
// sysbench 1.0.20's drivers print it.
#include <string>

#include "core/error.h"
#include "db/db_driver.h"

namespace hostmark {

// A refused connection as drv_mysql / drv_pgsql print it, FATAL lines without the final newline:
//   FATAL: unable to connect to MySQL server on host 'localhost', port 3306, aborting...
//   FATAL: error 2002: Can't connect to ...
//   FATAL: Connection to database failed: <libpq's message>
std::string sysbench_connect_text(const db::ConnectRefusal& refusal);

// sysbench's words for `failure`: its Error::peer_text, else for a refused connection the text
// above; "" when sysbench has no words of its own for it.
std::string sysbench_failure_text(const Failure& failure);

}  // namespace hostmark
