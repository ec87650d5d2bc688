#include "workloads/sysbench_db_words.h"

#include <fmt/format.h>

namespace hostmark {

std::string sysbench_connect_text(const db::ConnectRefusal& refusal) {
  if (refusal.kind == db::DriverKind::kPgsql) {
    return fmt::format("FATAL: Connection to database failed: {}", refusal.message);
  }
  // drv_mysql names the socket when one was given, else the host and port with its defaults.
  const std::string where =
      refusal.socket.empty()
          ? fmt::format("host '{}', port {}", refusal.host.empty() ? "localhost" : refusal.host,
                        refusal.port == 0 ? 3306U : refusal.port)
          : fmt::format("socket '{}'", refusal.socket);
  return fmt::format(
      "FATAL: unable to connect to MySQL server on {}, aborting...\nFATAL: error {}: {}", where,
      refusal.code, refusal.message);
}

std::string sysbench_failure_text(const Failure& failure) {
  if (!failure.error().peer_text.empty()) return failure.error().peer_text;
  if (const auto* refused = dynamic_cast<const db::ConnectError*>(&failure)) {
    return sysbench_connect_text(refused->refusal());
  }
  return {};
}

}  // namespace hostmark
