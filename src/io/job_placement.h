#pragma once
// What a job thread sets on itself before its first I/O, as fio does for each job: CPU
// affinity (cpus_allowed, cpumask, cpus_allowed_policy), nice, and the I/O priority
// (prioclass, prio); and the page cache advice for each file it opens (fadvise_hint).
#include <cstdint>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark::io {

// Applies to the calling thread. `jobnum` (0-based, over all jobs) picks the CPU under
// cpus_allowed_policy=split, round robin over the allowed set. Errors name the option:
// "cpus_allowed: CPU 9 is not online (sched_setaffinity: Invalid argument)".
Status place_job_thread(const fio::JobOptions& job, std::uint32_t jobnum);

// posix_fadvise(fd, 0, 0, advice) for fadvise_hint; nothing for fadvise_hint=0.
Status advise_file(int fd, const fio::JobOptions& job);

}  // namespace hostmark::io
