// The option table's assembly and lookups (the options hostmark refuses: refused_options.cc).
#include "fio/option_table.h"

#include <vector>

namespace hostmark::fio {
namespace {

std::vector<OptionDef> assemble() {
  std::vector<OptionDef> all;
  for (auto part : {job_and_file_options(), workload_options(), data_options(),
                    scheduling_options(), log_options(), measure_and_exit_options()}) {
    all.insert(all.end(), part.begin(), part.end());
  }
  return all;
}

}  // namespace

std::string_view value_kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::kFlag: return "empty or boolean value ([0|1])";
    case ValueKind::kBool: return "boolean value (0 or 1)";
    case ValueKind::kInt: return "integer value";
    case ValueKind::kSize: return "size with k/m/g/t/p postfix";
    case ValueKind::kSizePercent: return "size with k/m/g/t/p postfix, or N%";
    case ValueKind::kPerDirSize: return "one to three sizes (read,write,trim)";
    case ValueKind::kRange: return "size range (1k-4k)";
    case ValueKind::kPerDirRange: return "one to three ranges (1k-4k[,4k-8k[,1k-8k]])";
    case ValueKind::kTime: return "time with postfix (10s, 100ms; bare: seconds)";
    case ValueKind::kString: return "string";
    case ValueKind::kChoice: return "one of a fixed set of strings";
    case ValueKind::kFloatList: return "list of floating point values separated by ':'";
    case ValueKind::kPattern: return "pattern (0xHEX, \"string\", decimal)";
    case ValueKind::kList: return "list separated by ':'";
  }
  return "value";
}

std::span<const OptionDef> option_table() {
  static const std::vector<OptionDef> kAll = assemble();
  return kAll;
}

const OptionDef* find_option(std::string_view name) {
  for (const OptionDef& def : option_table()) {
    if (def.name == name || (!def.alias.empty() && def.alias == name)) return &def;
  }
  return nullptr;
}

}  // namespace hostmark::fio
