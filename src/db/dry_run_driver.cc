// sysbench's --mysql-dry-run: a driver whose every call succeeds without a server. Each
// statement is "other" with no rows, as sysbench 1.0.20 counts them in a dry run (its
// statistics show 0 reads, 0 writes, every query other); query_rows() and execute_rows() give no
// rows (the interface's defaults), as sysbench's dry run returns no result sets.
#include "db/db_driver.h"

namespace hostmark::db {
namespace {

class DryStatement final : public Statement {
 public:
  QueryResult execute(std::span<const Param>) override { return {}; }
};

class DryConnection final : public Connection {
 public:
  QueryResult query(std::string_view) override { return {}; }
  std::unique_ptr<Statement> prepare(std::string_view, std::size_t) override {
    return std::make_unique<DryStatement>();
  }
  void reconnect() override {}
  std::string server_version() override { return "none (dry run)"; }
  std::vector<std::pair<std::string, std::string>> server_settings() override { return {}; }
};

class DryRunDriver final : public Driver {
 public:
  explicit DryRunDriver(DriverKind kind) : kind_(kind) {}
  DriverKind kind() const override { return kind_; }
  std::string_view name() const override { return "mysql"; }
  std::string target() const override { return "mysql (dry run)"; }
  std::unique_ptr<Connection> connect() const override { return std::make_unique<DryConnection>(); }

 private:
  DriverKind kind_;
};

}  // namespace

Expected<std::unique_ptr<Driver>> make_dry_run_driver(const ConnectOptions& options) {
  return std::unique_ptr<Driver>(std::make_unique<DryRunDriver>(options.kind));
}

}  // namespace hostmark::db
