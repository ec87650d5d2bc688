#pragma once
// sysbench 1.0.20's fileio test: --file-num files test_file.0..N-1 in a directory, each
// total/num bytes, read and written in blocks of --file-block-size.
//
// One event is one read or write request, or one fsync of one file (as sysbench counts them):
//   - sequential modes (seqwr, seqrewr, seqrd) walk all files block by block, one position
//     shared by every thread, and wrap to the first block after the last (so a run ends only
//     by --time or --events);
//     With --file-merged-requests=M (M > 0) each sequential request covers up to M blocks
//     (fewer at a file's end), as sysbench merges them: one event, one bigger I/O;
//   - random modes pick a file and a block in it uniformly; rndrw reads while reads <
//     ratio x writes, else writes (per thread), so the mix is exactly --file-rw-ratio;
//   - --file-fsync-freq=N (modes that write): after every N read/write requests of all
//     threads together, the thread that made the Nth one fsyncs every file, one event each;
//   - --file-fsync-all: each write is followed by an fsync of its file inside the same event
//     (periodic and end fsyncs are then off, as in sysbench);
//   - --file-fsync-end (modes that write): each thread fsyncs every file after its last event;
//     these fsyncs are counted in fsyncs/s but are not events.
// I/O goes through the engines: sync = psync, async = libaio with --file-async-backlog I/Os in
// flight per thread, mmap = mmap (its fsync is msync(MS_SYNC)). In async mode an event ends
// when its request is submitted (as in sysbench); the time to completion of every request is
// recorded separately (FileioTotals::completion).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "platform/syscalls.h"
#include "runner/workload.h"
#include "stats/histogram.h"

namespace hostmark {

enum class FileioMode { kSeqwr, kSeqrewr, kSeqrd, kRndrd, kRndwr, kRndrw };
enum class FileioIo { kSync, kAsync, kMmap };

struct FileioSpec {
  std::string dir = ".";
  std::uint64_t file_num = 128;
  std::uint64_t total_bytes = 2ull << 30;
  std::uint64_t block_bytes = 16384;
  FileioMode mode = FileioMode::kRndrw;
  FileioIo io = FileioIo::kSync;
  unsigned async_backlog = 128;
  int open_flags = 0;  // O_SYNC | O_DSYNC | O_DIRECT as --file-extra-flags says
  std::uint64_t fsync_freq = 100;
  bool fsync_all = false;
  bool fsync_end = true;
  bool fdatasync = false;  // --file-fsync-mode=fdatasync
  double rw_ratio = 1.5;
  std::uint64_t merged_requests = 0;  // sequential modes: blocks per request (0, 1: one)
  bool validate = false;
  std::uint64_t seed = 1;

  std::uint64_t file_bytes() const { return file_num ? total_bytes / file_num : 0; }
  bool writes() const {
    return mode == FileioMode::kSeqwr || mode == FileioMode::kSeqrewr ||
           mode == FileioMode::kRndwr || mode == FileioMode::kRndrw;
  }
  bool reads() const {
    return mode == FileioMode::kSeqrd || mode == FileioMode::kRndrd || mode == FileioMode::kRndrw;
  }
  bool random() const {
    return mode == FileioMode::kRndrd || mode == FileioMode::kRndwr || mode == FileioMode::kRndrw;
  }
  // Blocks one request covers at most: --file-merged-requests for sequential modes, else 1.
  std::uint64_t blocks_per_request() const {
    return random() || merged_requests == 0 ? 1 : merged_requests;
  }
};

// "test_file.3"
std::string fileio_file_name(std::uint64_t index);

// What one run did, all threads together (read after run_workload returned).
struct FileioTotals {
  std::uint64_t reads = 0;
  std::uint64_t writes = 0;
  std::uint64_t fsyncs = 0;
  std::uint64_t read_bytes = 0;
  std::uint64_t written_bytes = 0;
  std::uint64_t errors = 0;  // requests and fsyncs that failed (the first one ends the run)
  Histogram completion;      // async only: each request's submission to its completion
};

// What the counters counted over one part of a run (FileioWorkload::restart_counters).
struct FileioPart final : OwnCounts {
  FileioTotals totals;  // completion: at bucket precision, no sum of squares
};

// Running counts, safe to read while the workers run (for intermediate reports).
struct FileioCounters {
  std::uint64_t reads = 0;
  std::uint64_t writes = 0;
  std::uint64_t fsyncs = 0;
  std::uint64_t read_bytes = 0;
  std::uint64_t written_bytes = 0;
  std::uint64_t errors = 0;

  FileioCounters& operator+=(const FileioCounters& o) {
    reads += o.reads;
    writes += o.writes;
    fsyncs += o.fsyncs;
    read_bytes += o.read_bytes;
    written_bytes += o.written_bytes;
    errors += o.errors;
    return *this;
  }
  // Field by field; `earlier` was read before *this from the same counters.
  FileioCounters operator-(const FileioCounters& earlier) const {
    return {reads - earlier.reads,
            writes - earlier.writes,
            fsyncs - earlier.fsyncs,
            read_bytes - earlier.read_bytes,
            written_bytes - earlier.written_bytes,
            errors - earlier.errors};
  }
};

class FileioWorkload final : public Workload {
 public:
  // Opens the files (shared by all threads). Throws Failure (run error) when one is missing:
  // "Cannot open file 'test_file.0': No such file or directory (did you run prepare?)".
  // Every read, write and sync goes through `syscalls` (not owned; outlives the workload).
  // EINTR, EAGAIN and short transfers are retried and continued by the engines; any other
  // failure ends the run as sysbench's FATAL does: "test_file.3: write at offset 16384: No
  // space left on device", counted in errors, never in reads/writes.
  FileioWorkload(const FileioSpec& spec, int threads,
                 platform::Syscalls& syscalls = platform::real_syscalls());
  ~FileioWorkload() override;
  FileioWorkload(const FileioWorkload&) = delete;
  FileioWorkload& operator=(const FileioWorkload&) = delete;

  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override;

  // After the run: the totals of the whole run (warm-up and checkpoints included); a run error
  // from a worker's end (end fsync, async drain) is end_error().
  FileioTotals totals() const;
  // Any time, from any thread: the counts so far, each thread's as they were between two of
  // its requests (exact once the run is over).
  FileioCounters counters() const;
  // A FileioPart: the counts since the previous call (see Workload). On one thread at a time.
  std::shared_ptr<const OwnCounts> restart_counters() override;
  // The same as reads/writes for the runner's time series (fsyncs are not in it).
  std::optional<TimeTotals> io_totals() const override;
  const std::string& end_error() const;

  struct Shared;

 private:
  std::unique_ptr<Shared> shared_;
};

}  // namespace hostmark
