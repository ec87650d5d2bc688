// The option tables of the OLTP tests: oltp_common.lua's options (as `sysbench oltp_read_write
// help` lists them) and the extra ones of select_random_*. The database options are sysbench's
// general ones (commands/sysbench_options.cc).
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
    SbOptionDef{"pgsql-variant", SbArgType::kString, kSbNoDefault,
                "Use this PostgreSQL variant when running with the PostgreSQL driver. The only "
                "currently supported variant is 'redshift'. When enabled, create_secondary is "
                "automatically disabled, and delete_inserts is set to 0"},
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

std::vector<SbOptionDef> joined(std::initializer_list<std::span<const SbOptionDef>> parts) {
  std::vector<SbOptionDef> all;
  for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

}  // namespace

std::span<const SbOptionDef> oltp_options(OltpKind kind) {
  static const std::vector<SbOptionDef> points = joined({kCommon, kRandomPoints});
  static const std::vector<SbOptionDef> ranges = joined({kCommon, kRandomRanges});
  switch (kind) {
    case OltpKind::kSelectRandomPoints: return points;
    case OltpKind::kSelectRandomRanges: return ranges;
    case OltpKind::kBulkInsert: return {};  // bulk_insert.lua declares no options of its own
    default: return kCommon;
  }
}

}  // namespace hostmark
