#include "io/fio_storage.h"

#include <algorithm>

#include "storage/storage_context.h"

namespace hostmark::io {
namespace {

bool uses(const fio::JobStats& job, const std::string& path) {
  const auto names = thread_file_names(job.options, job.jobnum);
  return std::find(names.begin(), names.end(), path) != names.end();
}

}  // namespace

std::vector<StorageTarget> describe_fio_storage(const TargetSet& targets,
                                                const std::vector<fio::JobStats>& jobs,
                                                const Context& context) {
  std::vector<StorageTarget> out;
  const bool in_vm = !context.virtualization.empty() && context.virtualization != "none";
  for (const TargetFile* t : targets.all()) {
    if (t->diskless) continue;
    auto described = storage::describe_storage(t->path);
    if (!described) continue;  // removed meanwhile: nothing to say about it
    StorageTarget target = *described;
    storage::MeasureFacts facts;
    facts.data_bytes = t->size;
    facts.direct = true;
    double read_bytes_per_s = 0;
    for (const auto& job : jobs) {
      if (!uses(job, t->path)) continue;
      const auto& o = job.options;
      facts.reads = facts.reads || o.rw.read;
      facts.writes = facts.writes || o.rw.write || o.rw.trim;
      facts.direct = facts.direct && o.direct;
      if (o.rw.read && !o.direct && !o.invalidate) {
        facts.cache_dropped = false;
        facts.cache_kept_why = "invalidate=0";
      }
      const auto& r = job.dirs[0];
      if (!o.direct && r.runtime_ns > 0)
        read_bytes_per_s +=
            static_cast<double>(r.io_bytes) * 1e9 / static_cast<double>(r.runtime_ns);
    }
    facts.read_mb_per_s = read_bytes_per_s / 1e6;
    target.warnings = storage::storage_warnings(target, facts, context.memory_bytes, in_vm);
    out.push_back(std::move(target));
  }
  return out;
}

}  // namespace hostmark::io
