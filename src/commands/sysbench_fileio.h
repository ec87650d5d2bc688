#pragma once
// The `fileio` entry of `hostmark sysbench`'s test table: sysbench 1.0.20's fileio options,
// the spec they make (workloads/sysbench_fileio.h), its header lines, report metrics and the
// prepare/cleanup commands.
#include <ostream>
#include <span>

#include "cli/sysbench_args.h"
#include "results/result.h"
#include "runner/run_spec.h"
#include "runner/workload.h"
#include "storage/storage_context.h"
#include "workloads/sysbench_fileio.h"

namespace hostmark {

std::span<const SbOptionDef> fileio_options();

// The spec the options say (usage errors name the option). `need_mode`: run requires
// --file-test-mode; prepare and cleanup do not.
FileioSpec fileio_spec(const SbArgs& a, std::span<const SbOptionGroup> g, bool need_mode);

std::unique_ptr<Workload> make_fileio(const SbArgs& a, std::span<const SbOptionGroup> g,
                                      std::uint64_t seed);
std::vector<std::string> fileio_lines(const SbArgs& a, std::span<const SbOptionGroup> g);
void fileio_metrics(const SbArgs& a, std::span<const SbOptionGroup> g, const Workload& workload,
                    const RunOutcome& outcome, std::vector<Metric>& metrics);
int fileio_prepare(const SbArgs& a, std::span<const SbOptionGroup> g, std::ostream& out);
int fileio_cleanup(const SbArgs& a, std::span<const SbOptionGroup> g, std::ostream& out);
// "[ 1s ] reads: 32.77 MiB/s writes: 21.85 MiB/s fsyncs: 276.65/s latency (ms,95%): 3.551"
std::string fileio_interval_line(const Workload& workload, const IntervalSample& sample,
                                 double percentile, std::vector<double>& state);
storage::MeasureFacts fileio_storage_facts(const SbArgs& a, std::span<const SbOptionGroup> g,
                                           const Phase& phase);

}  // namespace hostmark
