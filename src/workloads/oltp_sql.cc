#include "workloads/oltp_sql.h"

#include <fmt/format.h>

namespace hostmark::oltp_sql {

using db::DriverKind;

void fill_digit_groups(SysbenchRandom& rng, char* out, std::size_t length) {
  for (std::size_t i = 0; i < length; ++i) {
    out[i] = (i % 12 == 11) ? '-' : static_cast<char>('0' + rng.uniform(0, 9));
  }
}

std::string table_name(int n) { return fmt::format("sbtest{}", n); }
std::string partial_name(int n) { return fmt::format("sbtest{}_hostmark_partial", n); }

bool client_ids(const OltpSpec& spec, DriverKind kind) {
  return !spec.auto_inc || (kind == DriverKind::kSqlite && spec.secondary);
}

std::string create_table(const OltpSpec& spec, DriverKind kind, std::string_view name) {
  std::string id_def = "INTEGER NOT NULL";
  std::string key = spec.secondary ? "KEY xid (id)" : "PRIMARY KEY (id)";
  std::string tail;
  if (kind == DriverKind::kMysql) {
    if (spec.auto_inc) id_def = "INTEGER NOT NULL AUTO_INCREMENT";
    tail = fmt::format(" /*! ENGINE = {} */", spec.mysql_storage_engine);
  } else if (kind == DriverKind::kPgsql) {
    if (spec.auto_inc) id_def = "SERIAL";
  } else if (!client_ids(spec, kind)) {
    id_def = "INTEGER";  // with PRIMARY KEY (id): the rowid, assigned when the insert omits it
  }
  if (kind != DriverKind::kMysql && spec.secondary) {
    return fmt::format(
        "CREATE TABLE {}(\n  id {},\n  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' "
        "NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL\n)",
        name, id_def);
  }
  return fmt::format(
      "CREATE TABLE {}(\n  id {},\n  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT "
      "NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  {}\n){}",
      name, id_def, key, tail);
}

std::vector<std::string> create_indexes(const OltpSpec& spec, DriverKind kind,
                                        std::string_view name, int n) {
  std::vector<std::string> sql;
  if (kind != DriverKind::kMysql && spec.secondary)
    sql.push_back(fmt::format("CREATE INDEX xid_{} ON {}(id)", n, name));
  if (spec.create_secondary) sql.push_back(fmt::format("CREATE INDEX k_{} ON {}(k)", n, name));
  return sql;
}

std::vector<std::string> rename_complete(const OltpSpec& spec, DriverKind kind, int n) {
  const std::string from = partial_name(n);
  const std::string to = table_name(n);
  std::vector<std::string> sql = {fmt::format("ALTER TABLE {} RENAME TO {}", from, to)};
  if (kind == DriverKind::kPgsql) {  // the names PostgreSQL would have given sbtestN's objects
    if (spec.auto_inc)
      sql.push_back(fmt::format("ALTER SEQUENCE {}_id_seq RENAME TO {}_id_seq", from, to));
    if (!spec.secondary)
      sql.push_back(fmt::format("ALTER INDEX {}_pkey RENAME TO {}_pkey", from, to));
  }
  return sql;
}

std::string table_exists(DriverKind kind, std::string_view name) {
  switch (kind) {
    case DriverKind::kMysql:
      return fmt::format(
          "SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND "
          "table_name = '{}'",
          name);
    case DriverKind::kPgsql:
      return fmt::format(
          "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND "
          "table_name = '{}'",
          name);
    case DriverKind::kSqlite: break;
  }
  return fmt::format("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{}'", name);
}

std::string bulk_insert_prefix(const OltpSpec& spec, DriverKind kind, std::string_view name) {
  return client_ids(spec, kind) ? fmt::format("INSERT INTO {}(id, k, c, pad) VALUES", name)
                                : fmt::format("INSERT INTO {}(k, c, pad) VALUES", name);
}

std::string_view begin(DriverKind kind, bool writes) {
  return kind == DriverKind::kSqlite && writes ? "BEGIN IMMEDIATE" : "BEGIN";
}

}  // namespace hostmark::oltp_sql
