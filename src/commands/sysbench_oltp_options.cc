// The option tables of the OLTP tests: oltp_common.lua's options (as `sysbench oltp_read_write
// help` lists them), the extra ones of select_random_*, and the database options.
#include "commands/sysbench_oltp_options.h"

#include <array>
#include <vector>

namespace hostmark {
namespace {

constexpr std::array kCommon = {
    SbOptionDef{
        "auto-inc", SbArgType::kFlag, "on",
        "Use AUTO_INCREMENT column as Primary Key (for MySQL), or its alternatives in other "
        "DBMS. When disabled, use client-generated IDs"},
    SbOptionDef{"create-secondary", SbArgType::kFlag, "on",
                "Create a secondary index in addition to the PRIMARY KEY"},
    SbOptionDef{"delete-inserts", SbArgType::kInt, "1",
                "Number of DELETE/INSERT combinations per transaction"},
    SbOptionDef{"distinct-ranges", SbArgType::kInt, "1",
                "Number of SELECT DISTINCT queries per transaction"},
    SbOptionDef{"index-updates", SbArgType::kInt, "1",
                "Number of UPDATE index queries per transaction"},
    SbOptionDef{"mysql-storage-engine", SbArgType::kString, "innodb",
                "Storage engine, if MySQL is used"},
    SbOptionDef{"non-index-updates", SbArgType::kInt, "1",
                "Number of UPDATE non-index queries per transaction"},
    SbOptionDef{"order-ranges", SbArgType::kInt, "1",
                "Number of SELECT ORDER BY queries per transaction"},
    SbOptionDef{"point-selects", SbArgType::kInt, "10",
                "Number of point SELECT queries per transaction"},
    SbOptionDef{"range-selects", SbArgType::kFlag, "on", "Enable/disable all range SELECT queries"},
    SbOptionDef{"range-size", SbArgType::kInt, "100", "Range size for range SELECT queries"},
    SbOptionDef{"secondary", SbArgType::kFlag, "off",
                "Use a secondary index in place of the PRIMARY KEY"},
    SbOptionDef{"simple-ranges", SbArgType::kInt, "1",
                "Number of simple range SELECT queries per transaction"},
    SbOptionDef{"skip-trx", SbArgType::kFlag, "off",
                "Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode"},
    SbOptionDef{"sum-ranges", SbArgType::kInt, "1",
                "Number of SELECT SUM() queries per transaction"},
    SbOptionDef{"table-size", SbArgType::kInt, "10000", "Number of rows per table"},
    SbOptionDef{"tables", SbArgType::kInt, "1", "Number of tables"},
};

constexpr std::array kRandomPoints = {
    SbOptionDef{"random-points", SbArgType::kInt, "10",
                "Number of random points in the IN() clause in generated SELECTs"},
};

constexpr std::array kRandomRanges = {
    SbOptionDef{"number-of-ranges", SbArgType::kInt, "10",
                "Number of random BETWEEN ranges per SELECT"},
    SbOptionDef{"delta", SbArgType::kInt, "5", "Size of BETWEEN ranges"},
};

constexpr std::array kDatabase = {
    SbOptionDef{"db-driver", SbArgType::kString, "sqlite",
                "specifies database driver to use {sqlite,mysql,pgsql} (hostmark's default is "
                "sqlite, sysbench's is mysql)"},
    SbOptionDef{"db-ps-mode", SbArgType::kString, "auto",
                "prepared statements usage mode {auto, disable}"},
    SbOptionDef{"db-debug", SbArgType::kFlag, "off", "print database-specific debug information"},
    SbOptionDef{"db-password-file", SbArgType::kString, "",
                "read the MySQL/PostgreSQL password from this file's first line when "
                "--mysql-password/--pgsql-password, MYSQL_PWD/PGPASSWORD give none (hostmark)"},
    SbOptionDef{"mysql-host", SbArgType::kList, "localhost", "MySQL server host"},
    SbOptionDef{"mysql-port", SbArgType::kList, "3306", "MySQL server port"},
    SbOptionDef{"mysql-socket", SbArgType::kList, "", "MySQL socket"},
    SbOptionDef{"mysql-user", SbArgType::kString, "sbtest", "MySQL user"},
    SbOptionDef{"mysql-password", SbArgType::kString, "", "MySQL password"},
    SbOptionDef{"mysql-db", SbArgType::kString, "sbtest", "MySQL database name"},
    SbOptionDef{"mysql-ssl", SbArgType::kFlag, "off",
                "use SSL connections, if available in the client library"},
    SbOptionDef{"mysql-ssl-mode", SbArgType::kString, "",
                "SSL mode {DISABLED,PREFERRED,REQUIRED,VERIFY_CA,VERIFY_IDENTITY} (hostmark; "
                "overrides --mysql-ssl)"},
    SbOptionDef{"mysql-ignore-errors", SbArgType::kList, "1213,1020,1205",
                "list of errors to ignore, or \"all\""},
    SbOptionDef{"mysql-dry-run", SbArgType::kFlag, "off",
                "Dry run, pretend that all MySQL client API calls are successful without "
                "executing them"},
    SbOptionDef{"pgsql-host", SbArgType::kString, "localhost", "PostgreSQL server host"},
    SbOptionDef{"pgsql-port", SbArgType::kInt, "5432", "PostgreSQL server port"},
    SbOptionDef{"pgsql-user", SbArgType::kString, "sbtest", "PostgreSQL user"},
    SbOptionDef{"pgsql-password", SbArgType::kString, "", "PostgreSQL password"},
    SbOptionDef{"pgsql-db", SbArgType::kString, "sbtest", "PostgreSQL database name"},
    SbOptionDef{"pgsql-sslmode", SbArgType::kString, "prefer",
                "SSL mode {disable,allow,prefer,require,verify-ca,verify-full} (hostmark)"},
    SbOptionDef{"pgsql-ignore-errors", SbArgType::kList, "40P01,40001,23505",
                "list of SQLSTATEs whose errors restart the event, or \"all\" (hostmark)"},
    SbOptionDef{"sqlite-db", SbArgType::kString, "./sbtest.db", "SQLite database file (hostmark)"},
    SbOptionDef{"sqlite-ignore-errors", SbArgType::kList, "SQLITE_BUSY",
                "list of SQLite result names whose errors restart the event, or \"all\" "
                "(hostmark)"},
};

std::vector<SbOptionDef> joined(std::initializer_list<std::span<const SbOptionDef>> parts) {
  std::vector<SbOptionDef> all;
  for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

}  // namespace

std::span<const SbOptionDef> database_options() { return kDatabase; }

std::span<const SbOptionDef> oltp_options(OltpKind kind) {
  static const std::vector<SbOptionDef> plain = joined({kCommon, kDatabase});
  static const std::vector<SbOptionDef> points = joined({kCommon, kRandomPoints, kDatabase});
  static const std::vector<SbOptionDef> ranges = joined({kCommon, kRandomRanges, kDatabase});
  switch (kind) {
    case OltpKind::kSelectRandomPoints: return points;
    case OltpKind::kSelectRandomRanges: return ranges;
    case OltpKind::kBulkInsert: return kDatabase;
    default: return plain;
  }
}

}  // namespace hostmark
