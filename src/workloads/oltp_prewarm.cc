// oltp_prewarm: sysbench's `prewarm` command of the OLTP scripts (MySQL/MariaDB only).
#include <fmt/format.h>

#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "workloads/oltp.h"
#include "workloads/oltp_sql.h"

namespace hostmark {

void oltp_prewarm(const OltpSpec& spec, const db::Driver& driver, int threads, std::ostream& out) {
  if (driver.kind() != db::DriverKind::kMysql) {
    throw Failure(with_peer_text(
        run_error("prewarm", "MySQL/MariaDB only, as in sysbench (it loads InnoDB's buffer pool)"),
        "FATAL: `sysbench.cmdline.call_command' function failed: hostmark sysbench: prewarm is "
        "currently MySQL only"));
  }
  const int workers = std::max(1, std::min(threads, spec.tables));
  std::mutex out_mutex;
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(workers));
  std::vector<std::thread> pool;
  for (int t = 0; t < workers; ++t) {
    pool.emplace_back([&, t] {
      try {
        auto conn = driver.connect();
        // Keep the derived tables below in memory.
        conn->query("SET tmp_table_size=2*1024*1024*1024");
        conn->query("SET max_heap_table_size=2*1024*1024*1024");
        for (int n = t + 1; n <= spec.tables; n += workers) {
          const std::string table = oltp_sql::table_name(n);
          {
            const std::lock_guard lock(out_mutex);
            out << "Prewarming table " << table << std::endl;
          }
          conn->query("ANALYZE TABLE " + table);
          // Every row through the primary key, then through a scan the secondary index serves.
          conn->query(
              fmt::format("SELECT AVG(id) FROM (SELECT * FROM {} FORCE KEY (PRIMARY) "
                          "LIMIT {}) t",
                          table, spec.table_size));
          conn->query(
              fmt::format("SELECT COUNT(*) FROM (SELECT * FROM {} WHERE k LIKE '%0%' LIMIT {}) t",
                          table, spec.table_size));
        }
      } catch (...) {
        errors[static_cast<std::size_t>(t)] = std::current_exception();
      }
    });
  }
  for (auto& th : pool) th.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace hostmark
