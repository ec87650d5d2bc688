#include <fmt/format.h>

#include <array>

#include "workloads/oltp.h"

namespace hostmark {
namespace {

struct KindName {
  OltpKind kind;
  std::string_view name;
};
constexpr std::array kKinds = {
    KindName{OltpKind::kReadWrite, "oltp_read_write"},
    KindName{OltpKind::kReadOnly, "oltp_read_only"},
    KindName{OltpKind::kWriteOnly, "oltp_write_only"},
    KindName{OltpKind::kPointSelect, "oltp_point_select"},
    KindName{OltpKind::kUpdateIndex, "oltp_update_index"},
    KindName{OltpKind::kUpdateNonIndex, "oltp_update_non_index"},
    KindName{OltpKind::kInsert, "oltp_insert"},
    KindName{OltpKind::kDelete, "oltp_delete"},
    KindName{OltpKind::kSelectRandomPoints, "select_random_points"},
    KindName{OltpKind::kSelectRandomRanges, "select_random_ranges"},
    KindName{OltpKind::kBulkInsert, "bulk_insert"},
};

}  // namespace

Expected<OltpKind> parse_oltp_kind(std::string_view name) {
  std::string names;
  for (const auto& k : kKinds) {
    if (k.name == name) return k.kind;
    names += (names.empty() ? "" : ", ") + std::string(k.name);
  }
  return usage_error("workload", fmt::format("'{}' is not one of {}", name, names));
}

std::string_view oltp_kind_name(OltpKind kind) {
  for (const auto& k : kKinds)
    if (k.kind == kind) return k.name;
  return "oltp";
}

}  // namespace hostmark
