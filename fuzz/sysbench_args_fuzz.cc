// libFuzzer target: sysbench's command line (cli/sysbench_args.h): SbArgs::parse, validate()
// against the real general options (commands/sysbench_tests.h sysbench_common_groups(): every
// value type but lists), then every typed getter, which must hold for any argv that validate()
// accepted. (The tests' own option tables share a file with their workloads, which would bring
// the database drivers into this build; their values go through the same typed getters.)
#include "cli/sysbench_args.h"
#include "commands/sysbench_tests.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark;
  const Expected<SbArgs> args = SbArgs::parse(fuzz::lines_of(fuzz::as_text(data, size)));
  if (!args) return 0;
  const std::span<const SbOptionGroup> groups = sysbench_common_groups();
  if (!args->validate(groups)) return 0;
  for (const SbOptionGroup& g : groups) {
    for (const SbOptionDef& d : g.options) {
      switch (d.type) {
        case SbArgType::kInt: (void)args->count(groups, d.name); break;
        case SbArgType::kSize: (void)args->size(groups, d.name); break;
        case SbArgType::kFlag: (void)args->flag(groups, d.name); break;
        case SbArgType::kDouble: (void)args->number(groups, d.name); break;
        case SbArgType::kDuration: (void)args->duration_ns(groups, d.name); break;
        case SbArgType::kString:
        case SbArgType::kList: (void)args->text(groups, d.name); break;
      }
    }
  }
  return 0;
}
