#pragma once
// The storage under the targets of a `hostmark fio` run and its warnings (issue 4 section 6),
// for the "hostmark" object of fio-format JSON: one StorageTarget per distinct file or device,
// with what the jobs that used it did (direction, O_DIRECT, invalidate, sizes, buffered read
// rate).
#include <vector>

#include "fio/run_stats.h"
#include "io/targets.h"
#include "results/storage.h"

namespace hostmark::io {

std::vector<StorageTarget> describe_fio_storage(const TargetSet& targets,
                                                const std::vector<fio::JobStats>& jobs,
                                                const Context& context);

}  // namespace hostmark::io
