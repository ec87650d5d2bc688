#pragma once
// `hostmark fio`'s output formats, laid out like fio 3.33's so existing parsers keep working:
// normal (human text), json, json+ (json with latency bins) and terse (semicolon lines,
// version 3). Formatters only format what the FioRun holds (fio/run_stats.h); they never
// compute a statistic beyond fio's presentation (unit scaling, percent tables), never read
// the clock and never write diagnostics: warnings and notes go to standard error through the
// command, and into the "hostmark" JSON object, never into the JSON or terse stream itself.
//
// Where hostmark differs from fio on purpose (documented in docs/FIO_OUTPUT.md):
//  * "fio version" (JSON) and the version field of terse lines say "hostmark-<version>" (from
//    Context::hostmark_version): the numbers are not fio's, and parsers ignore the field.
//  * pid= in the normal header is the job's thread id (JobStats::tid), or 0.
//  * json+ "bins" are hostmark's histogram buckets ({"<bucket midpoint ns>": count}, non-empty
//    ones), not fio's 1856-bucket grid: same meaning, finer resolution (1/128 per octave).
//  * JSON "eta" is 0 (the run is over; fio writes INT_MAX there).
//  * bw and iops are computed from the direction's runtime in ns, not whole ms.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "fio/run_stats.h"

namespace hostmark {

// fio's normal text: an empty line, then one block per JobStats (jobs with no I/O are skipped, as
// fio does), then "Run status group N (all jobs):" per group and "Disk stats (read/write):" when
// disks were measured. The job header's date is FioRun::timestamp_unix_s in local time.
void write_fio_normal(const fio::FioRun& run, std::ostream& out);

// fio's JSON document (`plus`: json+, with "bins" under every latency object that carries
// percentiles). Top level: "fio version", "timestamp", "timestamp_ms", "time", "global
// options" (when any), "jobs", "disk_util" (when any disks), then "hostmark": the context,
// notes, warnings and whether the run was interrupted.
nlohmann::ordered_json fio_json(const fio::FioRun& run, bool plus);

// fio's terse lines (--output-format=terse / --minimal), version 3: one line per JobStats.
// Only version 3 is produced; FioRun::run.terse_version is not consulted.
void write_fio_terse(const fio::FioRun& run, std::ostream& out);

// The lines fio prints before the jobs start, which the command writes only when the normal
// format is among those asked for: per job definition (numjobs not expanded)
//   "x: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync,
//   iodepth=1"
// and "..." once for its further clones, then "hostmark-<version>" (where fio prints its
// version) and "Starting N threads" (hostmark runs every job as a thread; fio says processes
// unless thread=1). `groupids[i]` is the group of `jobs[i]`.
void write_fio_banner(const std::vector<fio::JobOptions>& jobs, const std::vector<int>& groupids,
                      const std::string& hostmark_version, std::ostream& out);

// Which formats a --output-format value asks for. fio's comma list ("json,normal"); json+
// implies json's document with bins. Usage error naming --output-format for anything else
// (or an empty list).
struct FioFormats {
  bool normal = false;
  bool json = false;
  bool json_plus = false;
  bool terse = false;
};
Expected<FioFormats> parse_fio_formats(std::string_view format_list);

// Writes every format of the list in fio's order, whatever the order written: terse lines,
// then the JSON document, then the normal text (fio fills one buffer per format and prints
// them in that order). Usage error for an unknown format; nothing is written then.
Status write_fio_output(const fio::FioRun& run, std::string_view format_list, std::ostream& out);

}  // namespace hostmark
