#pragma once
// The figure keys of results/figures.h, built in one place so that results (figures.cc) and the
// reference machines (references.cc) meet on the same spelling. Each builder takes exactly the
// settings that change what the number means (docs/COMPARE.md lists them) and returns a Figure
// with its key, table label, unit and direction. Pure.
#include <cstdint>
#include <string>
#include <string_view>

#include "results/figures.h"

namespace hostmark::figure_keys {

// Sizes in keys and labels: the largest binary unit that divides `bytes` exactly: "4KiB",
// "1MiB", "5GiB", "1536B".
std::string size_text(std::uint64_t bytes);

// sysbench's prime work (`sysbench cpu`, `hostmark cpu`, the suite's cpu step).
Figure cpu_prime(std::uint64_t max_prime, int threads, double events_per_s);

// `sysbench memory run` as sysbench counts it (the drop-in `hostmark sysbench memory`).
struct SysbenchMemorySettings {
  std::uint64_t block_bytes = 1024;
  std::string oper = "write";  // write, read, none
  std::string mode = "seq";    // seq, rnd
  std::string scope = "global";
  int threads = 1;
};
Figure sysbench_memory(const SysbenchMemorySettings& s, double mib_per_s);

// `hostmark memory` (and the suite's memory step): STREAM kernels ("copy", "triad"...) in
// decimal GB/s, load latency per cache level ("l1", "l2", "l3", "dram") in ns, and the
// sysbench-style write figure timed with hostmark's own lean accounting.
Figure stream_bandwidth(std::string_view kernel, int threads, double gb_per_s);
Figure load_latency(std::string_view level, double ns);
Figure sysbench_style_memory(std::uint64_t block_bytes, double mib_per_s);

// `sysbench fileio run`: `direction` is "read" or "written" (MiB/s, binary, as sysbench prints).
struct FileioSettings {
  std::string mode;  // seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw
  std::uint64_t block_bytes = 16384;
  std::string io_mode = "sync";  // sync, async, mmap
  std::uint64_t fsync_freq = 100;
  std::uint64_t total_bytes = std::uint64_t{2} << 30;
  int threads = 1;
  std::string extra_flags;  // "" or e.g. "direct"
  std::string rw_ratio;     // rndrw only ("1.5")
};
Figure sysbench_fileio(const FileioSettings& s, std::string_view direction, double mib_per_s);

// One fio job (a `hostmark disk` test is exactly one): rw as fio spells it (read, write,
// randread, randwrite, rw, randrw), bs, ioengine, iodepth, numjobs, direct; rwmixread only for
// the mixed rw/randrw. Metrics: "mb_per_s", "read_mb_per_s", "write_mb_per_s" (decimal MB/s,
// reads + writes for mb_per_s), "iops" (reads + writes), "lat_mean_us", "lat_p99_us".
struct FioJobSettings {
  std::string rw;
  std::uint32_t rwmixread = 0;
  std::uint64_t block_bytes = 0;
  std::string ioengine = "libaio";
  std::uint32_t iodepth = 1;
  std::uint32_t numjobs = 1;
  bool direct = true;
};
// nullopt-like: an empty key when `metric` is not one of the above.
Figure fio_job(const FioJobSettings& s, std::string_view metric, double value);

// hdparm -T (cached reads) and -t (disk reads; --direct), MiB/s as hdparm's "MB".
Figure hdparm_cached_reads(double mib_per_s);
Figure hdparm_disk_reads(bool direct, double mib_per_s);

// dd-style sequential transfers (`hostmark disk --seq-write/--seq-read`), decimal MB/s as dd.
struct DdWriteSettings {
  std::uint64_t block_bytes = 0;
  std::uint64_t count = 0;
  std::string conv = "none";  // none, fdatasync, fsync
  std::string oflag;          // "" or "direct", "dsync"...
  std::string data = "random";
};
Figure dd_write(const DdWriteSettings& s, double mb_per_s);
struct DdReadSettings {
  std::uint64_t block_bytes = 0;
  std::string count = "all";
  std::string iflag;
};
Figure dd_read(const DdReadSettings& s, double mb_per_s);

// sysbench's OLTP transactions (`sysbench oltp_*`, `hostmark db`): test "read_write",
// "read_only" or "point_select"; metric "tps" or "qps".
// What makes a `hostmark fs` (or suite fs step) figure mean what it means: its options as the
// result recorded them. Defaults: `hostmark fs`'s.
struct FsSettings {
  std::uint64_t size_bytes = 0;      // data tests' file
  std::uint64_t chunk_bytes = 8192;  // block tests' chunk
  std::uint64_t char_bytes = 0;      // per-char tests' size
  bool char_stdio = true;            // per-char through stdio (putc/getc), else read/write
  int seekers = 5;
  std::uint64_t files_k = 16;  // metadata tests: files_k x 1024 files
  std::uint64_t file_min_bytes = 0;
  std::uint64_t file_max_bytes = 0;
  std::uint64_t dirs = 0;
  int threads = 1;
  bool drop_cache = false;  // page cache dropped between data phases
  std::uint64_t file_count() const { return files_k * 1024; }
};

struct OltpSettings {
  std::string test;
  std::string driver;  // sqlite, mysql, pgsql
  std::uint64_t tables = 1;
  std::uint64_t table_size = 10000;
  int threads = 1;
};
Figure oltp(const OltpSettings& s, std::string_view metric, double value);

// bonnie++-style filesystem tests (`hostmark fs`, the suite's fs step): `scope_key` and
// `scope_label` name the options of the test's family (built by figures_phases.cc), `test` is
// the phase ("put_block", "seq_create"...), `metric` "mb_per_s", "seeks_per_s", "files_per_s".
Figure fs_test(const std::string& scope_key, const std::string& scope_label, std::string_view test,
               std::string_view metric, std::string_view unit, double value);

}  // namespace hostmark::figure_keys
