#include "fsbench/fs_run.h"

#include <fmt/format.h>

#include "core/error.h"
#include "fsbench/data_tests.h"
#include "fsbench/file_tests.h"
#include "fsbench/work_dir.h"
#include "runner/signal_guard.h"
#include "storage/storage_context.h"

namespace hostmark::fsbench {
namespace {

std::string size_label(std::uint64_t bytes) {
  const std::uint64_t mib = bytes >> 20;
  return mib > 0 && mib % 1024 == 0 ? fmt::format("{}G", mib / 1024) : fmt::format("{}M", mib);
}

void fill_options(const FsOptions& o, Result& r) {
  const std::string version =
      r.context.hostmark_version.empty() ? "hostmark" : r.context.hostmark_version;
  r.options = {{"dir", o.dir},
               {"version", version.substr(0, 12)},
               {"name", o.name},
               {"seed", std::to_string(o.seed)},
               {"size", std::to_string(o.size_bytes)},
               {"size-label", size_label(o.size_bytes)},
               {"chunk", std::to_string(o.chunk_bytes)},
               {"char-size", std::to_string(o.char_bytes)},
               {"char-io", o.char_io == CharIo::kStdio ? "stdio" : "syscall"},
               {"seeks", std::to_string(o.seeks)},
               {"seekers", std::to_string(o.seekers)},
               {"files", std::to_string(o.files_k)},
               {"file-max", std::to_string(o.file_max_bytes)},
               {"file-min", std::to_string(o.file_min_bytes)},
               {"dirs", std::to_string(o.dirs)},
               {"threads", std::to_string(o.threads)},
               {"drop-cache", o.drop_cache ? "yes" : "no"}};
}

}  // namespace

FsOptions suite_fs_options(const std::string& dir, std::uint64_t data_bytes,
                           std::uint64_t char_bytes, std::uint64_t files_k,
                           std::uint64_t ram_bytes) {
  FsOptions o;
  o.dir = dir;
  o.name = "suite";
  o.size_bytes = data_bytes;
  o.char_bytes = char_bytes;
  o.files_k = files_k;
  o.drop_cache = o.size_bytes < 2 * ram_bytes;
  o.seed = 1;
  o.monitor = true;  // the suite's storage figures say what the disk did
  return o;
}

void measure_fs(const FsOptions& options, std::ostream& progress, Result& r) {
  fill_options(options, r);
  StorageTarget target = storage::describe_storage(options.dir).value();
  FsOptions o = options;
  o.monitor_disk = target.disk;
  DataRun data;
  {
    SignalGuard guard;
    const WorkDir work(o.dir);
    try {
      run_data_tests(o, work, progress, data);
      r.phases = data.phases;
      run_file_tests(o, work, progress, r.phases);
    } catch (const Interrupted&) {
      progress << "interrupted\n";
      // A distributed run cannot keep a part: the other ranks wait at the next phase.
      if (o.gate != nullptr)
        throw Failure(run_error("fs", "interrupted; a distributed run reports nothing partial"));
      if (r.phases.size() < data.phases.size()) r.phases = data.phases;
      r.interrupted = true;
    }
  }
  storage::MeasureFacts facts;
  facts.data_bytes = o.size_bytes;
  facts.reads = o.size_bytes > 0;
  facts.writes = true;
  facts.cache_dropped = data.cache_dropped;
  facts.read_mb_per_s = data.block_read_mb_s;
  const bool in_vm = !r.context.virtualization.empty() && r.context.virtualization != "none";
  target.warnings = storage::storage_warnings(target, facts, r.context.memory_bytes, in_vm);
  r.storage.push_back(std::move(target));
  if (o.size_bytes > 0 && o.drop_cache)
    r.notes.push_back(
        "the data set is smaller than 2 x RAM: the page cache was dropped before each read test");
  if (o.size_bytes > 0 && o.char_bytes > 0)
    r.notes.push_back(o.char_io == CharIo::kStdio
                          ? "per-char tests use stdio putc/getc (one call per byte, buffered); "
                            "bonnie++ 2.00a does one write()/read() system call per byte: "
                            "use --char-io=syscall to compare; their latency is timed per 64 calls "
                            "(a clock read costs more than a putc)"
                          : "per-char tests do one write()/read() system call per byte, like "
                            "bonnie++ 2.00a");
  r.notes.push_back(
      "KiB/s figures are binary (1 K = 1024 bytes) like bonnie++'s K/sec; "
      "\"+++++\" marks a test that ran under 0.5 s, too short to time");
}

}  // namespace hostmark::fsbench
