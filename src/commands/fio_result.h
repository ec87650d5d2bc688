#pragma once
// The hostmark Result of a `hostmark fio` run, as kept in the results store (the fio output
// formats are written from the FioRun itself and never from this). Pure: shapes what was
// measured, measures nothing.
//
// command "fio"; options: the global options as given, then each job's own as
// "<job>.<option>"; one phase per JobStats (a whole group with group_reporting, else one per
// job thread: "<job>" or "<job>#<n>" when numjobs > 1) with metrics iops ("IO/s"), mb_per_s
// ("MB/s", decimal), and per direction that ran read_/write_/trim_ iops, mb_per_s and bytes,
// lat_mean_us and lat_p99_us ("us", issue to completion, directions merged), the latency
// summary and histogram of the same, and the reads and writes over time. storage, warnings,
// interrupted as the run has them; errors of jobs become warnings; --monitor's activity goes to
// the phase when there is one.
#include "fio/run_stats.h"
#include "results/result.h"

namespace hostmark {

Result fio_result(const fio::FioRun& run);

}  // namespace hostmark
