#pragma once
// What `hostmark fs DIR` measures, parsed once from the command line (commands/fs.cc).
// Sizes in bytes; counts of files are real counts (files_k x 1024).
#include <cstddef>
#include <cstdint>
#include <string>

#include "fsbench/phase_gate.h"
#include "platform/syscalls.h"
#include "stats/histogram_buckets.h"

namespace hostmark::fsbench {

enum class CharIo { kStdio, kSyscall };  // per-char tests: putc/getc, or one write()/read() each

struct FsOptions {
  std::string dir;                   // the directory under test (never removed)
  std::string name;                  // machine name in the bonnie++ table and CSV
  std::uint64_t size_bytes = 0;      // data tests file size; 0 skips the data tests
  std::uint64_t chunk_bytes = 8192;  // block size of block, rewrite and seek tests
  std::uint64_t char_bytes = 0;      // bytes of the per-char tests (<= size_bytes)
  CharIo char_io = CharIo::kStdio;
  std::uint64_t seeks = 8192;  // random seeks in all (0: no seek test; the distributed run)
  int seekers = 5;             // seeker threads (bonnie++ 2.00a starts 5 processes)
  std::uint64_t files_k = 16;  // metadata tests: files_k x 1024 files; 0 skips them
  std::uint64_t file_max_bytes = 0;
  std::uint64_t file_min_bytes = 0;
  std::uint64_t dirs = 0;    // sub-directories the files are spread over (0: all in one)
  bool random_round = true;  // the ran_* round after the seq_* one (`hostmark cluster`: no)
  int threads = 1;           // metadata threads (mdtest-style)
  bool drop_cache = false;   // drop the page cache between phases (size < 2 x RAM)
  std::uint64_t seed = 0;
  bool monitor = false;      // --monitor: each phase carries what the disk and CPUs did
  std::string monitor_disk;  // the whole disk watched (measure_fs fills it; "" = CPU only)
  // Distributed runs (commands/fs_distributed.h): every rank passes the gate before and after
  // each phase, and keeps every latency bucket so rank 0's bucket sums are exact. Not owned.
  PhaseGate* gate = nullptr;
  std::size_t latency_buckets = kMaxLatencyBuckets;
  // Every read, write and fsync of the data and file tests goes through this seam (tests
  // inject faults). Not owned; outlives the run.
  platform::Syscalls* syscalls = &platform::real_syscalls();

  std::uint64_t file_count() const { return files_k * 1024; }
};

}  // namespace hostmark::fsbench
